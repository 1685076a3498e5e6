// Table lists written in compact JSON splice each row's object from bytes cached per object version: the body must
// be exactly what encoding the whole Table at once writes (the indented ?pretty=true answer, re-encoded compactly).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

let s: TestServer;
const json = { 'content-type': 'application/json' };
before(async () => {
  s = await startTestServer({ storageBackend: 'memory' });
  await s.request('POST', '/api/v1/namespaces', { headers: json, body: '{"metadata":{"name":"tl"}}' });
  for (let i = 0; i < 5; i++) {
    const body = { metadata: { name: `cm${i}`, labels: { i: String(i) }, annotations: { note: '<&>' } }, data: { a: 'x', b: String(i) } };
    assert.equal((await s.request('POST', '/api/v1/namespaces/tl/configmaps', { headers: json, body: JSON.stringify(body) })).status, 201);
  }
  const pod = { metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'busybox' }] } };
  assert.equal((await s.request('POST', '/api/v1/namespaces/tl/pods', { headers: json, body: JSON.stringify(pod) })).status, 201);
});
after(async () => {
  await s.close();
});

// The Age cells may tick between two requests: compare everything else.
function withoutAge(body: string): string {
  const t = JSON.parse(body);
  const age = (t.columnDefinitions as { name: string }[] | null)?.findIndex((c) => c.name === 'Age') ?? -1;
  if (age >= 0) for (const r of t.rows ?? []) r.cells[age] = '';
  return JSON.stringify(t);
}

async function compactAndPretty(path: string, version = 'v1'): Promise<[string, string]> {
  const headers = { accept: `application/json;as=Table;v=${version};g=meta.k8s.io` };
  const sep = path.includes('?') ? '&' : '?';
  const compact = await s.request('GET', path, { headers });
  const pretty = await s.request('GET', `${path}${sep}pretty=true`, { headers });
  assert.equal(compact.status, 200, compact.body);
  assert.equal(pretty.status, 200, pretty.body);
  assert.equal(compact.headers['content-type'], 'application/json');
  assert.ok(compact.body.endsWith('}\n'));
  return [compact.body, pretty.body];
}

for (const [what, path, version] of [
  ['ConfigMaps, includeObject=Metadata', '/api/v1/namespaces/tl/configmaps', 'v1'],
  ['ConfigMaps, includeObject=Object', '/api/v1/namespaces/tl/configmaps?includeObject=Object', 'v1'],
  ['ConfigMaps, includeObject=None', '/api/v1/namespaces/tl/configmaps?includeObject=None', 'v1'],
  ['ConfigMaps, meta.k8s.io/v1beta1', '/api/v1/namespaces/tl/configmaps', 'v1beta1'],
  ['a page with a continue token', '/api/v1/namespaces/tl/configmaps?limit=2', 'v1'],
  ['a label-selected list', '/api/v1/namespaces/tl/configmaps?labelSelector=i%20in%20(1,3)', 'v1'],
  ['an empty list', '/api/v1/namespaces/tl/configmaps?labelSelector=i%3D9', 'v1'],
  ['Pods', '/api/v1/namespaces/tl/pods', 'v1'],
] as const) {
  test(`Table list of ${what}: the compact body is the whole Table encoded at once`, async () => {
    const [compact, pretty] = await compactAndPretty(path, version);
    assert.equal(withoutAge(compact), withoutAge(pretty));
    const t = JSON.parse(compact);
    assert.equal(t.kind, 'Table');
    assert.equal(t.apiVersion, `meta.k8s.io/${version}`);
  });
}

test('Table list rows carry each object as PartialObjectMetadata with its labels and resourceVersion', async () => {
  const [compact] = await compactAndPretty('/api/v1/namespaces/tl/configmaps?labelSelector=i%3D2');
  const t = JSON.parse(compact);
  assert.equal(t.rows.length, 1);
  assert.equal(t.rows[0].cells[0], 'cm2');
  assert.equal(t.rows[0].cells[1], 2);
  const o = t.rows[0].object;
  assert.equal(o.kind, 'PartialObjectMetadata');
  assert.equal(o.apiVersion, 'meta.k8s.io/v1');
  assert.deepEqual(o.metadata.labels, { i: '2' });
  assert.match(o.metadata.resourceVersion, /^\d+$/);
});

test('a Table list after an update shows the new version of the object', async () => {
  const headers = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
  await s.request('GET', '/api/v1/namespaces/tl/configmaps', { headers });
  const patch = await s.request('PATCH', '/api/v1/namespaces/tl/configmaps/cm4', { headers: { 'content-type': 'application/merge-patch+json' }, body: '{"metadata":{"labels":{"i":"44"}},"data":{"c":"y"}}' });
  assert.equal(patch.status, 200, patch.body);
  const t = JSON.parse((await s.request('GET', '/api/v1/namespaces/tl/configmaps?labelSelector=i%3D44', { headers })).body);
  assert.equal(t.rows.length, 1);
  assert.equal(t.rows[0].cells[1], 3);
  assert.deepEqual(t.rows[0].object.metadata.labels, { i: '44' });
  assert.equal(t.rows[0].object.metadata.resourceVersion, JSON.parse(patch.body).metadata.resourceVersion);
});
