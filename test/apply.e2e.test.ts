// Server-side apply and managedFields end to end (ssa.md §3–§6, §9): kubectl 1.33 `apply --server-side`
// (conflicts, --force-conflicts, --field-manager), raw apply PATCH requests with kube's exact Status bodies,
// Update entries of create/replace/patch, the managedFields reset, and two controllers handing a field over
// with @kubernetes/client-node.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { findKubectl } from '../src/testing/kubectl.js';

const skip = !findKubectl() && 'kubectl 1.33 not found (set KUBECTL)';
let s: TestServer;
before(async () => {
  s = await startTestServer();
  await s.request('POST', '/api/v1/namespaces', { body: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ssa' } }), headers: { 'content-type': 'application/json' } });
});
after(async () => {
  await s.close();
});

async function ok(args: string[], input?: string) {
  const r = await s.kubectl(args, { input });
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

const entries = (obj: any) => (obj.metadata.managedFields ?? []).map((e: any) => ({ manager: e.manager, operation: e.operation, fieldsV1: e.fieldsV1, ...(e.subresource ? { subresource: e.subresource } : {}) })); // eslint-disable-line @typescript-eslint/no-explicit-any

const apply = (path: string, body: unknown, query: string, headers: Record<string, string> = {}) =>
  s.request('PATCH', `${path}?${query}`, { body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/apply-patch+yaml', ...headers } });

const cmPath = (name: string) => `/api/v1/namespaces/ssa/configmaps/${name}`;
const cm = (name: string, data: Record<string, string>, labels?: Record<string, string>) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, ...(labels ? { labels } : {}) },
  data,
});

test('kubectl create, then apply --server-side: conflict, --force-conflicts, --field-manager (ssa.md §9 E3)', { skip }, async () => {
  const manifest = (data: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: e3\n  namespace: ssa\n  labels:\n    app: demo\ndata:\n${data}`;
  await ok(['create', '-f', '-'], manifest('  key: v1\n'));
  let obj = JSON.parse(await ok(['get', '-n', 'ssa', 'configmap', 'e3', '-o', 'json', '--show-managed-fields']));
  assert.deepEqual(entries(obj), [{ manager: 'kubectl-create', operation: 'Update', fieldsV1: { 'f:data': { '.': {}, 'f:key': {} }, 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } } } }]);
  assert.match(obj.metadata.managedFields[0].time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

  const conflictRun = await s.kubectl(['apply', '--server-side', '-f', '-'], { input: manifest('  key: v2\n  other: x\n') });
  assert.notEqual(conflictRun.code, 0);
  assert.match(conflictRun.stderr, /Apply failed with 1 conflict: conflict with "kubectl-create" using v1: \.data\.key/);

  const forced = await ok(['apply', '--server-side', '--force-conflicts', '-f', '-'], manifest('  key: v2\n  other: x\n'));
  assert.match(forced, /configmap\/e3 serverside-applied/);
  obj = JSON.parse(await ok(['get', '-n', 'ssa', 'configmap', 'e3', '-o', 'json', '--show-managed-fields']));
  assert.deepEqual(obj.data, { key: 'v2', other: 'x' });
  assert.deepEqual(entries(obj), [
    { manager: 'kubectl', operation: 'Apply', fieldsV1: { 'f:data': { 'f:key': {}, 'f:other': {} }, 'f:metadata': { 'f:labels': { 'f:app': {} } } } },
    { manager: 'kubectl-create', operation: 'Update', fieldsV1: { 'f:data': {}, 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } } } },
  ]);

  // Another manager shares .data.other by applying the same value, and owns a new key.
  await ok(['apply', '--server-side', '--field-manager=team-b', '-f', '-'], `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: e3\n  namespace: ssa\ndata:\n  other: x\n  mine: b\n`);
  obj = JSON.parse(await ok(['get', '-n', 'ssa', 'configmap', 'e3', '-o', 'json', '--show-managed-fields']));
  assert.deepEqual(obj.data, { key: 'v2', other: 'x', mine: 'b' });
  assert.deepEqual(
    entries(obj).find((e: { manager: string }) => e.manager === 'team-b'),
    { manager: 'team-b', operation: 'Apply', fieldsV1: { 'f:data': { 'f:mine': {}, 'f:other': {} } } },
  );

  // kubectl drops `other` from its manifest: team-b still owns it, so it stays.
  await ok(['apply', '--server-side', '-f', '-'], manifest('  key: v2\n'));
  obj = JSON.parse(await ok(['get', '-n', 'ssa', 'configmap', 'e3', '-o', 'json']));
  assert.deepEqual(obj.data, { key: 'v2', other: 'x', mine: 'b' });
  assert.equal(obj.metadata.managedFields, undefined, 'kubectl get hides managedFields by default');
});

test('kubectl label/patch record Update entries; a repeated identical apply changes nothing', { skip }, async () => {
  const manifest = `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: ssa\nspec:\n  replicas: 2\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: app\n        image: app:1\n        ports:\n        - containerPort: 80\n`;
  await ok(['apply', '--server-side', '-f', '-'], manifest);
  const first = JSON.parse(await ok(['get', '-n', 'ssa', 'deployment', 'web', '-o', 'json', '--show-managed-fields']));
  const kubectlEntry = first.metadata.managedFields.find((e: { manager: string }) => e.manager === 'kubectl');
  assert.deepEqual(kubectlEntry.fieldsV1['f:spec']['f:template']['f:spec']['f:containers']['k:{"name":"app"}']['f:ports'], {
    'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} },
  });
  assert.deepEqual(kubectlEntry.fieldsV1['f:spec']['f:selector'], {});

  await ok(['apply', '--server-side', '-f', '-'], manifest);
  const again = JSON.parse(await ok(['get', '-n', 'ssa', 'deployment', 'web', '-o', 'json', '--show-managed-fields']));
  assert.equal(again.metadata.resourceVersion, first.metadata.resourceVersion, 'a no-op apply writes nothing');
  assert.deepEqual(again.metadata.managedFields, first.metadata.managedFields);

  await ok(['label', '-n', 'ssa', 'deployment', 'web', 'tier=front']);
  await ok(['patch', '-n', 'ssa', 'deployment', 'web', '--type=merge', '-p', '{"spec":{"replicas":3}}']);
  const after = JSON.parse(await ok(['get', '-n', 'ssa', 'deployment', 'web', '-o', 'json', '--show-managed-fields']));
  const byManager = Object.fromEntries(after.metadata.managedFields.map((e: { manager: string }) => [e.manager, e]));
  assert.deepEqual(byManager['kubectl-label'].fieldsV1, { 'f:metadata': { 'f:labels': { '.': {}, 'f:tier': {} } } });
  assert.deepEqual(byManager['kubectl-patch'].fieldsV1, { 'f:spec': { 'f:replicas': {} } });
  assert.equal(byManager['kubectl-patch'].operation, 'Update');
  assert.equal(byManager['kubectl-patch'].apiVersion, 'apps/v1');
  assert.equal(byManager.kubectl.fieldsV1['f:spec']['f:replicas'], undefined, 'the patch took .spec.replicas from kubectl');

  const r = await s.kubectl(['apply', '--server-side', '-f', '-'], { input: manifest });
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /Apply failed with 1 conflict: conflict with "kubectl-patch" using apps\/v1: \.spec\.replicas/);
});

test('raw apply requests: create 201, update 200, kube\'s errors (ssa.md §3.9, §4.3, §6)', async () => {
  let r = await apply(cmPath('raw'), cm('raw', { a: '1' }), '');
  assert.equal(r.status, 422);
  assert.deepEqual(r.json(), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
    reason: 'Invalid',
    details: { group: 'meta.k8s.io', kind: 'PatchOptions', causes: [{ reason: 'FieldValueRequired', message: 'Required value: is required for apply patch', field: 'fieldManager' }] },
    code: 422,
  });

  r = await apply(cmPath('raw'), cm('raw', { a: '1' }), 'fieldManager=alice&dryRun=All');
  assert.equal(r.status, 201);
  assert.deepEqual(entries(r.json()), [{ manager: 'alice', operation: 'Apply', fieldsV1: { 'f:data': { 'f:a': {} } } }]);
  assert.equal((await s.request('GET', cmPath('raw'))).status, 404, 'dry run persists nothing');

  r = await apply(cmPath('raw'), cm('raw', { a: '1' }), 'fieldManager=alice');
  assert.equal(r.status, 201);
  const created = r.json();
  assert.equal(created.metadata.namespace, 'ssa');
  assert.match(created.metadata.uid, /^[0-9a-f-]{36}$/);

  r = await apply(cmPath('raw'), `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: raw\ndata:\n  b: "2"\n`, 'fieldManager=bob');
  assert.equal(r.status, 200);
  assert.deepEqual(r.json().data, { a: '1', b: '2' });

  r = await apply(cmPath('raw'), cm('raw', { a: '9', b: '7' }), 'fieldManager=carol');
  assert.equal(r.status, 409);
  assert.deepEqual(r.json(), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'Apply failed with 2 conflicts: conflicts with "alice":\n- .data.a\nconflicts with "bob":\n- .data.b',
    reason: 'Conflict',
    details: {
      causes: [
        { reason: 'FieldManagerConflict', message: 'conflict with "alice"', field: '.data.a' },
        { reason: 'FieldManagerConflict', message: 'conflict with "bob"', field: '.data.b' },
      ],
    },
    code: 409,
  });
  r = await apply(cmPath('raw'), cm('raw', { a: '9', b: '7' }), 'fieldManager=carol&force=true');
  assert.equal(r.status, 200);
  assert.deepEqual(entries(r.json()), [{ manager: 'carol', operation: 'Apply', fieldsV1: { 'f:data': { 'f:a': {}, 'f:b': {} } } }]);

  r = await apply(cmPath('raw'), { ...cm('raw', {}), metadata: { name: 'raw', managedFields: [] } }, 'fieldManager=x');
  assert.equal(r.status, 400);
  assert.equal(r.json().message, 'metadata.managedFields must be nil');
  r = await apply(cmPath('raw'), { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'raw' } }, 'fieldManager=x');
  assert.equal(r.status, 400);
  assert.equal(r.json().message, 'invalid object type: /v1, Kind=Secret');
  r = await apply(cmPath('raw'), { ...cm('raw', {}), spec: { x: 1 } }, 'fieldManager=x');
  assert.equal(r.status, 500);
  assert.deepEqual(r.json(), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'failed to create typed patch object (/raw; /v1, Kind=ConfigMap): .spec: field not declared in schema',
    code: 500,
  });
  r = await apply(cmPath('other'), cm('raw', {}), 'fieldManager=x');
  assert.equal(r.status, 400);
  assert.equal(r.json().message, 'the name of the object (raw) does not match the name on the URL (other)');
  r = await apply(cmPath('new'), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { uid: 'abc' } }, 'fieldManager=x');
  assert.equal(r.status, 400);
  assert.equal(r.json().message, 'the name of the object (new based on URL) was undeterminable: name must be provided');
  r = await apply(cmPath('new'), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'new', uid: 'abc' } }, 'fieldManager=x');
  assert.equal(r.status, 409);
  assert.equal(r.json().message, 'Operation cannot be fulfilled on configmaps "new": uid mismatch: the provided object specified uid abc, and no existing object was found');
  r = await apply(cmPath('raw'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: raw\ndata:\n  a: "1"\n  a: "2"\n', 'fieldManager=carol&fieldValidation=Strict&force=true');
  assert.equal(r.status, 400);
  assert.match(r.json().message, /^error strict decoding YAML: /);
});

test('managedFields reset by a non-apply write: [{}] clears, [] does not (the seed), then before-first-apply', async () => {
  await apply(cmPath('reset'), cm('reset', { a: '1' }, { app: 'demo' }), 'fieldManager=alice');
  const mp = (body: unknown) => s.request('PATCH', cmPath('reset'), { body: JSON.stringify(body), headers: { 'content-type': 'application/merge-patch+json' } });
  let r = await mp({ metadata: { managedFields: [] } });
  assert.equal(r.status, 200);
  assert.deepEqual(entries(r.json()).map((e: { manager: string }) => e.manager), ['alice']);
  r = await mp({ metadata: { managedFields: [{}] } });
  assert.equal(r.status, 200);
  assert.equal(r.json().metadata.managedFields, undefined);
  r = await mp({ metadata: { labels: { x: 'y' } } });
  assert.equal(r.json().metadata.managedFields, undefined, 'updates of untracked objects stay untracked');
  r = await apply(cmPath('reset'), cm('reset', { a: '2' }), 'fieldManager=alice');
  assert.equal(r.status, 409);
  assert.equal(r.json().message, 'Apply failed with 1 conflict: conflict with "before-first-apply" using v1: .data.a');
  r = await apply(cmPath('reset'), cm('reset', { a: '1' }), 'fieldManager=alice');
  assert.equal(r.status, 200);
  assert.deepEqual(entries(r.json()), [
    { manager: 'alice', operation: 'Apply', fieldsV1: { 'f:data': { 'f:a': {} } } },
    { manager: 'before-first-apply', operation: 'Update', fieldsV1: { 'f:data': { '.': {}, 'f:a': {} }, 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {}, 'f:x': {} } } } },
  ]);
});

test('PUT infers the manager from the User-Agent; apply to /status owns status only', async () => {
  const body = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'st', namespace: 'ssa' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } };
  let r = await s.request('POST', '/apis/apps/v1/namespaces/ssa/deployments', { body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'user-agent': 'my-operator/v0.1 (linux/amd64)' } });
  assert.equal(r.status, 201);
  assert.equal(r.json().metadata.managedFields[0].manager, 'my-operator');
  r = await apply('/apis/apps/v1/namespaces/ssa/deployments/st/status', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'st' }, status: { observedGeneration: 1 }, spec: { replicas: 7 } }, 'fieldManager=ctl');
  assert.equal(r.status, 200);
  const obj = r.json();
  assert.notEqual(obj.spec.replicas, 7, '/status does not change spec');
  const st = obj.metadata.managedFields.find((e: { manager: string }) => e.manager === 'ctl');
  assert.deepEqual({ operation: st.operation, subresource: st.subresource, fieldsV1: st.fieldsV1 }, { operation: 'Apply', subresource: 'status', fieldsV1: { 'f:status': { 'f:observedGeneration': {} } } });
  r = await apply('/apis/apps/v1/namespaces/ssa/deployments/missing/status', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'missing' }, status: {} }, 'fieldManager=ctl');
  assert.equal(r.status, 404);
});

test('two controllers with @kubernetes/client-node: conflict, force, hand-over of .spec.replicas', async () => {
  const k8s = await import('@kubernetes/client-node');
  const kc = new k8s.KubeConfig();
  kc.loadFromString(s.kubeconfig);
  const objects = k8s.KubernetesObjectApi.makeApiClient(kc);
  const apps = kc.makeApiClient(k8s.AppsV1Api);
  const deployment = (spec: Record<string, unknown>) => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'ctl', namespace: 'ssa' }, spec });
  const full = {
    replicas: 3,
    selector: { matchLabels: { app: 'ctl' } },
    template: { metadata: { labels: { app: 'ctl' } }, spec: { containers: [{ name: 'app', image: 'app:1' }] } },
  };
  const ssa = k8s.PatchStrategy.ServerSideApply;
  await objects.patch(deployment(full), undefined, undefined, 'deployer', false, ssa);

  // The autoscaler wants replicas: conflict first, then it forces (controllers should force).
  await assert.rejects(objects.patch(deployment({ replicas: 5 }), undefined, undefined, 'autoscaler', false, ssa), (e: any) => { // eslint-disable-line @typescript-eslint/no-explicit-any
    assert.equal(e.code, 409);
    assert.equal(JSON.parse(e.body).message, 'Apply failed with 1 conflict: conflict with "deployer": .spec.replicas');
    return true;
  });
  await objects.patch(deployment({ replicas: 5 }), undefined, undefined, 'autoscaler', true, ssa);
  let d = await apps.readNamespacedDeployment({ name: 'ctl', namespace: 'ssa' });
  assert.equal(d.spec!.replicas, 5);

  // The deployer hands the field over by no longer applying it: no conflict, the value stays.
  const { replicas: _r, ...withoutReplicas } = full;
  await objects.patch(deployment({ ...withoutReplicas, template: { ...full.template, spec: { containers: [{ name: 'app', image: 'app:2' }] } } }), undefined, undefined, 'deployer', false, ssa);
  d = await apps.readNamespacedDeployment({ name: 'ctl', namespace: 'ssa' });
  assert.equal(d.spec!.replicas, 5);
  assert.equal(d.spec!.template.spec!.containers[0]!.image, 'app:2');
  const managers = Object.fromEntries(d.metadata!.managedFields!.map((e) => [e.manager!, e]));
  assert.deepEqual((managers.autoscaler!.fieldsV1 as Record<string, unknown>)['f:spec'], { 'f:replicas': {} });
  assert.equal(((managers.deployer!.fieldsV1 as Record<string, Record<string, unknown>>)['f:spec'])['f:replicas'], undefined);

  // A controller's Update (PUT) of the image takes it from the deployer without any conflict.
  d.spec!.template.spec!.containers[0]!.image = 'app:3';
  d = await apps.replaceNamespacedDeployment({ name: 'ctl', namespace: 'ssa', body: d, fieldManager: 'rollout-controller' });
  const rollout = d.metadata!.managedFields!.find((e) => e.manager === 'rollout-controller')!;
  assert.equal(rollout.operation, 'Update');
  assert.deepEqual(rollout.fieldsV1, { 'f:spec': { 'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"app"}': { 'f:image': {} } } } } } });
  await assert.rejects(objects.patch(deployment({ ...withoutReplicas, template: { ...full.template, spec: { containers: [{ name: 'app', image: 'app:4' }] } } }), undefined, undefined, 'deployer', false, ssa), (e: any) => { // eslint-disable-line @typescript-eslint/no-explicit-any
    assert.equal(e.code, 409);
    assert.equal(JSON.parse(e.body).message, 'Apply failed with 1 conflict: conflict with "rollout-controller" using apps/v1: .spec.template.spec.containers[name="app"].image');
    return true;
  });
});

test('client-side kubectl apply, then apply --server-side takes over without conflicts (ssa.md §4.3)', { skip }, async () => {
  const manifest = (v: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: csa\n  namespace: ssa\ndata:\n  key: ${v}\n`;
  await ok(['apply', '-f', '-'], manifest('v1'));
  await ok(['apply', '-f', '-'], manifest('v2'));
  let obj = JSON.parse(await ok(['get', '-n', 'ssa', 'configmap', 'csa', '-o', 'json', '--show-managed-fields']));
  assert.deepEqual(obj.metadata.managedFields.map((e: { manager: string }) => e.manager), ['kubectl-client-side-apply']);
  await ok(['apply', '--server-side', '-f', '-'], manifest('v3'));
  obj = JSON.parse(await ok(['get', '-n', 'ssa', 'configmap', 'csa', '-o', 'json', '--show-managed-fields']));
  assert.equal(obj.data.key, 'v3');
  assert.equal(
    obj.metadata.annotations['kubectl.kubernetes.io/last-applied-configuration'],
    '{"apiVersion":"v1","data":{"key":"v3"},"kind":"ConfigMap","metadata":{"name":"csa","namespace":"ssa"}}\n',
  );
  const r = await s.kubectl(['apply', '--server-side', '--field-manager=other', '-f', '-'], { input: manifest('v4') });
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /conflict with "kubectl"/);
});

test('custom resources: deduced spec, atomic lists, status sub-resource entries (ssa.md §9 E10, E13)', async () => {
  const crd = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.ssa.example.com' },
    spec: {
      group: 'ssa.example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          subresources: { status: {} },
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: { spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }, status: { type: 'object', properties: { ready: { type: 'boolean' } } } },
            },
          },
        },
      ],
    },
  };
  let r = await s.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body: JSON.stringify(crd), headers: { 'content-type': 'application/json' } });
  assert.equal(r.status, 201);
  const path = '/apis/ssa.example.com/v1/namespaces/ssa/widgets';
  for (let i = 0; i < 100 && (await s.request('GET', path)).status !== 200; i++) await new Promise((res) => setTimeout(res, 100));
  const w = (o: Record<string, unknown>) => ({ apiVersion: 'ssa.example.com/v1', kind: 'Widget', metadata: { name: 'w' }, ...o });

  r = await apply(`${path}/w`, w({ spec: { size: 3, tags: ['a', 'b'], nested: { x: 1, y: { z: true } }, empty: {} }, status: { ready: true } }), 'fieldManager=alice');
  assert.equal(r.status, 201);
  assert.equal(r.json().status, undefined, 'the main resource ignores status');
  assert.deepEqual(entries(r.json()), [
    { manager: 'alice', operation: 'Apply', fieldsV1: { 'f:spec': { 'f:empty': {}, 'f:nested': { '.': {}, 'f:x': {}, 'f:y': { '.': {}, 'f:z': {} } }, 'f:size': {}, 'f:tags': {} } } },
  ]);
  r = await apply(`${path}/w`, w({ spec: { tags: ['c'], nested: { w: 2 } } }), 'fieldManager=bob');
  assert.equal(r.status, 409);
  assert.equal(r.json().message, 'Apply failed with 1 conflict: conflict with "alice": .spec.tags');
  r = await apply(`${path}/w`, w({ spec: { size: 3, tags: ['a', 'b'] } }), 'fieldManager=alice');
  assert.deepEqual(r.json().spec, { size: 3, tags: ['a', 'b'] });

  r = await apply(`${path}/w/status`, w({ status: { ready: true } }), 'fieldManager=op');
  assert.equal(r.status, 200);
  assert.equal(r.json().status.ready, true);
  const put = r.json();
  put.status.ready = false;
  r = await s.request('PUT', `${path}/w/status`, { body: JSON.stringify(put), headers: { 'content-type': 'application/json', 'user-agent': 'ctl/1.0' } });
  assert.equal(r.status, 200);
  assert.deepEqual(
    entries(r.json()).filter((e: { subresource?: string }) => e.subresource),
    [{ manager: 'ctl', operation: 'Update', fieldsV1: { 'f:status': { 'f:ready': {} } }, subresource: 'status' }],
  );
  r = await apply(`${path}/w/status`, w({ status: { ready: true } }), 'fieldManager=op');
  assert.equal(r.status, 409);
  assert.equal(r.json().message, 'Apply failed with 1 conflict: conflict with "ctl" with subresource "status" using ssa.example.com/v1: .status.ready');
});

test('kubectl diff --server-side and apply --dry-run=server show the would-be object and persist nothing', { skip }, async () => {
  const m = (v: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: diff\n  namespace: ssa\ndata:\n  key: ${v}\n`;
  await ok(['apply', '--server-side', '-f', '-'], m('a'));
  const d = await s.kubectl(['diff', '--server-side', '-f', '-'], { input: m('b') });
  assert.equal(d.code, 1, d.stderr);
  assert.match(d.stdout, /-  key: a\n\+  key: b\n/);
  assert.equal((await s.kubectl(['diff', '--server-side', '-f', '-'], { input: m('a') })).code, 0);
  const dry = JSON.parse(await ok(['apply', '--server-side', '--dry-run=server', '-o', 'json', '--show-managed-fields', '-f', '-'], m('c')));
  assert.equal(dry.data.key, 'c');
  assert.deepEqual(entries(dry), [{ manager: 'kubectl', operation: 'Apply', fieldsV1: { 'f:data': { 'f:key': {} } } }]);
  const live = JSON.parse(await ok(['get', '-n', 'ssa', 'configmap', 'diff', '-o', 'json']));
  assert.equal(live.data.key, 'a');
});
