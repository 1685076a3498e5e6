// Protobuf responses on the wire, read as a hand-written client reads them: the `k8s\0` envelope decoded with the
// 1.33 proto schemas (the generated descriptor), length-prefixed watch frames, Status errors in Protobuf, and
// kube's 406 and JSON fall-back for custom resources.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rawRequest } from './fixtures.js';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { decodeProtobufObject } from '../src/endpoints/negotiation/protobuf.js';
import { protoType } from '../src/endpoints/negotiation/protobuf-types.js';

let s: TestServer;
const PB = 'application/vnd.kubernetes.protobuf';
const CLIENT_GO = `${PB}, */*`;
const JSON_CT = { 'content-type': 'application/json' };

const raw = (method: string, path: string, headers: Record<string, string> = {}, body?: string) => rawRequest(s, method, path, headers, body);

/** Splits a protobuf watch stream into its frames and decodes each WatchEvent and its object. */
function watchEvents(bytes: Buffer): { type: string; object: Record<string, unknown> }[] {
  const events = [];
  const watchEvent = protoType('k8s.io.apimachinery.pkg.apis.meta.v1.WatchEvent');
  for (let i = 0; i < bytes.length; ) {
    const n = bytes.readUInt32BE(i);
    const ev = watchEvent.decode(bytes.subarray(i + 4, i + 4 + n)) as unknown as { type: string; object: { raw: Uint8Array } };
    events.push({ type: ev.type, object: decodeProtobufObject(Buffer.from(ev.object.raw)) });
    i += 4 + n;
  }
  return events;
}

before(async () => {
  s = await startTestServer({ storageBackend: 'memory' });
  await s.request('POST', '/api/v1/namespaces', { headers: JSON_CT, body: '{"metadata":{"name":"pb"}}' });
  for (const n of ['one', 'two']) {
    await s.request('POST', '/api/v1/namespaces/pb/configmaps', { headers: JSON_CT, body: JSON.stringify({ metadata: { name: n, labels: { app: 'x' } }, data: { k: n } }) });
  }
});
after(async () => {
  await s.close();
});

test('get: a built-in object in Protobuf for client-go\'s Accept, its envelope decoded with the 1.33 schemas', async () => {
  const r = await raw('GET', '/api/v1/namespaces/pb/configmaps/one', { accept: CLIENT_GO });
  assert.equal(r.status, 200);
  assert.equal(r.type, PB);
  assert.deepEqual([...r.bytes.subarray(0, 4)], [0x6b, 0x38, 0x73, 0x00]);
  const obj = decodeProtobufObject(r.bytes) as { kind: string; apiVersion: string; metadata: { name: string; namespace: string }; data: unknown };
  assert.deepEqual([obj.kind, obj.apiVersion, obj.metadata.name, obj.metadata.namespace, obj.data], ['ConfigMap', 'v1', 'one', 'pb', { k: 'one' }]);
  const json = (await s.request('GET', '/api/v1/namespaces/pb/configmaps/one')).json();
  assert.deepEqual(obj, json, 'the same object as the JSON response');
});

test('list: ConfigMapList in Protobuf with its list metadata and every item', async () => {
  const r = await raw('GET', '/api/v1/namespaces/pb/configmaps?labelSelector=app%3Dx', { accept: PB });
  assert.equal(r.type, PB);
  const list = decodeProtobufObject(r.bytes) as { kind: string; metadata: { resourceVersion: string }; items: { metadata: { name: string } }[] };
  assert.equal(list.kind, 'ConfigMapList');
  assert.match(list.metadata.resourceVersion, /^\d+$/);
  assert.deepEqual(list.items.map((i) => i.metadata.name), ['one', 'two']);
});

test('errors: a Status in Protobuf when Protobuf is the first acceptable type', async () => {
  const r = await raw('GET', '/api/v1/namespaces/pb/configmaps/missing', { accept: CLIENT_GO });
  assert.equal(r.status, 404);
  assert.equal(r.type, PB);
  assert.deepEqual(decodeProtobufObject(r.bytes), {
    kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'configmaps "missing" not found', reason: 'NotFound',
    details: { name: 'missing', kind: 'configmaps' }, code: 404,
  });
});

test('create: a Protobuf response to a JSON body', async () => {
  const r = await raw('POST', '/api/v1/namespaces/pb/configmaps', { accept: PB, 'content-type': 'application/json' }, '{"metadata":{"name":"three"},"data":{"k":"3"}}');
  assert.equal(r.status, 201);
  const obj = decodeProtobufObject(r.bytes) as { metadata: { name: string; uid: string }; data: unknown };
  assert.deepEqual([obj.metadata.name, obj.data], ['three', { k: '3' }]);
  assert.match(obj.metadata.uid, /^[0-9a-f-]{36}$/);
});

test('watch: length-prefixed WatchEvents whose RawExtension holds each object\'s envelope', async () => {
  const r = await raw('GET', '/api/v1/namespaces/pb/configmaps?watch=1&timeoutSeconds=1&labelSelector=app%3Dx', { accept: CLIENT_GO });
  assert.equal(r.status, 200);
  assert.equal(r.type, `${PB};stream=watch`);
  const evs = watchEvents(r.bytes);
  assert.deepEqual(evs.map((e) => [e.type, (e.object.metadata as { name: string }).name]), [['ADDED', 'one'], ['ADDED', 'two']]);
});

test('custom resources: Protobuf alone is 406, Protobuf then */* falls back to JSON', async () => {
  const crd = {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' },
    spec: { group: 'example.com', scope: 'Namespaced', names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }] },
  };
  assert.equal((await s.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { headers: JSON_CT, body: JSON.stringify(crd) })).status, 201);
  let created = 0;
  for (let i = 0; i < 50 && created !== 201; i++) {
    created = (await s.request('POST', '/apis/example.com/v1/namespaces/pb/widgets', { headers: JSON_CT, body: '{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"}}' })).status;
    if (created !== 201) await new Promise((res) => setTimeout(res, 100));
  }
  assert.equal(created, 201);
  const only = await raw('GET', '/apis/example.com/v1/namespaces/pb/widgets/w', { accept: PB });
  assert.equal(only.status, 406);
  assert.deepEqual(JSON.parse(only.bytes.toString()).message, 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf');
  const fallback = await raw('GET', '/apis/example.com/v1/namespaces/pb/widgets/w', { accept: CLIENT_GO });
  assert.equal(fallback.status, 200);
  assert.equal(fallback.type, 'application/json');
  assert.equal(JSON.parse(fallback.bytes.toString()).metadata.name, 'w');
});

test('metadata client: PartialObjectMetadataList in Protobuf for client-go\'s metadata Accept', async () => {
  const accept = `${PB};as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json`;
  const r = await raw('GET', '/api/v1/namespaces/pb/configmaps?labelSelector=app%3Dx', { accept });
  assert.equal(r.type, PB);
  const list = decodeProtobufObject(r.bytes) as { kind: string; apiVersion: string; items: { metadata: { name: string } }[] };
  assert.deepEqual([list.kind, list.apiVersion, list.items.map((i) => i.metadata.name)], ['PartialObjectMetadataList', 'meta.k8s.io/v1', ['one', 'two']]);
});

test('a Deployment (apps/v1) in Protobuf decodes to its JSON form', async () => {
  const d = {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' },
    spec: { replicas: 0, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  };
  assert.equal((await s.request('POST', '/apis/apps/v1/namespaces/pb/deployments', { headers: JSON_CT, body: JSON.stringify(d) })).status, 201);
  const r = await raw('GET', '/apis/apps/v1/namespaces/pb/deployments/web', { accept: CLIENT_GO });
  assert.equal(r.type, PB);
  const json = (await s.request('GET', '/apis/apps/v1/namespaces/pb/deployments/web')).json();
  // Go's JSON writes the template's zero creationTimestamp as null; Protobuf has no field for it. Same Go value.
  assert.equal(json.spec.template.metadata.creationTimestamp, null);
  delete json.spec.template.metadata.creationTimestamp;
  assert.deepEqual(decodeProtobufObject(r.bytes), json);
});
