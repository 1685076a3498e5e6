// CBOR on the wire behind the CBORServingAndStorage gate, read and written by a hand-written client (cbor2, which
// writes text strings where kube writes byte strings: the server must take both): create, get, list, watch
// (application/cbor-seq), Status errors, custom resources and apply in CBOR with the gate on; with it off, kube's 406
// and 415 answers.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { decode, decodeSequence, encode, Tag } from 'cbor2';
import { parse as parseYaml } from 'yaml';
import { rawRequest } from './fixtures.js';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

const CBOR = 'application/cbor';
const JSON_CT = { 'content-type': 'application/json' };

const raw = rawRequest;

/** A decoded CBOR item in JSON terms: byte strings read as UTF-8 text (tag 22 content as base64), tags unwrapped. */
function plain(v: unknown): unknown {
  if (v instanceof Tag) {
    const c = v.contents;
    if (Number(v.tag) === 22 && c instanceof Uint8Array) return Buffer.from(c).toString('base64');
    return plain(c);
  }
  if (v instanceof Uint8Array) return Buffer.from(v).toString('utf8');
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, x]) => [plain(k) as string, plain(x)]));
  if (Array.isArray(v)) return v.map(plain);
  return v;
}

/** The body as kube's decoder sees it: self-described, then one data item. */
function cborBody(bytes: Buffer): Record<string, any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  assert.deepEqual([...bytes.subarray(0, 3)], [0xd9, 0xd9, 0xf7], 'self-described CBOR tag first');
  return plain(decode(bytes, { preferMap: true, ignoreGlobalTags: true })) as Record<string, unknown>;
}

describe('CBORServingAndStorage on', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ storageBackend: 'memory', featureGates: { CBORServingAndStorage: true } });
    await s.request('POST', '/api/v1/namespaces', { headers: JSON_CT, body: '{"metadata":{"name":"cb"}}' });
  });
  after(async () => {
    await s.close();
  });

  test('create: a CBOR ConfigMap body, answered in CBOR, is the object a JSON get returns', async () => {
    const body = Buffer.from(encode({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'one', labels: { app: 'x' } }, data: { k: 'v' } }));
    const r = await raw(s, 'POST', '/api/v1/namespaces/cb/configmaps', { 'content-type': CBOR, accept: CBOR }, body);
    assert.equal(r.status, 201);
    assert.equal(r.type, CBOR);
    const created = cborBody(r.bytes);
    assert.deepEqual(created, (await s.request('GET', '/api/v1/namespaces/cb/configmaps/one')).json());
    assert.deepEqual(created.data, { k: 'v' });
  });

  test('get, list and watch answer in CBOR with the objects of their JSON forms', async () => {
    await s.request('POST', '/api/v1/namespaces/cb/configmaps', { headers: JSON_CT, body: '{"metadata":{"name":"two","labels":{"app":"x"}},"data":{"n":"2"}}' });
    const got = await raw(s, 'GET', '/api/v1/namespaces/cb/configmaps/two', { accept: CBOR });
    assert.equal(got.type, CBOR);
    assert.deepEqual(cborBody(got.bytes), (await s.request('GET', '/api/v1/namespaces/cb/configmaps/two')).json());

    const listed = await raw(s, 'GET', '/api/v1/namespaces/cb/configmaps?labelSelector=app%3Dx', { accept: CBOR });
    assert.equal(listed.type, CBOR);
    assert.deepEqual(cborBody(listed.bytes), (await s.request('GET', '/api/v1/namespaces/cb/configmaps?labelSelector=app%3Dx')).json());

    // client-go asks a watch for application/cbor; kube answers the conformant sequence type.
    const watched = await raw(s, 'GET', '/api/v1/namespaces/cb/configmaps?watch=1&timeoutSeconds=1&labelSelector=app%3Dx', { accept: CBOR });
    assert.equal(watched.status, 200);
    assert.equal(watched.type, 'application/cbor-seq');
    const events = [...decodeSequence(watched.bytes, { preferMap: true, ignoreGlobalTags: true })].map((e) => {
      assert.ok(e instanceof Tag && Number(e.tag) === 55799, 'each event is self-described');
      const ev = (e as Tag).contents as Map<Uint8Array, unknown>;
      const object = [...ev].find(([k]) => Buffer.from(k).toString() === 'object')![1];
      assert.ok(object instanceof Tag && Number(object.tag) === 55799, 'the embedded object is self-described');
      return plain(ev) as { type: string; object: { metadata: { name: string } } };
    });
    assert.deepEqual(events.map((e) => [e.type, e.object.metadata.name]), [['ADDED', 'one'], ['ADDED', 'two']]);
  });

  test('a Secret\'s data travels as byte strings: tagged "expected base64" out, raw bytes in', async () => {
    const body = Buffer.from(encode({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'sec' }, data: { key: new Uint8Array([0x68, 0x69, 0xff]) } }));
    const r = await raw(s, 'POST', '/api/v1/namespaces/cb/secrets', { 'content-type': CBOR }, body);
    assert.equal(r.status, 201, r.bytes.toString());
    assert.equal(JSON.parse(r.bytes.toString()).data.key, 'aGn/');
    const got = await raw(s, 'GET', '/api/v1/namespaces/cb/secrets/sec', { accept: CBOR });
    const item = decode(got.bytes, { preferMap: true, ignoreGlobalTags: true }) as Tag;
    const data = [...(item.contents as Map<Uint8Array, unknown>)].find(([k]) => Buffer.from(k).toString() === 'data')![1] as Map<Uint8Array, Tag>;
    const value = [...data.values()][0]!;
    assert.equal(Number(value.tag), 22);
    assert.deepEqual([...(value.contents as Uint8Array)], [0x68, 0x69, 0xff]);
  });

  test('errors are Statuses in CBOR; a CBOR body that is not CBOR is kube\'s 400', async () => {
    const missing = await raw(s, 'GET', '/api/v1/namespaces/cb/configmaps/nope', { accept: CBOR });
    assert.equal(missing.status, 404);
    assert.equal(missing.type, CBOR);
    const st = cborBody(missing.bytes);
    assert.deepEqual([st.kind, st.reason, st.message, st.code], ['Status', 'NotFound', 'configmaps "nope" not found', 404]);

    // {"kind": "a", "kind": "b"}: a map with a repeated key is no valid CBOR to kube.
    const dup = Buffer.from('d9d9f7a2446b696e644161446b696e644162', 'hex');
    const bad = await raw(s, 'POST', '/api/v1/namespaces/cb/configmaps', { 'content-type': CBOR }, dup);
    assert.equal(bad.status, 400);
    assert.equal(JSON.parse(bad.bytes.toString()).message, 'the object provided is unrecognized (must be of type ConfigMap): unable to determine group/version/kind: cbor: found duplicate map key "kind" at map element index 1 (d9d9f7a2446b696e644161446b696e644162)');
  });

  test('fieldValidation: kube\'s strict CBOR finding names the index of the first unknown field in its map', async () => {
    // Keys in this order on the wire: apiVersion 0, kind 1, metadata 2, data 3, foo 4, bar 5.
    const body = (name: string) => Buffer.from(encode({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: 'b' }, foo: 1, bar: 2 }));
    const strict = await raw(s, 'POST', '/api/v1/namespaces/cb/configmaps?fieldValidation=Strict', { 'content-type': CBOR }, body('strict'));
    assert.equal(strict.status, 400);
    assert.equal(JSON.parse(strict.bytes.toString()).message, 'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: cbor: found unknown field at map element index 4');
    const warned = await s.request('POST', '/api/v1/namespaces/cb/configmaps?fieldValidation=Warn', { headers: { 'content-type': CBOR }, body: body('warned') });
    assert.equal(warned.status, 201);
    assert.equal(warned.headers.warning, '299 - "cbor: found unknown field at map element index 4"');
    // An update reads its body the same way (the handler works on a copy of the decoded body).
    const put = await raw(s, 'PUT', '/api/v1/namespaces/cb/configmaps/warned?fieldValidation=Strict', { 'content-type': CBOR }, body('warned'));
    assert.equal(put.status, 400);
    assert.equal(JSON.parse(put.bytes.toString()).message, 'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: cbor: found unknown field at map element index 4');
  });

  test('OpenAPI v3 lists application/cbor responses and apply-patch+cbor bodies', async () => {
    const doc = (await s.request('GET', '/openapi/v3/api/v1')).json();
    const item = doc.paths['/api/v1/namespaces/{namespace}/configmaps/{name}'];
    assert.ok('application/cbor' in item.get.responses['200'].content);
    assert.ok('application/apply-patch+cbor' in item.patch.requestBody.content);
  });

  test('watch as YAML lists the CBOR sequence type among the stream types', async () => {
    const r = await raw(s, 'GET', '/api/v1/namespaces/cb/configmaps?watch=1', { accept: 'application/yaml, application/json' });
    assert.equal(r.status, 406);
    assert.equal(parseYaml(r.bytes.toString()).message, 'only the following media types are accepted: application/json;stream=watch, application/vnd.kubernetes.protobuf;stream=watch, application/cbor-seq');
  });

  test('sub-resource bodies read CBOR too: Binding, Eviction, Scale and TokenRequest', async () => {
    const pod = { metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }] } };
    assert.equal((await s.request('POST', '/api/v1/namespaces/cb/pods', { headers: JSON_CT, body: JSON.stringify(pod) })).status, 201);
    const binding = Buffer.from(encode({ apiVersion: 'v1', kind: 'Binding', metadata: { name: 'p' }, target: { apiVersion: 'v1', kind: 'Node', name: 'n1' } }));
    const bound = await raw(s, 'POST', '/api/v1/namespaces/cb/pods/p/binding', { 'content-type': CBOR }, binding);
    assert.equal(bound.status, 201, bound.bytes.toString());
    assert.equal((await s.request('GET', '/api/v1/namespaces/cb/pods/p')).json().spec.nodeName, 'n1');
    const eviction = Buffer.from(encode({ apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'p' } }));
    const evicted = await raw(s, 'POST', '/api/v1/namespaces/cb/pods/p/eviction', { 'content-type': CBOR }, eviction);
    assert.equal(evicted.status, 201, evicted.bytes.toString());
    assert.equal((await s.request('GET', '/api/v1/namespaces/cb/pods/p')).status, 404);

    const deploy = { metadata: { name: 'd' }, spec: { replicas: 1, selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } };
    assert.equal((await s.request('POST', '/apis/apps/v1/namespaces/cb/deployments', { headers: JSON_CT, body: JSON.stringify(deploy) })).status, 201);
    const scale = Buffer.from(encode({ apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'd', namespace: 'cb' }, spec: { replicas: 3 } }));
    const scaled = await raw(s, 'PUT', '/apis/apps/v1/namespaces/cb/deployments/d/scale', { 'content-type': CBOR, accept: CBOR }, scale);
    assert.equal(scaled.status, 200, scaled.bytes.toString());
    assert.equal(cborBody(scaled.bytes).spec.replicas, 3);
    assert.equal((await s.request('GET', '/apis/apps/v1/namespaces/cb/deployments/d')).json().spec.replicas, 3);

    assert.equal((await s.request('POST', '/api/v1/namespaces/cb/serviceaccounts', { headers: JSON_CT, body: '{"metadata":{"name":"sa"}}' })).status, 201);
    const tokenRequest = Buffer.from(encode({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds: 3600 } }));
    const issued = await raw(s, 'POST', '/api/v1/namespaces/cb/serviceaccounts/sa/token', { 'content-type': CBOR, accept: CBOR }, tokenRequest);
    assert.equal(issued.status, 201, issued.bytes.toString());
    const tr = cborBody(issued.bytes);
    assert.deepEqual([tr.kind, tr.metadata.name, tr.spec.expirationSeconds], ['TokenRequest', 'sa', 3600]);
    assert.match(tr.status.token, /^eyJ/);
  });

  test('a built-in apply in CBOR is the same apply as its JSON form; a CBOR apply body that is no map is kube\'s 400', async () => {
    const apply = Buffer.from(encode({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'applied' }, data: { k: 'v' } }));
    const applied = await raw(s, 'PATCH', '/api/v1/namespaces/cb/configmaps/applied?fieldManager=cbor-apply', { 'content-type': 'application/apply-patch+cbor' }, apply);
    assert.equal(applied.status, 201, applied.bytes.toString());
    const obj = JSON.parse(applied.bytes.toString());
    assert.deepEqual(obj.data, { k: 'v' });
    assert.deepEqual(obj.metadata.managedFields.map((m: { manager: string; operation: string }) => [m.manager, m.operation]), [['cbor-apply', 'Apply']]);
    const notAMap = await raw(s, 'PATCH', '/api/v1/namespaces/cb/configmaps/applied?fieldManager=cbor-apply', { 'content-type': 'application/apply-patch+cbor' }, Buffer.from(encode([1, 2])));
    assert.equal(notAMap.status, 400);
    assert.equal(JSON.parse(notAMap.bytes.toString()).message, 'error decoding YAML: cbor: cannot unmarshal array into Go value of type map[string]interface {}');
  });

  test('custom resources: created, read and applied in CBOR', async () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'gadgets.example.com' },
      spec: { group: 'example.com', scope: 'Namespaced', names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget' },
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }] },
    };
    assert.equal((await s.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { headers: JSON_CT, body: JSON.stringify(crd) })).status, 201);
    const body = Buffer.from(encode({ apiVersion: 'example.com/v1', kind: 'Gadget', metadata: { name: 'g' }, spec: { size: 3, ratio: 1.5 } }));
    let created: { status: number; type: string; bytes: Buffer } = { status: 0, type: '', bytes: Buffer.alloc(0) };
    for (let i = 0; i < 50 && created.status !== 201; i++) {
      created = await raw(s, 'POST', '/apis/example.com/v1/namespaces/cb/gadgets', { 'content-type': CBOR, accept: CBOR }, body);
      if (created.status !== 201) await new Promise((res) => setTimeout(res, 100));
    }
    assert.equal(created.status, 201);
    assert.deepEqual(cborBody(created.bytes).spec, { size: 3, ratio: 1.5 });
    const got = await raw(s, 'GET', '/apis/example.com/v1/namespaces/cb/gadgets/g', { accept: CBOR });
    assert.deepEqual(cborBody(got.bytes), (await s.request('GET', '/apis/example.com/v1/namespaces/cb/gadgets/g')).json());

    const apply = Buffer.from(encode({ apiVersion: 'example.com/v1', kind: 'Gadget', metadata: { name: 'g' }, spec: { size: 4 } }));
    const applied = await raw(s, 'PATCH', '/apis/example.com/v1/namespaces/cb/gadgets/g?fieldManager=cbor-client&force=true', { 'content-type': 'application/apply-patch+cbor', accept: CBOR }, apply);
    assert.equal(applied.status, 200, applied.bytes.toString());
    const obj = cborBody(applied.bytes);
    assert.equal(obj.spec.size, 4);
    assert.ok(obj.metadata.managedFields.some((m: { manager: string; operation: string }) => m.manager === 'cbor-client' && m.operation === 'Apply'));
  });
});

describe('CBORServingAndStorage off (the default)', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ storageBackend: 'memory' });
    await s.request('POST', '/api/v1/namespaces', { headers: JSON_CT, body: '{"metadata":{"name":"cb"}}' });
  });
  after(async () => {
    await s.close();
  });

  test('Accept application/cbor alone is the router\'s 406; with */* after it, JSON', async () => {
    const r = await raw(s, 'GET', '/api/v1/namespaces/cb/configmaps', { accept: CBOR });
    assert.equal(r.status, 406);
    const st = JSON.parse(r.bytes.toString());
    assert.equal(st.reason, 'NotAcceptable');
    assert.equal(st.message, '406: Not Acceptable\n\nAvailable representations: application/json, application/yaml, application/vnd.kubernetes.protobuf, application/json;stream=watch, application/vnd.kubernetes.protobuf;stream=watch');
    const fallback = await raw(s, 'GET', '/api/v1/namespaces/cb/configmaps', { accept: `${CBOR}, application/json` });
    assert.equal(fallback.status, 200);
    assert.equal(fallback.type, 'application/json');
  });

  test('custom resources: Accept application/cbor is the CRD handler\'s 406, a CBOR body its 415', async () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'gizmos.example.com' },
      spec: { group: 'example.com', scope: 'Namespaced', names: { plural: 'gizmos', singular: 'gizmo', kind: 'Gizmo' },
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }] },
    };
    assert.equal((await s.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { headers: JSON_CT, body: JSON.stringify(crd) })).status, 201);
    let listed = await raw(s, 'GET', '/apis/example.com/v1/namespaces/cb/gizmos', { accept: CBOR });
    for (let i = 0; i < 50 && listed.status === 404; i++) {
      await new Promise((res) => setTimeout(res, 100));
      listed = await raw(s, 'GET', '/apis/example.com/v1/namespaces/cb/gizmos', { accept: CBOR });
    }
    assert.equal(listed.status, 406);
    assert.equal(JSON.parse(listed.bytes.toString()).message, 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf');
    const body = Buffer.from(encode({ apiVersion: 'example.com/v1', kind: 'Gizmo', metadata: { name: 'g' } }));
    const created = await raw(s, 'POST', '/apis/example.com/v1/namespaces/cb/gizmos', { 'content-type': CBOR }, body);
    assert.equal(created.status, 415);
    assert.equal(JSON.parse(created.bytes.toString()).message, 'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf');
  });

  test('a CBOR body is 415 with kube\'s list of body types; an apply in CBOR is the router\'s 415', async () => {
    const body = Buffer.from(encode({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } }));
    const r = await raw(s, 'POST', '/api/v1/namespaces/cb/configmaps', { 'content-type': CBOR }, body);
    assert.equal(r.status, 415);
    const st = JSON.parse(r.bytes.toString());
    assert.deepEqual([st.reason, st.message], ['UnsupportedMediaType', 'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf']);
    const apply = await raw(s, 'PATCH', '/api/v1/namespaces/cb/configmaps/c?fieldManager=m', { 'content-type': 'application/apply-patch+cbor' }, body);
    assert.equal(apply.status, 415);
    assert.equal(JSON.parse(apply.bytes.toString()).message, '415: Unsupported Media Type');
  });
});
