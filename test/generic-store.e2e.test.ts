// Generic store semantics over raw HTTP (apiserver.md §3): generateName, system fields, update-with-create,
// unconditional updates, preconditions, status and scale sub-resources, generation, immutable ConfigMaps,
// Secret stringData, Service cluster IPs, dry-run on every write verb, deletecollection.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

let s: TestServer;
before(async () => {
  s = await startTestServer({ storageBackend: 'memory' });
});
after(async () => {
  await s.close();
});

const J = { 'content-type': 'application/json' };
const post = (path: string, body: object, q = '') => s.request('POST', path + q, { headers: J, body: JSON.stringify(body) });
const put = (path: string, body: object, q = '') => s.request('PUT', path + q, { headers: J, body: JSON.stringify(body) });
const patch = (path: string, body: object, type = 'application/merge-patch+json', q = '') => s.request('PATCH', path + q, { headers: { 'content-type': type }, body: JSON.stringify(body) });
const get = (path: string) => s.request('GET', path);
const CM = '/api/v1/namespaces/default/configmaps';
const DEP = '/apis/apps/v1/namespaces/default/deployments';

test('generateName appends 5 characters from kube\'s alphabet; system fields are set by the server', async () => {
  const r = await post(CM, { metadata: { generateName: 'gen-', uid: 'mine', creationTimestamp: '2000-01-01T00:00:00Z' } });
  assert.equal(r.status, 201);
  const o = r.json();
  assert.match(o.metadata.name, /^gen-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  assert.notEqual(o.metadata.uid, 'mine');
  assert.match(o.metadata.creationTimestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assert.notEqual(o.metadata.creationTimestamp, '2000-01-01T00:00:00Z');
  assert.match(o.metadata.resourceVersion, /^\d+$/);
  assert.equal(o.metadata.generation, undefined);
});

test('neither name nor generateName is 422; a resourceVersion on create is 500', async () => {
  const r = await post(CM, { metadata: {} });
  assert.equal(r.status, 422);
  assert.equal(r.json().message, 'ConfigMap "" is invalid: metadata.name: Required value: name or generateName is required');
  const rv = await post(CM, { metadata: { name: 'with-rv', resourceVersion: '12' } });
  assert.equal(rv.status, 500);
  assert.deepEqual(rv.json(), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'resourceVersion should not be set on objects to be created', code: 500 });
});

test('namespace in the body must match the URL; name in the body must match on update', async () => {
  const r = await post(CM, { metadata: { name: 'x', namespace: 'other' } });
  assert.equal(r.status, 400);
  assert.equal(r.json().message, 'the namespace of the provided object does not match the namespace sent on the request');
  await post(CM, { metadata: { name: 'named' } });
  const u = await put(`${CM}/named`, { metadata: { name: 'other' } });
  assert.equal(u.status, 400);
  assert.equal(u.json().message, 'the name of the object (other) does not match the name on the URL (named)');
});

test('update: unconditional, stale resourceVersion 409, uid precondition 409, missing object 404', async () => {
  const c = (await post(CM, { metadata: { name: 'upd' }, data: { a: '1' } })).json();
  const u1 = await put(`${CM}/upd`, { metadata: { name: 'upd' }, data: { a: '2' } });
  assert.equal(u1.status, 200);
  assert.notEqual(u1.json().metadata.resourceVersion, c.metadata.resourceVersion);
  const stale = await put(`${CM}/upd`, { metadata: { name: 'upd', resourceVersion: c.metadata.resourceVersion }, data: { a: '3' } });
  assert.equal(stale.status, 409);
  assert.deepEqual(stale.json().details, { name: 'upd', kind: 'configmaps' });
  const uid = await put(`${CM}/upd`, { metadata: { name: 'upd', uid: '00000000-0000-0000-0000-000000000000' } });
  assert.equal(uid.status, 409);
  assert.equal(
    uid.json().message,
    `Operation cannot be fulfilled on configmaps "upd": StorageError: invalid object, Code: 4, Key: /registry/configmaps/default/upd, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: 00000000-0000-0000-0000-000000000000, UID in object meta: ${c.metadata.uid}`,
  );
  const missing = await put(`${CM}/nothere`, { metadata: { name: 'nothere' } });
  assert.equal(missing.status, 404);
  assert.equal(missing.json().message, 'configmaps "nothere" not found');
});

test('a no-op update keeps the resourceVersion', async () => {
  const c = (await post(CM, { metadata: { name: 'noop' }, data: { a: '1' } })).json();
  const u = await put(`${CM}/noop`, c);
  assert.equal(u.status, 200);
  assert.equal(u.json().metadata.resourceVersion, c.metadata.resourceVersion);
});

test('leases allow update-with-create (201)', async () => {
  const r = await put('/apis/coordination.k8s.io/v1/namespaces/default/leases/leader', {
    apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'leader' }, spec: { holderIdentity: 'me', leaseDurationSeconds: 15 },
  });
  assert.equal(r.status, 201);
  assert.equal(r.json().spec.holderIdentity, 'me');
  const again = await put('/apis/coordination.k8s.io/v1/namespaces/default/leases/leader', { ...r.json(), spec: { holderIdentity: 'you', leaseDurationSeconds: 15 } });
  assert.equal(again.status, 200);
});

test('delete preconditions name the Kind', async () => {
  const c = (await post(CM, { metadata: { name: 'pre' } })).json();
  const r = await s.request('DELETE', `${CM}/pre`, { headers: J, body: JSON.stringify({ preconditions: { uid: 'nope' } }) });
  assert.equal(r.status, 409);
  assert.equal(r.json().message, `Operation cannot be fulfilled on ConfigMap "pre": the UID in the precondition (nope) does not match the UID in record (${c.metadata.uid}). The object might have been deleted and then recreated`);
  const rv = await s.request('DELETE', `${CM}/pre`, { headers: J, body: JSON.stringify({ preconditions: { resourceVersion: '1' } }) });
  assert.equal(rv.json().message, `Operation cannot be fulfilled on ConfigMap "pre": the ResourceVersion in the precondition (1) does not match the ResourceVersion in record (${c.metadata.resourceVersion}). The object might have been modified`);
  const ok = await s.request('DELETE', `${CM}/pre`);
  assert.equal(ok.status, 200);
  assert.deepEqual(ok.json(), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { name: 'pre', kind: 'configmaps', uid: c.metadata.uid } });
});

test('bad delete options are 422 on DeleteOptions.meta.k8s.io', async () => {
  await post(CM, { metadata: { name: 'delopts' } });
  const r = await s.request('DELETE', `${CM}/delopts`, { headers: J, body: JSON.stringify({ propagationPolicy: 'Sideways' }) });
  assert.equal(r.status, 422);
  assert.equal(r.json().message, 'DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Unsupported value: "Sideways": supported values: "Foreground", "Background", "Orphan", "nil"');
  const both = await s.request('DELETE', `${CM}/delopts`, { headers: J, body: JSON.stringify({ propagationPolicy: 'Orphan', orphanDependents: true }) });
  assert.equal(both.json().message, 'DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Invalid value: "Orphan": orphanDependents and deletionPropagation cannot be both set');
});

test('bad write options are 422', async () => {
  const r = await post(CM, { metadata: { name: 'opts' } }, '?dryRun=Some&fieldValidation=Loose');
  assert.equal(r.status, 422);
  assert.equal(r.json().message, 'CreateOptions.meta.k8s.io "" is invalid: [dryRun: Unsupported value: []string{"Some"}: supported values: "All", fieldValidation: Unsupported value: "Loose": supported values: "", "Ignore", "Strict", "Warn"]');
});

test('status and main resource are split; generation follows spec changes', async () => {
  const d = {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'split' },
    spec: { replicas: 1, selector: { matchLabels: { app: 's' } }, template: { metadata: { labels: { app: 's' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } },
    status: { replicas: 7 },
  };
  const c = (await post(DEP, d)).json();
  assert.equal(c.metadata.generation, 1);
  assert.deepEqual(c.status, {}, 'the main resource ignores status; Go writes the empty struct');
  const st = await put(`${DEP}/split/status`, { ...c, spec: { ...c.spec, replicas: 9 }, status: { replicas: 3, readyReplicas: 2 } });
  assert.equal(st.status, 200);
  assert.equal(st.json().spec.replicas, 1);
  assert.deepEqual(st.json().status, { replicas: 3, readyReplicas: 2 });
  assert.equal(st.json().metadata.generation, 1);
  const main = await patch(`${DEP}/split`, { spec: { replicas: 4 }, status: { replicas: 100 } });
  assert.equal(main.json().spec.replicas, 4);
  assert.equal(main.json().status.replicas, 3);
  assert.equal(main.json().metadata.generation, 2);
  const g = await patch(`${DEP}/split`, { metadata: { generation: 40, labels: { x: 'y' } } });
  assert.equal(g.json().metadata.generation, 2);
});

test('the scale sub-resource maps to spec.replicas', async () => {
  const s1 = await get(`${DEP}/split/scale`);
  assert.equal(s1.status, 200);
  const sc = s1.json();
  assert.equal(sc.kind, 'Scale');
  assert.equal(sc.apiVersion, 'autoscaling/v1');
  assert.deepEqual(sc.spec, { replicas: 4 });
  assert.deepEqual(sc.status, { replicas: 3, selector: 'app=s' });
  const upd = await put(`${DEP}/split/scale`, { ...sc, spec: { replicas: 6 } });
  assert.equal(upd.status, 200);
  assert.equal(upd.json().spec.replicas, 6);
  assert.equal((await get(`${DEP}/split`)).json().spec.replicas, 6);
  const p = await patch(`${DEP}/split/scale`, { spec: { replicas: 2 } });
  assert.equal(p.json().spec.replicas, 2);
});

test('immutable ConfigMaps refuse data changes', async () => {
  const c = (await post(CM, { metadata: { name: 'frozen' }, data: { a: '1' }, immutable: true })).json();
  const r = await put(`${CM}/frozen`, { ...c, data: { a: '2' } });
  assert.equal(r.status, 422);
  assert.equal(r.json().message, 'ConfigMap "frozen" is invalid: data: Forbidden: field is immutable when `immutable` is set');
});

test('Secret stringData is folded into data and never stored', async () => {
  const r = await post('/api/v1/namespaces/default/secrets', { metadata: { name: 'sd' }, stringData: { user: 'admin' }, data: { other: Buffer.from('x').toString('base64') } });
  assert.equal(r.status, 201);
  const o = r.json();
  assert.equal(o.stringData, undefined);
  assert.equal(Buffer.from(o.data.user, 'base64').toString(), 'admin');
  assert.equal(o.type, 'Opaque');
});

test('Services get cluster IPs from the range; headless keeps None', async () => {
  const a = (await post('/api/v1/namespaces/default/services', { metadata: { name: 'svc-a' }, spec: { ports: [{ port: 80 }] } })).json();
  const b = (await post('/api/v1/namespaces/default/services', { metadata: { name: 'svc-b' }, spec: { ports: [{ port: 80 }] } })).json();
  assert.match(a.spec.clusterIP, /^10\.0\.0\.\d+$/);
  assert.notEqual(a.spec.clusterIP, b.spec.clusterIP);
  assert.deepEqual(a.spec.clusterIPs, [a.spec.clusterIP]);
  assert.equal(a.spec.ports[0].targetPort, 80);
  const h = (await post('/api/v1/namespaces/default/services', { metadata: { name: 'svc-h' }, spec: { clusterIP: 'None', ports: [{ port: 80 }] } })).json();
  assert.equal(h.spec.clusterIP, 'None');
  const del = await s.request('DELETE', '/api/v1/namespaces/default/services/svc-a');
  assert.equal(del.json().kind, 'Service'); // services return the deleted object
});

test('dry-run on update, patch and delete leaves the store untouched', async () => {
  const c = (await post(CM, { metadata: { name: 'dry2' }, data: { a: '1' } })).json();
  const u = await put(`${CM}/dry2`, { ...c, data: { a: '2' } }, '?dryRun=All');
  assert.equal(u.status, 200);
  assert.equal(u.json().data.a, '2');
  assert.equal(u.json().metadata.resourceVersion, c.metadata.resourceVersion);
  const p = await patch(`${CM}/dry2`, { data: { a: '3' } }, 'application/merge-patch+json', '?dryRun=All');
  assert.equal(p.json().data.a, '3');
  const d = await s.request('DELETE', `${CM}/dry2?dryRun=All`);
  assert.equal(d.status, 200);
  const now = (await get(`${CM}/dry2`)).json();
  assert.equal(now.data.a, '1');
  assert.equal(now.metadata.resourceVersion, c.metadata.resourceVersion);
});

test('deletecollection deletes what the selector selects and returns the list', async () => {
  await s.request('POST', '/api/v1/namespaces', { headers: J, body: '{"metadata":{"name":"dc"}}' });
  for (const n of ['a', 'b', 'c']) await post('/api/v1/namespaces/dc/configmaps', { metadata: { name: n, labels: { grp: n === 'c' ? 'other' : 'x' } } });
  const r = await s.request('DELETE', '/api/v1/namespaces/dc/configmaps?labelSelector=grp%3Dx');
  assert.equal(r.status, 200);
  const body = r.json();
  assert.equal(body.kind, 'ConfigMapList');
  assert.deepEqual(body.items.map((i: { metadata: { name: string } }) => i.metadata.name).sort(), ['a', 'b']);
  const left = (await get('/api/v1/namespaces/dc/configmaps')).json().items.map((i: { metadata: { name: string } }) => i.metadata.name);
  assert.ok(left.includes('c') && !left.includes('a') && !left.includes('b'));
});

test('a PATCH with an unknown content type is the router\'s 415', async () => {
  await post(CM, { metadata: { name: 'p415' } });
  const r = await s.request('PATCH', `${CM}/p415`, { headers: { 'content-type': 'text/plain' }, body: '{}' });
  assert.equal(r.status, 415);
  assert.deepEqual(r.json(), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: '415: Unsupported Media Type', reason: 'UnsupportedMediaType', details: {}, code: 415 });
});

test('--event-ttl: Events disappear that long after their last write', async () => {
  // Timestamps have second precision: a 2 s TTL leaves at least 1 s before the first GET could miss the Event.
  const t = await startTestServer({ storageBackend: 'memory', eventTTLMs: 2000 });
  try {
    const ev = { metadata: { name: 'e1' }, involvedObject: { kind: 'Pod', name: 'p', namespace: 'default' }, reason: 'Test', message: 'hello', type: 'Normal' };
    const r = await t.request('POST', '/api/v1/namespaces/default/events', { headers: J, body: JSON.stringify(ev) });
    assert.equal(r.status, 201);
    assert.equal((await t.request('GET', '/api/v1/namespaces/default/events/e1')).status, 200);
    await new Promise((res) => setTimeout(res, 4500));
    assert.equal((await t.request('GET', '/api/v1/namespaces/default/events/e1')).status, 404);
    const lease = await t.request('PUT', '/apis/coordination.k8s.io/v1/namespaces/default/leases/kept', { headers: J, body: '{"apiVersion":"coordination.k8s.io/v1","kind":"Lease","metadata":{"name":"kept"}}' });
    assert.equal(lease.status, 201);
  } finally {
    await t.close();
  }
});

test('core/v1 and events.k8s.io/v1 Events are one resource seen under two sets of field names', async () => {
  const core = await post('/api/v1/namespaces/default/events', {
    metadata: { name: 'ev-core' }, involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'default' },
    reason: 'Started', message: 'container started', type: 'Normal', source: { component: 'kubelet' }, count: 2,
  });
  assert.equal(core.status, 201);
  const asNew = (await get('/apis/events.k8s.io/v1/namespaces/default/events/ev-core')).json();
  assert.equal(asNew.apiVersion, 'events.k8s.io/v1');
  assert.deepEqual(asNew.regarding, { kind: 'Pod', name: 'web-1', namespace: 'default' });
  assert.equal(asNew.note, 'container started');
  assert.deepEqual(asNew.deprecatedSource, { component: 'kubelet' });
  assert.equal(asNew.deprecatedCount, 2);
  assert.equal(asNew.involvedObject, undefined);

  const created = await post('/apis/events.k8s.io/v1/namespaces/default/events', {
    apiVersion: 'events.k8s.io/v1', kind: 'Event', metadata: { name: 'ev-new' },
    eventTime: '2026-01-01T00:00:00.000000Z', reportingController: 'example.com/ctl', reportingInstance: 'ctl-1',
    action: 'Sync', reason: 'Synced', note: 'all good', type: 'Normal', regarding: { kind: 'ConfigMap', name: 'cfg', namespace: 'default' },
  });
  assert.equal(created.status, 201, created.body);
  const asCore = (await get('/api/v1/namespaces/default/events/ev-new')).json();
  assert.equal(asCore.apiVersion, 'v1');
  assert.equal(asCore.message, 'all good');
  assert.equal(asCore.reportingComponent, 'example.com/ctl');
  assert.deepEqual(asCore.involvedObject, { kind: 'ConfigMap', name: 'cfg', namespace: 'default' });

  const coreList = (await get('/api/v1/namespaces/default/events')).json().items.map((e: { metadata: { name: string } }) => e.metadata.name);
  const newList = (await get('/apis/events.k8s.io/v1/namespaces/default/events')).json().items.map((e: { metadata: { name: string } }) => e.metadata.name);
  assert.ok(coreList.includes('ev-core') && coreList.includes('ev-new'));
  assert.deepEqual(newList.sort(), coreList.sort());
  const byRegarding = (await get('/apis/events.k8s.io/v1/namespaces/default/events?fieldSelector=regarding.name%3Dweb-1')).json();
  assert.deepEqual(byRegarding.items.map((e: { metadata: { name: string } }) => e.metadata.name), ['ev-core']);
  const byInvolved = (await get('/api/v1/namespaces/default/events?fieldSelector=involvedObject.name%3Dcfg')).json();
  assert.deepEqual(byInvolved.items.map((e: { metadata: { name: string } }) => e.metadata.name), ['ev-new']);

  const patched = await patch('/apis/events.k8s.io/v1/namespaces/default/events/ev-core', { note: 'changed' });
  assert.equal(patched.status, 200, patched.body);
  assert.equal(patched.json().note, 'changed');
  assert.equal((await get('/api/v1/namespaces/default/events/ev-core')).json().message, 'changed');
});

test('pods: log of an unscheduled pod is empty, binding assigns a node once, eviction deletes', async () => {
  const podPath = '/api/v1/namespaces/default/pods';
  const pod = (name: string, containers = [{ name: 'c', image: 'i' }]) => post(podPath, { metadata: { name }, spec: { containers } });
  const p1 = await pod('p1');
  assert.equal(p1.status, 201);
  assert.deepEqual(p1.json().status, { phase: 'Pending', qosClass: 'BestEffort' });
  const g = await pod('pg', [{ name: 'c', image: 'i', resources: { limits: { cpu: '1', memory: '1Gi' } } } as never]);
  assert.equal(g.json().status.qosClass, 'Guaranteed');
  const b = await pod('pb', [{ name: 'c', image: 'i', resources: { requests: { cpu: '100m' } } } as never]);
  assert.equal(b.json().status.qosClass, 'Burstable');
  const log = await get(`${podPath}/p1/log`);
  assert.equal(log.status, 200);
  assert.equal(log.body, '');
  assert.equal(log.headers['content-type'], 'text/plain');
  assert.equal((await get(`${podPath}/missing/log`)).status, 404);
  await pod('p2', [{ name: 'a', image: 'i' }, { name: 'b', image: 'i' }]);
  const which = await get(`${podPath}/p2/log`);
  assert.equal(which.status, 400);
  assert.equal(which.json().message, 'a container name must be specified for pod p2, choose one of: [a b]');
  assert.equal((await get(`${podPath}/p2/log?container=zz`)).json().message, 'container zz is not valid for pod p2');

  const bind = await post(`${podPath}/p1/binding`, { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'p1' }, target: { apiVersion: 'v1', kind: 'Node', name: 'node-1' } });
  assert.equal(bind.status, 201);
  assert.deepEqual(bind.json(), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success' });
  assert.equal((await get(`${podPath}/p1`)).json().spec.nodeName, 'node-1');
  const again = await post(`${podPath}/p1/binding`, { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'p1' }, target: { kind: 'Node', name: 'node-2' } });
  assert.equal(again.status, 409);
  assert.equal(again.json().message, 'Operation cannot be fulfilled on pods "p1": pod p1 is already assigned to node "node-1"');

  const evict = await post(`${podPath}/p2/eviction`, { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'p2' } });
  assert.equal(evict.status, 201);
  assert.equal((await get(`${podPath}/p2`)).status, 404);
});

test('HorizontalPodAutoscalers: autoscaling/v1 and v2 are one resource, converted both ways without loss', async () => {
  const v1 = '/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers';
  const v2 = '/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers';
  const c = await post(v1, {
    apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'hpa' },
    spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 2, maxReplicas: 5, targetCPUUtilizationPercentage: 70 },
  });
  assert.equal(c.status, 201, c.body);
  assert.equal(c.json().spec.targetCPUUtilizationPercentage, 70);
  const asV2 = (await get(`${v2}/hpa`)).json();
  assert.equal(asV2.apiVersion, 'autoscaling/v2');
  assert.deepEqual(asV2.spec.metrics, [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }]);
  assert.equal(asV2.spec.targetCPUUtilizationPercentage, undefined);
  const memory = { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '500Mi' } } };
  const upd = await put(`${v2}/hpa`, { ...asV2, spec: { ...asV2.spec, metrics: [...asV2.spec.metrics, memory] } });
  assert.equal(upd.status, 200, upd.body);
  const back = (await get(`${v1}/hpa`)).json();
  assert.equal(back.spec.targetCPUUtilizationPercentage, 70);
  assert.deepEqual(JSON.parse(back.metadata.annotations['autoscaling.alpha.kubernetes.io/metrics']), [memory]);
  const relabel = await put(`${v1}/hpa`, { ...back, metadata: { ...back.metadata, labels: { via: 'v1' } } });
  assert.equal(relabel.status, 200, relabel.body);
  const final = (await get(`${v2}/hpa`)).json();
  assert.equal(final.metadata.labels.via, 'v1');
  assert.equal(final.metadata.annotations, undefined);
  assert.deepEqual(final.spec.metrics.map((m: { resource: { name: string } }) => m.resource.name), ['cpu', 'memory']);
});
