// Content negotiation on the wire: JSON, YAML in and out, Table and PartialObjectMetadata, 406 and 415 texts, gzip
// for large bodies, Warning headers, pretty printing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

let s: TestServer;
before(async () => {
  s = await startTestServer({ storageBackend: 'memory' });
  await s.request('POST', '/api/v1/namespaces', { headers: { 'content-type': 'application/json' }, body: '{"metadata":{"name":"big"}}' });
  const blob = 'x'.repeat(2048);
  for (let i = 0; i < 100; i++) {
    await s.request('POST', '/api/v1/namespaces/big/configmaps', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { name: `cm${i}` }, data: { blob } }) });
  }
});
after(async () => {
  await s.close();
});

test('gzip: a list over 128 KiB is compressed when the client accepts gzip; small bodies are not', async () => {
  const { request } = await import('node:https');
  const u = new URL('/api/v1/namespaces/big/configmaps', s.url);
  const res = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    request({ host: u.hostname, port: u.port, path: u.pathname, ca: s.ca, cert: s.admin.cert, key: s.admin.key, headers: { 'accept-encoding': 'gzip' } }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => resolve({ headers: r.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject).end();
  });
  assert.equal(res.headers['content-encoding'], 'gzip');
  assert.equal(res.headers['vary'], 'Accept-Encoding');
  const list = JSON.parse(gunzipSync(res.body).toString());
  assert.equal(list.items.filter((i: { metadata: { name: string } }) => i.metadata.name.startsWith('cm')).length, 100);
  const small = await s.request('GET', '/api/v1/namespaces/big/configmaps/cm1', { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(small.headers['content-encoding'], undefined);
  const plain = await s.request('GET', '/api/v1/namespaces/big/configmaps');
  assert.equal(plain.headers['content-encoding'], undefined);
});

test('YAML request and response bodies', async () => {
  const r = await s.request('POST', '/api/v1/namespaces/default/configmaps', {
    headers: { 'content-type': 'application/yaml', accept: 'application/yaml' },
    body: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-yaml\ndata:\n  k: v\n',
  });
  assert.equal(r.status, 201);
  assert.equal(r.headers['content-type'], 'application/yaml');
  assert.match(r.body, /^apiVersion: v1\n/m);
  assert.match(r.body, /name: from-yaml/);
});

test('406 texts: the router\'s for an unknown base type, kube\'s own for an unusable transform', async () => {
  const a = await s.request('GET', '/api/v1/namespaces/default/configmaps/from-yaml', { headers: { accept: 'text/html' } });
  assert.equal(a.status, 406);
  assert.deepEqual(a.json(), {
    kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
    message: '406: Not Acceptable\n\nAvailable representations: application/json, application/yaml, application/vnd.kubernetes.protobuf',
    reason: 'NotAcceptable', details: {}, code: 406,
  });
  const b = await s.request('GET', '/api/v1/namespaces/default/configmaps', { headers: { accept: 'application/json;as=Table;v=v2;g=meta.k8s.io' } });
  assert.equal(b.status, 406);
  assert.equal(b.json().message, 'no Table exists in group version meta.k8s.io/v2');
});

test('415 for an unknown request body type on create', async () => {
  const r = await s.request('POST', '/api/v1/namespaces/default/configmaps', { headers: { 'content-type': 'text/plain' }, body: 'hello' });
  assert.equal(r.status, 415);
  assert.equal(r.json().message, 'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf');
  assert.equal(r.json().reason, 'UnsupportedMediaType');
});

test('Table with includeObject, and PartialObjectMetadataList', async () => {
  const t = await s.request('GET', '/api/v1/namespaces/big/configmaps?limit=2&includeObject=None', { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io, application/json' } });
  assert.equal(t.status, 200);
  const table = t.json();
  assert.equal(table.kind, 'Table');
  assert.deepEqual(table.columnDefinitions.map((c: { name: string }) => c.name), ['Name', 'Data', 'Age']);
  assert.equal(table.rows.length, 2);
  assert.equal(table.rows[0].object, null);
  assert.ok(table.metadata.continue);
  const bad = await s.request('GET', '/api/v1/namespaces/big/configmaps?includeObject=All', { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } });
  assert.equal(bad.status, 400);
  assert.equal(bad.json().message, `Unable to convert to Table as requested: includeObject: Invalid value: "All": must be 'Metadata', 'Object', 'None', or empty`);
  const pom = await s.request('GET', '/api/v1/namespaces/big/configmaps?limit=1', { headers: { accept: 'application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io' } });
  const list = pom.json();
  assert.equal(list.kind, 'PartialObjectMetadataList');
  assert.equal(list.apiVersion, 'meta.k8s.io/v1');
  assert.equal(list.items[0].kind, 'PartialObjectMetadata');
  assert.equal(list.items[0].data, undefined);
  assert.equal(list.items[0].metadata.name, 'cm0');
});

test('Warning headers: an unknown field under the default Warn level', async () => {
  const r = await s.request('POST', '/api/v1/namespaces/default/configmaps', { headers: { 'content-type': 'application/json' }, body: '{"metadata":{"name":"warned"},"spec":{"foo":1}}' });
  assert.equal(r.status, 201);
  assert.equal(r.headers['warning'], '299 - "unknown field \\"spec\\""');
});

test('?pretty=true indents JSON', async () => {
  const r = await s.request('GET', '/api/v1/namespaces/default/configmaps/warned?pretty=true');
  assert.match(r.body, /^\{\n {2}"kind": "ConfigMap",\n/);
});
