// The resource API with kubectl 1.33: every `kubectl create <generator>` (Protobuf bodies), get/replace/patch/
// delete, the exact error texts kubectl prints, dry-run, finalizers, propagation policies and namespace deletion.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { findKubectl } from '../src/testing/kubectl.js';

const skip = !findKubectl() && 'kubectl 1.33 not found (set KUBECTL)';
let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s.close();
});

async function k(...args: string[]) {
  const r = await s.kubectl(args);
  return r;
}
async function ok(...args: string[]) {
  const r = await s.kubectl(args);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}
async function getJSON(...args: string[]) {
  return JSON.parse(await ok('get', ...args, '-o', 'json'));
}

test('every kubectl create generator (Protobuf bodies) stores its object', { skip }, async () => {
  await ok('create', 'namespace', 'gen');
  const cases: [string[], string, string][] = [
    [['configmap', 'cm1', '--from-literal=a=1'], 'configmap', 'cm1'],
    [['secret', 'generic', 's1', '--from-literal=p=secret'], 'secret', 's1'],
    [['secret', 'tls', 's-tls', `--cert=${s.dataDir}/pki/apiserver.crt`, `--key=${s.dataDir}/pki/apiserver.key`], 'secret', 's-tls'],
    [['secret', 'docker-registry', 's-docker', '--docker-server=r.example.com', '--docker-username=u', '--docker-password=p'], 'secret', 's-docker'],
    [['serviceaccount', 'sa1'], 'serviceaccount', 'sa1'],
    [['role', 'r1', '--verb=get', '--resource=pods'], 'role', 'r1'],
    [['rolebinding', 'rb1', '--role=r1', '--user=bob'], 'rolebinding', 'rb1'],
    [['deployment', 'd1', '--image=nginx', '--replicas=2'], 'deployment', 'd1'],
    [['job', 'j1', '--image=busybox'], 'job', 'j1'],
    [['cronjob', 'cj1', '--image=busybox', '--schedule=*/1 * * * *'], 'cronjob', 'cj1'],
    [['quota', 'q1', '--hard=pods=10'], 'resourcequota', 'q1'],
    [['poddisruptionbudget', 'pdb1', '--selector=app=x', '--min-available=1'], 'poddisruptionbudget', 'pdb1'],
    [['service', 'clusterip', 'svc1', '--tcp=80:8080'], 'service', 'svc1'],
    [['ingress', 'ing1', '--rule=example.com/=svc1:80'], 'ingress', 'ing1'],
  ];
  for (const [args, res, name] of cases) {
    const out = await ok('create', '-n', 'gen', ...args);
    assert.match(out, new RegExp(`${name} created`));
    const obj = await getJSON('-n', 'gen', res, name);
    assert.equal(obj.metadata.name, name);
    assert.equal(obj.metadata.namespace, 'gen');
    assert.match(obj.metadata.uid, /^[0-9a-f-]{36}$/);
  }
  for (const [args, res, name] of [
    [['clusterrole', 'cr1', '--verb=get', '--resource=pods'], 'clusterrole', 'cr1'],
    [['clusterrolebinding', 'crb1', '--clusterrole=cr1', '--group=devs'], 'clusterrolebinding', 'crb1'],
    [['priorityclass', 'pc1', '--value=1000'], 'priorityclass', 'pc1'],
  ] as const) {
    await ok('create', ...args);
    assert.equal((await getJSON(res, name)).metadata.name, name);
  }
  const secret = await getJSON('-n', 'gen', 'secret', 's1');
  assert.equal(Buffer.from(secret.data.p, 'base64').toString(), 'secret');
  assert.equal(secret.type, 'Opaque');
  const deploy = await getJSON('-n', 'gen', 'deployment', 'd1');
  assert.equal(deploy.spec.replicas, 2);
  assert.equal(deploy.metadata.generation, 1);
  const svc = await getJSON('-n', 'gen', 'service', 'svc1');
  assert.match(svc.spec.clusterIP, /^10\.0\.0\.\d+$/);
  const role = await getJSON('-n', 'gen', 'role', 'r1');
  assert.deepEqual(role.rules, [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }]);
});

test('kubectl prints kube\'s texts for NotFound, AlreadyExists, Invalid', { skip }, async () => {
  const nf = await k('get', 'configmap', 'missing');
  assert.equal(nf.code, 1);
  assert.equal(nf.stderr.trim(), 'Error from server (NotFound): configmaps "missing" not found');
  await ok('create', 'configmap', 'dup');
  const dup = await k('create', 'configmap', 'dup');
  assert.equal(dup.stderr.trim(), 'error: failed to create configmap: configmaps "dup" already exists');
  const bad = await k('create', 'configmap', 'Bad_Name');
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /ConfigMap "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '\.', and must start and end with an alphanumeric character/);
});

test('Conflict: an update with a stale resourceVersion', { skip }, async () => {
  await ok('create', 'configmap', 'conf', '--from-literal=a=1');
  const cm = await getJSON('configmap', 'conf');
  await ok('patch', 'configmap', 'conf', '--type=merge', '-p', '{"data":{"a":"2"}}');
  cm.data.a = '3';
  const path = `${s.dataDir}/conf.json`;
  (await import('node:fs')).writeFileSync(path, JSON.stringify(cm));
  const r = await k('replace', '--validate=false', '-f', path);
  assert.equal(r.code, 1);
  assert.equal(
    r.stderr.trim(),
    `Error from server (Conflict): error when replacing "${path}": Operation cannot be fulfilled on configmaps "conf": the object has been modified; please apply your changes to the latest version and try again`,
  );
});

test('patch --type merge and --type json, replace and delete', { skip }, async () => {
  await ok('create', 'configmap', 'p1', '--from-literal=a=1');
  await ok('patch', 'configmap', 'p1', '--type=merge', '-p', '{"data":{"b":"2"}}');
  await ok('patch', 'configmap', 'p1', '--type=json', '-p', '[{"op":"remove","path":"/data/a"}]');
  assert.deepEqual((await getJSON('configmap', 'p1')).data, { b: '2' });
  const before = await getJSON('configmap', 'p1');
  const same = await ok('patch', 'configmap', 'p1', '--type=merge', '-p', '{"data":{"b":"2"}}');
  assert.match(same, /patched \(no change\)/);
  assert.equal((await getJSON('configmap', 'p1')).metadata.resourceVersion, before.metadata.resourceVersion);
  assert.match(await ok('delete', 'configmap', 'p1'), /configmap "p1" deleted/);
  assert.equal((await k('get', 'configmap', 'p1')).code, 1);
});

test('dry-run: nothing is stored', { skip }, async () => {
  const out = await ok('create', 'configmap', 'dry', '--from-literal=a=1', '--dry-run=server', '-o', 'json');
  const obj = JSON.parse(out);
  assert.equal(obj.metadata.name, 'dry');
  assert.match(obj.metadata.uid, /^[0-9a-f-]{36}$/);
  assert.equal(obj.metadata.resourceVersion, undefined);
  assert.equal((await k('get', 'configmap', 'dry')).code, 1);
  await ok('create', 'configmap', 'keep');
  await ok('delete', 'configmap', 'keep', '--dry-run=server');
  assert.equal((await k('get', 'configmap', 'keep')).code, 0);
});

test('a finalizer keeps an object until it is removed', { skip }, async () => {
  const r = await s.request('POST', '/api/v1/namespaces/default/configmaps', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'held', finalizers: ['example.com/hold'] } }),
  });
  assert.equal(r.status, 201);
  const del = await s.request('DELETE', '/api/v1/namespaces/default/configmaps/held');
  assert.equal(del.status, 200);
  const pending = del.json();
  assert.equal(pending.kind, 'ConfigMap');
  assert.ok(pending.metadata.deletionTimestamp);
  assert.equal(pending.metadata.deletionGracePeriodSeconds, 0);
  assert.deepEqual(pending.metadata.finalizers, ['example.com/hold']);
  const add = await s.request('PATCH', '/api/v1/namespaces/default/configmaps/held', {
    headers: { 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify({ metadata: { finalizers: ['example.com/hold', 'example.com/more'] } }),
  });
  assert.equal(add.status, 422);
  assert.equal(add.json().message, 'ConfigMap "held" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/more"}');
  await ok('patch', 'configmap', 'held', '--type=merge', '-p', '{"metadata":{"finalizers":null}}');
  assert.equal((await k('get', 'configmap', 'held')).code, 1);
});

async function createOwned(owner: string, dependents: { name: string; block?: boolean }[]) {
  const o = await s.request('POST', '/api/v1/namespaces/default/configmaps', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { name: owner } }) });
  const uid = o.json().metadata.uid;
  for (const d of dependents) {
    const r = await s.request('POST', '/api/v1/namespaces/default/configmaps', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ metadata: { name: d.name, ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: owner, uid, blockOwnerDeletion: d.block ?? false }] } }),
    });
    assert.equal(r.status, 201, r.body);
  }
  return uid;
}

async function eventually(fn: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await fn()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail('condition not reached in time');
}

const exists = async (name: string) => (await s.request('GET', `/api/v1/namespaces/default/configmaps/${name}`)).status === 200;

test('propagationPolicy=Background deletes dependents after the owner', { skip }, async () => {
  await createOwned('bg-owner', [{ name: 'bg-dep1' }, { name: 'bg-dep2' }]);
  await ok('delete', 'configmap', 'bg-owner', '--cascade=background');
  await eventually(async () => !(await exists('bg-dep1')) && !(await exists('bg-dep2')));
});

test('propagationPolicy=Orphan keeps dependents and strips their owner references', { skip }, async () => {
  await createOwned('or-owner', [{ name: 'or-dep' }]);
  await ok('delete', 'configmap', 'or-owner', '--cascade=orphan');
  await eventually(async () => !(await exists('or-owner')));
  const dep = (await s.request('GET', '/api/v1/namespaces/default/configmaps/or-dep')).json();
  assert.equal(dep.metadata.ownerReferences, undefined);
});

test('propagationPolicy=Foreground deletes blocking dependents first', { skip }, async () => {
  await createOwned('fg-owner', [{ name: 'fg-dep', block: true }]);
  const del = await s.request('DELETE', '/api/v1/namespaces/default/configmaps/fg-owner', { headers: { 'content-type': 'application/json' }, body: '{"propagationPolicy":"Foreground"}' });
  assert.equal(del.status, 200);
  assert.deepEqual(del.json().metadata.finalizers, ['foregroundDeletion']);
  await eventually(async () => !(await exists('fg-dep')) && !(await exists('fg-owner')));
  await ok('create', 'configmap', 'fg2-owner');
  await createOwned('fg3-owner', []);
  await ok('delete', 'configmap', 'fg3-owner', '--cascade=foreground');
  assert.equal(await exists('fg3-owner'), false);
});

test('garbage collection: a dependent of a missing owner is deleted; a dangling reference beside a live owner is removed', { skip }, async () => {
  const orphan = await s.request('POST', '/api/v1/namespaces/default/configmaps', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'gc-stray', ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'never-there', uid: '11111111-1111-1111-1111-111111111111' }] } }),
  });
  assert.equal(orphan.status, 201);
  await eventually(async () => !(await exists('gc-stray')));
  const live = (await s.request('POST', '/api/v1/namespaces/default/configmaps', { headers: { 'content-type': 'application/json' }, body: '{"metadata":{"name":"gc-live"}}' })).json();
  const gone = (await s.request('POST', '/api/v1/namespaces/default/configmaps', { headers: { 'content-type': 'application/json' }, body: '{"metadata":{"name":"gc-gone"}}' })).json();
  const refs = [live, gone].map((o) => ({ apiVersion: 'v1', kind: 'ConfigMap', name: o.metadata.name, uid: o.metadata.uid }));
  await s.request('POST', '/api/v1/namespaces/default/configmaps', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { name: 'gc-two', ownerReferences: refs } }) });
  await ok('delete', 'configmap', 'gc-gone');
  await eventually(async () => {
    const r = await s.request('GET', '/api/v1/namespaces/default/configmaps/gc-two');
    return r.status === 200 && r.json().metadata.ownerReferences?.length === 1 && r.json().metadata.ownerReferences[0].name === 'gc-live';
  });
});

test('deleting a namespace deletes its content, then the namespace', { skip }, async () => {
  await ok('create', 'namespace', 'doomed');
  await ok('create', '-n', 'doomed', 'configmap', 'c1');
  await ok('create', '-n', 'doomed', 'secret', 'generic', 's1', '--from-literal=a=b');
  // A finalizer on one object holds the namespace in Terminating until it is removed.
  const held = await s.request('POST', '/api/v1/namespaces/doomed/configmaps', { headers: { 'content-type': 'application/json' }, body: '{"metadata":{"name":"held","finalizers":["example.com/hold"]}}' });
  assert.equal(held.status, 201);
  const del = await s.request('DELETE', '/api/v1/namespaces/doomed');
  assert.equal(del.status, 200);
  assert.equal(del.json().status.phase, 'Terminating');
  const blocked = await s.request('POST', '/api/v1/namespaces/doomed/configmaps', { headers: { 'content-type': 'application/json' }, body: '{"metadata":{"name":"late"}}' });
  assert.equal(blocked.status, 403);
  assert.equal(blocked.json().message, 'configmaps "late" is forbidden: unable to create new content in namespace doomed because it is being terminated');
  assert.deepEqual(blocked.json().details.causes, [{ reason: 'NamespaceTerminating', message: 'namespace doomed is being terminated', field: 'metadata.namespace' }]);
  await eventually(async () => !!(await s.request('GET', '/api/v1/namespaces/doomed/configmaps/held')).json().metadata?.deletionTimestamp);
  const release = await s.request('PATCH', '/api/v1/namespaces/doomed/configmaps/held', { headers: { 'content-type': 'application/merge-patch+json' }, body: '{"metadata":{"finalizers":null}}' });
  assert.equal(release.status, 200);
  await eventually(async () => (await s.request('GET', '/api/v1/namespaces/doomed')).status === 404);
  const imm = await s.request('DELETE', '/api/v1/namespaces/default');
  assert.equal(imm.status, 403);
  assert.equal(imm.json().message, 'namespaces "default" is forbidden: this namespace may not be deleted');
});

test('creating in a missing namespace is 404 namespaces not found', async () => {
  const r = await s.request('POST', '/api/v1/namespaces/nowhere/configmaps', { headers: { 'content-type': 'application/json' }, body: '{"metadata":{"name":"x"}}' });
  assert.equal(r.status, 404);
  assert.deepEqual(r.json().details, { name: 'nowhere', kind: 'namespaces' });
  assert.equal(r.json().message, 'namespaces "nowhere" not found');
});

test('an invalid object for a missing namespace is 404 too: namespace admission runs before validation, as in kube', async () => {
  const r = await s.request('POST', '/api/v1/namespaces/nowhere/configmaps', { headers: { 'content-type': 'application/json' }, body: '{"metadata":{"name":"Not_Valid"}}' });
  assert.equal(r.status, 404);
  assert.equal(r.json().message, 'namespaces "nowhere" not found');
});

test('the system namespaces exist from the start', async () => {
  for (const ns of ['default', 'kube-system', 'kube-public', 'kube-node-lease']) {
    const r = await s.request('GET', `/api/v1/namespaces/${ns}`);
    assert.equal(r.status, 200, ns);
    assert.equal(r.json().status.phase, 'Active');
    assert.deepEqual(r.json().spec.finalizers, ['kubernetes']);
    assert.equal(r.json().metadata.labels['kubernetes.io/metadata.name'], ns);
  }
});

test('get, replace, patch and delete with kubectl for ServiceAccounts, Leases, Deployments, Services and a cluster-scoped kind', { skip }, async () => {
  const { writeFileSync } = await import('node:fs');
  await ok('create', 'namespace', 'crud');
  const leaseYaml = 'apiVersion: coordination.k8s.io/v1\nkind: Lease\nmetadata:\n  name: lock\nspec:\n  holderIdentity: a\n  leaseDurationSeconds: 10\n';
  writeFileSync(`${s.dataDir}/lease.yaml`, leaseYaml);
  await ok('create', '-n', 'crud', '-f', `${s.dataDir}/lease.yaml`);
  await ok('create', '-n', 'crud', 'serviceaccount', 'robot');
  await ok('create', '-n', 'crud', 'deployment', 'app', '--image=nginx');
  await ok('create', '-n', 'crud', 'service', 'clusterip', 'front', '--tcp=80:8080');
  await ok('create', 'clusterrole', 'reader', '--verb=get', '--resource=configmaps');
  const kinds: [string[], string, string][] = [
    [['-n', 'crud'], 'serviceaccount', 'robot'],
    [['-n', 'crud'], 'lease', 'lock'],
    [['-n', 'crud'], 'deployment', 'app'],
    [['-n', 'crud'], 'service', 'front'],
    [[], 'clusterrole', 'reader'],
  ];
  for (const [ns, kind, name] of kinds) {
    const obj = JSON.parse(await ok('get', ...ns, kind, name, '-o', 'json'));
    obj.metadata.labels = { ...(obj.metadata.labels ?? {}), replaced: 'yes' };
    const file = `${s.dataDir}/${kind}.json`;
    writeFileSync(file, JSON.stringify(obj));
    assert.match(await ok('replace', '-f', file), new RegExp(`${name} replaced`));
    assert.match(await ok('patch', ...ns, kind, name, '--type=merge', '-p', '{"metadata":{"annotations":{"patched":"yes"}}}'), new RegExp(`${name} patched`));
    const after = JSON.parse(await ok('get', ...ns, kind, name, '-o', 'json'));
    assert.equal(after.metadata.labels.replaced, 'yes', kind);
    assert.equal(after.metadata.annotations.patched, 'yes', kind);
    assert.match(await ok('delete', ...ns, kind, name), new RegExp(`"${name}" deleted`));
    const gone = await k('get', ...ns, kind, name);
    assert.equal(gone.code, 1, kind);
    assert.match(gone.stderr, /Error from server \(NotFound\)/);
  }
});

test('connect sub-resources answer as on a cluster without node agents: 404 first, then the resource\'s own error', async () => {
  const json = { 'content-type': 'application/json' };
  const missing = await s.request('GET', '/api/v1/namespaces/default/pods/nowhere/exec?command=ls');
  assert.equal(missing.status, 404);
  const pod = await s.request('POST', '/api/v1/namespaces/default/pods', { headers: json, body: '{"metadata":{"name":"connect-p"},"spec":{"containers":[{"name":"c","image":"busybox"}]}}' });
  assert.equal(pod.status, 201);
  const exec = await s.request('GET', '/api/v1/namespaces/default/pods/connect-p/exec?command=ls');
  assert.equal(exec.status, 400);
  assert.equal(exec.json().message, 'pod connect-p does not have a host assigned');
  const svc = await s.request('POST', '/api/v1/namespaces/default/services', { headers: json, body: '{"metadata":{"name":"connect-s"},"spec":{"ports":[{"port":80}]}}' });
  assert.equal(svc.status, 201);
  const proxy = await s.request('GET', '/api/v1/namespaces/default/services/connect-s/proxy/');
  assert.equal(proxy.status, 503);
  assert.equal(proxy.json().message, 'no endpoints available for service "connect-s"');
  const node = await s.request('POST', '/api/v1/nodes', { headers: json, body: '{"metadata":{"name":"connect-n"}}' });
  assert.equal(node.status, 201);
  const nodeProxy = await s.request('GET', '/api/v1/nodes/connect-n/proxy/');
  assert.equal(nodeProxy.status, 400);
  assert.equal(nodeProxy.json().message, 'no preferred addresses found; known addresses: []');
});
