// /openapi/v2 over a real server: the protobuf kubectl asks for decodes as gnostic's Document, and kubectl 1.33
// itself reads it (`kubectl explain --output=plaintext-openapiv2` renders from the v2 document only).
import assert from 'node:assert/strict';
import { request } from 'node:https';
import { after, before, test } from 'node:test';
import protobuf from 'protobufjs';
import { findKubectl, startTestServer, type TestServer } from '../testing/test-server.js';

// Independent reader: just enough of gnostic's openapi.v2.Document to find names.
const Document = protobuf
  .parse(
    `syntax = "proto3"; package openapi.v2;
     message Document { string swagger = 1; Info info = 2; Paths paths = 8; Definitions definitions = 9; }
     message Info { string title = 1; string version = 2; }
     message Paths { repeated Named path = 2; }
     message Definitions { repeated Named additional_properties = 1; }
     message Named { string name = 1; }`,
    { keepCase: true },
  )
  .root.lookupType('openapi.v2.Document');

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s?.close();
});

function get(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const u = new URL(path, s.url);
    const req = request({ hostname: u.hostname, port: u.port, path: u.pathname, headers, ca: s.ca, cert: s.admin.cert, key: s.admin.key, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test("GET /openapi/v2 with kubectl's Accept answers the gnostic protobuf with kube's headers", async () => {
  const accept = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';
  const r = await get('/openapi/v2', { Accept: accept });
  assert.equal(r.status, 200);
  assert.equal(r.headers['content-type'], 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf');
  assert.equal(r.headers['vary'], 'Accept');
  assert.equal(r.headers['cache-control'], 'no-cache, private');
  assert.match(String(r.headers['etag']), /^"[0-9A-F]{128}"$/);
  assert.ok(r.headers['last-modified']);
  assert.equal(Number(r.headers['content-length']), r.body.length);
  const doc = Document.toObject(Document.decode(r.body)) as { swagger: string; info: object; paths: { path: { name: string }[] }; definitions: { additional_properties: { name: string }[] } };
  assert.equal(doc.swagger, '2.0');
  assert.deepEqual(doc.info, { title: 'Kubernetes', version: 'v1.33.1' });
  assert.ok(doc.paths.path.some((p) => p.name === '/api/v1/namespaces/{namespace}/configmaps/{name}'));
  assert.ok(doc.definitions.additional_properties.some((d) => d.name === 'io.k8s.api.core.v1.ConfigMap'));

  const json = await get('/openapi/v2', { Accept: 'application/json' });
  assert.equal(json.headers['content-type'], 'application/json');
  assert.equal(json.headers['etag'], r.headers['etag'], 'one ETag for both encodings (Vary: Accept)');
  const names = Object.keys(JSON.parse(json.body.toString('utf8')).paths);
  assert.deepEqual(doc.paths.path.map((p) => p.name), names);

  const again = await get('/openapi/v2', { Accept: accept, 'If-None-Match': String(r.headers['etag']) });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
});

const skip = findKubectl() ? false : 'kubectl 1.33 not found';

test('kubectl explain --output=plaintext-openapiv2 renders ConfigMap from the protobuf v2 document', { skip }, async () => {
  const r = await s.kubectl(['explain', '--output=plaintext-openapiv2', 'configmaps']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^KIND:\s+ConfigMap\nVERSION:\s+v1\n/);
  for (const field of ['apiVersion\t<string>', 'binaryData\t<map[string]string>', 'data\t<map[string]string>', 'immutable\t<boolean>', 'kind\t<string>', 'metadata\t<Object>']) {
    assert.ok(r.stdout.includes(field), `${field} in:\n${r.stdout}`);
  }
  const deep = await s.kubectl(['explain', '--output=plaintext-openapiv2', 'deployments.spec.template.spec.containers']);
  assert.equal(deep.code, 0, deep.stderr);
  assert.match(deep.stdout, /^KIND:\s+Deployment\nVERSION:\s+apps\/v1\n\nRESOURCE: containers <\[\]Object>/);
  assert.ok(deep.stdout.includes('image\t<string>'));
  assert.ok(deep.stdout.includes('name\t<string> -required-'), 'required comes through');
});
