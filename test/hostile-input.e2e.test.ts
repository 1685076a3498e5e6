// Regression tests for input a hostile client sends (issue 12, part A): nesting beyond the decoders' depth limit,
// YAML alias bombs, nulls where objects are expected, malformed metadata on custom resources, and patches whose
// result kube would not decode. Each request goes over real TLS to a real server; the server must answer with
// kube's status, reason and message, store nothing for a rejected request, and keep serving.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { THING_CRD } from './fixtures.js';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { findKubectl } from '../src/testing/kubectl.js';
import { MAX_NESTING_DEPTH } from '../src/config/nesting-depth.js';

let s: TestServer;
const JSON_CT = { 'content-type': 'application/json' };
const YAML_CT = { 'content-type': 'application/yaml' };
const APPLY_CT = { 'content-type': 'application/apply-patch+yaml' };
const MERGE_CT = { 'content-type': 'application/merge-patch+json' };
const SMP_CT = { 'content-type': 'application/strategic-merge-patch+json' };
const JSONPATCH_CT = { 'content-type': 'application/json-patch+json' };
const CMS = '/api/v1/namespaces/default/configmaps';
const THINGS = '/apis/example.com/v1/namespaces/default/things';
const FIND_KIND = 'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';

const nestedArrays = (n: number): string => '['.repeat(n) + ']'.repeat(n);
const nestedObjects = (n: number): string => '{"a":'.repeat(n) + '{}' + '}'.repeat(n);
const hex30 = (text: string): string => `${Buffer.from(text).subarray(0, 30).toString('hex')} ...`;


async function installThingCrd(srv: TestServer): Promise<void> {
  const r = await srv.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { headers: JSON_CT, body: JSON.stringify(THING_CRD) });
  assert.equal(r.status, 201, r.body);
  for (let i = 0; i < 100; i++) {
    if ((await srv.request('GET', THINGS)).status === 200) return;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('things.example.com not served');
}

async function assertServing(): Promise<void> {
  const r = await s.request('GET', '/readyz');
  assert.equal(r.status, 200);
  assert.equal(r.body, 'ok');
}

function assertStatus(r: { status: number; body: string }, code: number, reason: string, message: string): void {
  assert.equal(r.status, code, r.body);
  const st = JSON.parse(r.body);
  assert.equal(st.kind, 'Status');
  assert.equal(st.reason, reason);
  assert.equal(st.message, message);
}

before(async () => {
  s = await startTestServer({ storageBackend: 'memory' });
  await installThingCrd(s);
});
after(async () => {
  await s.close();
});

// --- 1. nesting depth --------------------------------------------------------------------------------------

test('1,000 nested YAML sequences posted twice answer 400 with the depth error, and the server keeps serving', async () => {
  const body = nestedArrays(1000);
  for (let i = 0; i < 2; i++) {
    const r = await s.request('POST', CMS, { headers: YAML_CT, body });
    assertStatus(r, 400, 'BadRequest', `the object provided is unrecognized (must be of type ConfigMap): yaml: exceeded max depth of ${MAX_NESTING_DEPTH} (${hex30(body)})`);
  }
  await assertServing();
});

test('a too deep YAML body names the line of the collection that went too deep', async () => {
  const body = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: deep\ndata:\n  a: ${nestedArrays(1000)}\n`;
  const r = await s.request('POST', CMS, { headers: YAML_CT, body });
  assertStatus(r, 400, 'BadRequest', `the object provided is unrecognized (must be of type ConfigMap): yaml: line 6: exceeded max depth of ${MAX_NESTING_DEPTH} (${hex30(body)})`);
  assert.equal((await s.request('GET', `${CMS}/deep`)).status, 404);
});

test('1,000 nested JSON arrays answer Go\'s depth syntax error', async () => {
  const body = nestedArrays(1000);
  const r = await s.request('POST', CMS, { headers: JSON_CT, body });
  assertStatus(r, 400, 'BadRequest', `the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: invalid character '[' exceeded max depth (${hex30(body)})`);
  await assertServing();
});

test('an apply patch of 1,000 nested sequences answers 400 twice, and the server keeps serving', async () => {
  for (const body of [nestedArrays(1000), `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: ${nestedArrays(1000)}\n`]) {
    for (let i = 0; i < 2; i++) {
      const r = await s.request('PATCH', `${CMS}/x?fieldManager=m`, { headers: APPLY_CT, body });
      const where = body.startsWith('[') ? '' : 'line 6: ';
      assertStatus(r, 400, 'BadRequest', `error decoding YAML: error converting YAML to JSON: yaml: ${where}exceeded max depth of ${MAX_NESTING_DEPTH}`);
    }
  }
  assert.equal((await s.request('GET', `${CMS}/x`)).status, 404);
  await assertServing();
});

test('kubectl apply --server-side of a ConfigMap with 1,000 nested arrays fails twice without harm', { skip: !findKubectl() && 'kubectl 1.33 not found' }, async () => {
  const manifest = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: deep-apply\n  namespace: default\ndata:\n  a: ${nestedArrays(1000)}\n`;
  for (let i = 0; i < 2; i++) {
    const r = await s.kubectl(['apply', '--server-side', '-f', '-'], { input: manifest });
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, new RegExp(`exceeded max depth of ${MAX_NESTING_DEPTH}`));
  }
  assert.equal((await s.request('GET', `${CMS}/deep-apply`)).status, 404);
  await assertServing();
});

test('nesting up to the limit is accepted in JSON, YAML and apply bodies of a custom resource', async () => {
  // object (1) > spec (2) > a: arrays from depth 3 on.
  const inner = nestedArrays(MAX_NESTING_DEPTH - 2);
  const json = (name: string) => `{"apiVersion":"example.com/v1","kind":"Thing","metadata":{"name":"${name}"},"spec":{"a":${inner}}}`;
  assert.equal((await s.request('POST', THINGS, { headers: JSON_CT, body: json('at-limit-json') })).status, 201);
  assert.equal((await s.request('POST', THINGS, { headers: YAML_CT, body: json('at-limit-yaml') })).status, 201);
  assert.equal((await s.request('PATCH', `${THINGS}/at-limit-apply?fieldManager=m`, { headers: APPLY_CT, body: json('at-limit-apply') })).status, 201);
  const over = `{"apiVersion":"example.com/v1","kind":"Thing","metadata":{"name":"over"},"spec":{"a":[${inner}]}}`;
  assert.equal((await s.request('POST', THINGS, { headers: JSON_CT, body: over })).status, 400);
  assert.equal((await s.request('GET', `${THINGS}/over`)).status, 404);
});

// --- 7. deep patches ---------------------------------------------------------------------------------------

test('merge, strategic merge and JSON patches nesting 9,000 objects answer 400, not 500', async () => {
  assert.equal((await s.request('POST', CMS, { headers: JSON_CT, body: '{"metadata":{"name":"patched"},"data":{"k":"v"}}' })).status, 201);
  // Below Go's 10000, above kubelite's limit.
  const deep = nestedObjects(9000);
  assertStatus(await s.request('PATCH', `${CMS}/patched`, { headers: MERGE_CT, body: deep }), 400, 'BadRequest', "error decoding patch: invalid character '{' exceeded max depth");
  assertStatus(await s.request('PATCH', `${CMS}/patched`, { headers: SMP_CT, body: deep }), 400, 'BadRequest', "invalid character '{' exceeded max depth");
  assertStatus(
    await s.request('PATCH', `${CMS}/patched`, { headers: JSONPATCH_CT, body: `[{"op":"add","path":"/data/x","value":${deep}}]` }),
    400,
    'BadRequest',
    "error decoding patch: invalid character '{' exceeded max depth",
  );
  const cm = (await s.request('GET', `${CMS}/patched`)).json();
  assert.deepEqual(cm.data, { k: 'v' });
  await assertServing();
});

test('JSON patch copies that would nest the object beyond the limit fail as the library fails them: 422', async () => {
  const inner = nestedObjects(MAX_NESTING_DEPTH - 100);
  const c = await s.request('POST', THINGS, { headers: JSON_CT, body: `{"apiVersion":"example.com/v1","kind":"Thing","metadata":{"name":"copies"},"spec":{"a":${inner}}}` });
  assert.equal(c.status, 201, c.body);
  const deepPath = '/spec/a' + '/a'.repeat(MAX_NESTING_DEPTH - 110);
  const ops = [0, 1, 2].map((i) => ({ op: 'copy', from: '/spec', path: `${deepPath}${'/b'.repeat(i)}/b` }));
  const r = await s.request('PATCH', `${THINGS}/copies`, { headers: JSONPATCH_CT, body: JSON.stringify(ops) });
  assertStatus(r, 422, 'Invalid', 'the server rejected our request due to an error in our request');
  assert.equal((await s.request('GET', `${THINGS}/copies`)).json().metadata.resourceVersion, c.json().metadata.resourceVersion);
  await assertServing();
});

// --- 9. alias bombs ----------------------------------------------------------------------------------------

const ALIAS_BOMB = ['a: &a ["x","x","x","x","x","x","x","x","x"]', ...'bcdefghi'.split('').map((c, i) => `${c}: &${c} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(',')}]`)].join('\n') + '\n';

test('a YAML alias bomb answers yaml.v2\'s excessive aliasing error as a create and as an apply patch', async () => {
  assertStatus(
    await s.request('POST', CMS, { headers: YAML_CT, body: ALIAS_BOMB }),
    400,
    'BadRequest',
    `the object provided is unrecognized (must be of type ConfigMap): yaml: document contains excessive aliasing (${hex30(ALIAS_BOMB)})`,
  );
  assertStatus(
    await s.request('PATCH', `${CMS}/bomb?fieldManager=m`, { headers: APPLY_CT, body: ALIAS_BOMB }),
    400,
    'BadRequest',
    'error decoding YAML: error converting YAML to JSON: yaml: document contains excessive aliasing',
  );
  await assertServing();
});

test('a few aliases are expanded as copies', async () => {
  const body = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: aliased\n  labels: &l {app: web}\n  annotations: *l\n';
  const r = await s.request('POST', CMS, { headers: YAML_CT, body });
  assert.equal(r.status, 201, r.body);
  assert.deepEqual([r.json().metadata.labels, r.json().metadata.annotations], [{ app: 'web' }, { app: 'web' }]);
});

// --- 6. nulls where objects are expected -------------------------------------------------------------------

test('DELETE with a null body deletes as if there were no options', async () => {
  assert.equal((await s.request('POST', CMS, { headers: JSON_CT, body: '{"metadata":{"name":"del-null"}}' })).status, 201);
  const r = await s.request('DELETE', `${CMS}/del-null`, { headers: JSON_CT, body: 'null' });
  assert.equal(r.status, 200, r.body);
  assert.equal(r.json().status, 'Success');
  assert.equal((await s.request('GET', `${CMS}/del-null`)).status, 404);
});

test('DELETE with a body that is not an object answers Go\'s decode error', async () => {
  assert.equal((await s.request('POST', CMS, { headers: JSON_CT, body: '{"metadata":{"name":"del-array"}}' })).status, 201);
  const r = await s.request('DELETE', `${CMS}/del-array`, { headers: JSON_CT, body: '[1]' });
  assertStatus(r, 400, 'BadRequest', `couldn't get version/kind; json parse error: json: cannot unmarshal array into Go value of type ${FIND_KIND}`);
  const g = await s.request('DELETE', `${CMS}/del-array`, { headers: JSON_CT, body: '{"gracePeriodSeconds":"soon"}' });
  assertStatus(g, 400, 'BadRequest', 'json: cannot unmarshal string into Go struct field DeleteOptions.gracePeriodSeconds of type int64');
  const k = await s.request('DELETE', `${CMS}/del-array`, { headers: JSON_CT, body: '{"kind":5}' });
  assertStatus(k, 400, 'BadRequest', "couldn't get version/kind; json parse error: json: cannot unmarshal number into Go struct field .kind of type string");
  assert.equal((await s.request('GET', `${CMS}/del-array`)).status, 200);
});

test('a null container is a zero Container: 422 with its field paths', async () => {
  const r = await s.request('POST', '/api/v1/namespaces/default/pods', { headers: JSON_CT, body: '{"metadata":{"name":"p"},"spec":{"containers":[null]}}' });
  assertStatus(r, 422, 'Invalid', 'Pod "p" is invalid: [spec.containers[0].name: Required value, spec.containers[0].image: Required value]');
});

test('a null service port is a zero ServicePort: 422 with its field paths', async () => {
  const r = await s.request('POST', '/api/v1/namespaces/default/services', { headers: JSON_CT, body: '{"metadata":{"name":"s"},"spec":{"ports":[null]}}' });
  assertStatus(
    r,
    422,
    'Invalid',
    'Service "s" is invalid: [spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive, spec.ports[0].targetPort: Invalid value: 0: must be between 1 and 65535, inclusive]',
  );
});

test('a null matchLabels value is the empty string: the selector does not match the template', async () => {
  const body = '{"metadata":{"name":"d"},"spec":{"selector":{"matchLabels":{"a":null}},"template":{"metadata":{"labels":{"a":"b"}},"spec":{"containers":[{"name":"c","image":"i"}]}}}}';
  const r = await s.request('POST', '/apis/apps/v1/namespaces/default/deployments', { headers: JSON_CT, body });
  assertStatus(r, 422, 'Invalid', 'Deployment.apps "d" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"a":"b"}: `selector` does not match template `labels`');
});

test('apiVersion or kind of another type than string is Go\'s decode error on create', async () => {
  const body = '{"apiVersion":"v1","kind":{"a":1},"metadata":{"name":"k"}}';
  const r = await s.request('POST', CMS, { headers: JSON_CT, body });
  assertStatus(r, 400, 'BadRequest', `the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: json: cannot unmarshal object into Go struct field .kind of type string (${body.slice(0, 30)} ...)`);
});

test('a CRD pattern that is not a Go regular expression answers Go\'s regexp error, not JavaScript\'s', async () => {
  const crd = JSON.parse(JSON.stringify(THING_CRD));
  crd.metadata = { name: 'patterns.example.com' };
  crd.spec.names = { plural: 'patterns', singular: 'pattern', kind: 'Pattern', listKind: 'PatternList' };
  crd.spec.versions[0].schema.openAPIV3Schema.properties.spec = { type: 'string', pattern: 'x(?=y)' };
  const r = await s.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { headers: JSON_CT, body: JSON.stringify(crd) });
  assertStatus(
    r,
    422,
    'Invalid',
    'CustomResourceDefinition.apiextensions.k8s.io "patterns.example.com" is invalid: spec.validation.openAPIV3Schema.properties[spec].pattern: Invalid value: "x(?=y)": must be a valid regular expression, but isn\'t: error parsing regexp: invalid or unsupported Perl syntax: `(?=`',
  );
});

// --- 12. patch results validated before storing ------------------------------------------------------------

test('a null ConfigMap value is stored as the empty string, by create and by patch', async () => {
  const r = await s.request('POST', CMS, { headers: JSON_CT, body: '{"metadata":{"name":"nulls"},"data":{"a":null}}' });
  assert.equal(r.status, 201, r.body);
  assert.deepEqual(r.json().data, { a: '' });
  const p = await s.request('PATCH', `${CMS}/nulls`, { headers: JSONPATCH_CT, body: '[{"op":"add","path":"/data/b","value":null}]' });
  assert.equal(p.status, 200, p.body);
  const stored = JSON.parse(Buffer.from((await s.storage.get('/registry/configmaps/default/nulls')).kv!.value).toString());
  assert.deepEqual(stored.data, { a: '', b: '' });
});

test('a JSON patch removing kind or apiVersion of a Service or Secret keeps them, as the typed decode does', async () => {
  assert.equal((await s.request('POST', '/api/v1/namespaces/default/services', { headers: JSON_CT, body: '{"metadata":{"name":"svc"},"spec":{"ports":[{"port":80}]}}' })).status, 201);
  assert.equal((await s.request('POST', '/api/v1/namespaces/default/secrets', { headers: JSON_CT, body: '{"metadata":{"name":"sec"}}' })).status, 201);
  for (const [path, key, kind] of [
    ['/api/v1/namespaces/default/services/svc', '/registry/services/default/svc', 'Service'],
    ['/api/v1/namespaces/default/secrets/sec', '/registry/secrets/default/sec', 'Secret'],
  ] as const) {
    for (const field of ['kind', 'apiVersion']) {
      const r = await s.request('PATCH', path, { headers: JSONPATCH_CT, body: `[{"op":"remove","path":"/${field}"}]` });
      assert.equal(r.status, 200, r.body);
      assert.deepEqual([r.json().apiVersion, r.json().kind], ['v1', kind]);
      const stored = JSON.parse(Buffer.from((await s.storage.get(key)).kv!.value).toString());
      assert.deepEqual([stored.apiVersion, stored.kind], ['v1', kind]);
    }
  }
});

test('a patch cannot turn a built-in object into another kind or version', async () => {
  assert.equal((await s.request('POST', '/api/v1/namespaces/default/secrets', { headers: JSON_CT, body: '{"metadata":{"name":"retyped"}}' })).status, 201);
  const path = '/api/v1/namespaces/default/secrets/retyped';
  for (const [headers, body, kind, version] of [
    [JSONPATCH_CT, '[{"op":"replace","path":"/kind","value":"Foo"}]', 'Foo', 'v1'],
    [MERGE_CT, '{"apiVersion":"apps/v1"}', 'Secret', 'apps/v1'],
  ] as const) {
    const r = await s.request('PATCH', path, { headers, body });
    assert.equal(r.status, 400, r.body);
    assert.match(r.json().message, new RegExp(`^ "" is invalid: patch: Invalid value: ".*": no kind "${kind}" is registered for version "${version.replace('/', '\\/')}" in scheme "pkg/api/legacyscheme/scheme.go:30"$`));
  }
  const stored = JSON.parse(Buffer.from((await s.storage.get('/registry/secrets/default/retyped')).kv!.value).toString());
  assert.deepEqual([stored.apiVersion, stored.kind], ['v1', 'Secret']);
});

test('a JSON patch cannot make a custom object\'s kind an object nor remove it', async () => {
  const c = await s.request('POST', THINGS, { headers: JSON_CT, body: '{"apiVersion":"example.com/v1","kind":"Thing","metadata":{"name":"kinded"}}' });
  assert.equal(c.status, 201);
  const rv = c.json().metadata.resourceVersion;
  const obj = await s.request('PATCH', `${THINGS}/kinded`, { headers: JSONPATCH_CT, body: '[{"op":"replace","path":"/kind","value":{"a":1}}]' });
  assert.equal(obj.status, 400, obj.body);
  assert.equal(obj.json().reason, 'BadRequest');
  assert.match(obj.json().message, /^ "" is invalid: patch: Invalid value: "\{\\"apiVersion\\":\\"example.com\/v1\\",\\"kind\\":\{\\"a\\":1\},.*": couldn't get version\/kind; json parse error: json: cannot unmarshal object into Go struct field \.kind of type string$/);
  const gone = await s.request('PATCH', `${THINGS}/kinded`, { headers: JSONPATCH_CT, body: '[{"op":"remove","path":"/kind"}]' });
  assert.equal(gone.status, 400, gone.body);
  assert.match(gone.json().message, /^ "" is invalid: patch: Invalid value: "\{\\"apiVersion\\":\\"example.com\/v1\\",\\"metadata\\":.*": Object 'Kind' is missing in '\{"apiVersion":"example.com\/v1","metadata":.*\}'$/);
  assert.equal((await s.request('GET', `${THINGS}/kinded`)).json().metadata.resourceVersion, rv);
});

// --- 3. malformed metadata on custom resources -------------------------------------------------------------

test('a custom resource with malformed metadata is rejected with Go\'s decode error and not stored', async () => {
  const body = '{"apiVersion":"example.com/v1","kind":"Thing","metadata":{"name":"p","finalizers":{"a":1},"labels":{"a":5},"ownerReferences":"x"}}';
  assertStatus(await s.request('POST', THINGS, { headers: JSON_CT, body }), 400, 'BadRequest', 'Thing in version "v1" cannot be handled as a Thing: json: cannot unmarshal object into Go struct field ObjectMeta.finalizers of type []string');
  assert.equal((await s.request('GET', `${THINGS}/p`)).status, 404);
  for (const [md, err] of [
    ['"labels":{"a":5}', 'json: cannot unmarshal number into Go struct field ObjectMeta.labels of type string'],
    ['"ownerReferences":"x"', 'json: cannot unmarshal string into Go struct field ObjectMeta.ownerReferences of type []v1.OwnerReference'],
    ['"generation":"1"', 'json: cannot unmarshal string into Go struct field ObjectMeta.generation of type int64'],
  ]) {
    const r = await s.request('POST', THINGS, { headers: JSON_CT, body: `{"apiVersion":"example.com/v1","kind":"Thing","metadata":{"name":"p",${md}}}` });
    assertStatus(r, 400, 'BadRequest', `Thing in version "v1" cannot be handled as a Thing: ${err}`);
  }
});

test('fields ObjectMeta does not have are unknown fields of a custom resource: dropped, warned about, or fatal', async () => {
  const body = (name: string) => `{"apiVersion":"example.com/v1","kind":"Thing","metadata":{"name":"${name}","metadata":{},"foo":1}}`;
  assertStatus(
    await s.request('POST', `${THINGS}?fieldValidation=Strict`, { headers: JSON_CT, body: body('strict') }),
    400,
    'BadRequest',
    'Thing in version "v1" cannot be handled as a Thing: strict decoding error: unknown field "metadata.foo", unknown field "metadata.metadata"',
  );
  const warned = await s.request('POST', THINGS, { headers: JSON_CT, body: body('warned') });
  assert.equal(warned.status, 201, warned.body);
  assert.equal(warned.headers['warning'], '299 - "unknown field \\"metadata.foo\\"", 299 - "unknown field \\"metadata.metadata\\""');
  assert.equal(warned.json().metadata.foo, undefined);
  assert.equal(warned.json().metadata.metadata, undefined);
});

test('a merge patch that makes a custom resource\'s finalizers an object is rejected and changes nothing', async () => {
  const c = await s.request('POST', THINGS, { headers: JSON_CT, body: '{"apiVersion":"example.com/v1","kind":"Thing","metadata":{"name":"fin","labels":{"a":null}}}' });
  assert.equal(c.status, 201, c.body);
  assert.deepEqual(c.json().metadata.labels, { a: '' });
  const r = await s.request('PATCH', `${THINGS}/fin`, { headers: MERGE_CT, body: '{"metadata":{"finalizers":{"$patch":"x"}}}' });
  assert.equal(r.status, 400, r.body);
  assert.match(r.json().message, /^ "" is invalid: patch: Invalid value: ".*\\"finalizers\\":\{\\"\$patch\\":\\"x\\"\}.*": json: cannot unmarshal object into Go struct field ObjectMeta\.finalizers of type \[\]string$/);
  const after = await s.request('GET', `${THINGS}/fin`);
  assert.equal(after.json().metadata.resourceVersion, c.json().metadata.resourceVersion);
  const del = await s.request('DELETE', `${THINGS}/fin`);
  assert.equal(del.status, 200, del.body);
});

// --- invalid UTF-8 in a field name (found by the hostile-input stress run) ----------------------------------

for (const http2 of [false, true]) {
  test(`${http2 ? 'HTTP/2' : 'HTTP/1.1'}: an unknown field whose name is invalid UTF-8 is decoded as U+FFFD and its warning sent as UTF-8 bytes`, async () => {
    const name = `utf8-warning-${http2 ? 'h2' : 'h1'}`;
    const body = Buffer.concat([Buffer.from(`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"${name}"},"`), Buffer.from([0xff, 0xc3]), Buffer.from('":1}')]);
    const r = await s.request('POST', CMS, { headers: JSON_CT, body, http2 });
    assert.equal(r.status, 201, r.body);
    // Node hands header bytes over as Latin-1 characters.
    const warning = Buffer.from(String(r.headers.warning), 'latin1').toString('utf8');
    assert.equal(warning, '299 - "unknown field \\"\uFFFD\uFFFD\\""');
    const bad = Buffer.concat([Buffer.from('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"Bad_Name"},"'), Buffer.from([0xe2]), Buffer.from('":1}')]);
    assertStatus(
      await s.request('POST', CMS, { headers: JSON_CT, body: bad, http2 }),
      422,
      'Invalid',
      `ConfigMap "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
    );
    await assertServing();
  });
}
