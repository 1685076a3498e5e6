// fieldValidation end to end (apiserver.md §3.1 step 3, §3.3, §9.2): unknown and duplicate fields as Warning
// headers, the Strict 400 (for PATCH too, as seed 000 says), Go decoding errors, pruning and schema defaults,
// and kubectl 1.33 `create -f --validate=strict|warn|false`.
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

const CMS = '/api/v1/namespaces/default/configmaps';
const json = { 'Content-Type': 'application/json' };

function warnings(h: string | string[] | undefined): string[] {
  if (h === undefined) return [];
  // Node joins repeated headers with ", "; our texts contain no `", 299` sequence.
  return (Array.isArray(h) ? h : h.split(/, (?=299 )/)).map((w) => w);
}

test('Warn (default): one Warning per unknown or duplicate field, in decode order; unknown fields are not stored', async () => {
  const body = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"w1","name":"w1","foo":1},"data":{"a":"1"},"spec":{"foo":1}}';
  const r = await s.request('POST', CMS, { body, headers: json });
  assert.equal(r.status, 201, r.body);
  assert.deepEqual(warnings(r.headers.warning), ['299 - "duplicate field \\"metadata.name\\""', '299 - "unknown field \\"metadata.foo\\""', '299 - "unknown field \\"spec\\""']);
  const got = r.json();
  assert.equal(got.metadata.foo, undefined);
  assert.equal(got.spec, undefined);
  assert.deepEqual(got.data, { a: '1' });
  const stored = (await s.request('GET', `${CMS}/w1`)).json();
  assert.equal(stored.spec, undefined);
  assert.equal(stored.metadata.foo, undefined);
});

test('Ignore: unknown fields are dropped silently', async () => {
  const r = await s.request('POST', `${CMS}?fieldValidation=Ignore`, { body: JSON.stringify({ metadata: { name: 'i1' }, bogus: true }), headers: json });
  assert.equal(r.status, 201, r.body);
  assert.equal(r.headers.warning, undefined);
  assert.equal(r.json().bogus, undefined);
});

test('Strict create: 400 BadRequest listing every strict error, joined in decode order', async () => {
  const body = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"s1"},"spec":{"foo":1},"data":{"x":"1","x":"2"}}';
  const r = await s.request('POST', `${CMS}?fieldValidation=Strict`, { body, headers: json });
  assert.equal(r.status, 400);
  assert.deepEqual(r.json(), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "spec", duplicate field "data.x"',
    reason: 'BadRequest',
    code: 400,
  });
  assert.equal((await s.request('GET', `${CMS}/s1`)).status, 404);
});

test('Strict update (PUT) fails the same way; Warn update warns', async () => {
  await s.request('POST', CMS, { body: JSON.stringify({ metadata: { name: 'u1' } }), headers: json });
  const body = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'u1' }, data: { a: 'b' }, extra: 1 });
  const strict = await s.request('PUT', `${CMS}/u1?fieldValidation=Strict`, { body, headers: json });
  assert.equal(strict.status, 400);
  assert.equal(strict.json().message, 'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "extra"');
  const warn = await s.request('PUT', `${CMS}/u1`, { body, headers: json });
  assert.equal(warn.status, 200, warn.body);
  assert.deepEqual(warnings(warn.headers.warning), ['299 - "unknown field \\"extra\\""']);
  assert.deepEqual(warn.json().data, { a: 'b' });
});

test('non-apply PATCH under Strict: 400 (seed 000) with kube\'s patch message; under Warn: warnings', async () => {
  await s.request('POST', CMS, { body: JSON.stringify({ metadata: { name: 'p1' }, data: { a: '1' } }), headers: json });
  const merge = { 'Content-Type': 'application/merge-patch+json' };
  const strict = await s.request('PATCH', `${CMS}/p1?fieldValidation=Strict`, { body: '{"spec":{"foo":1}}', headers: merge });
  assert.equal(strict.status, 400, strict.body);
  const st = strict.json();
  assert.equal(st.reason, 'BadRequest');
  assert.match(st.message, /^ "" is invalid: patch: Invalid value: "\{\\"apiVersion\\":\\"v1\\",\\"data\\":\{\\"a\\":\\"1\\"\},\\"kind\\":\\"ConfigMap\\",\\"metadata\\":\{.*\},\\"spec\\":\{\\"foo\\":1\}\}": strict decoding error: unknown field "spec"$/);
  assert.equal(st.details, undefined);
  const warn = await s.request('PATCH', `${CMS}/p1`, { body: '{"spec":{"foo":1},"data":{"b":"2"}}', headers: merge });
  assert.equal(warn.status, 200, warn.body);
  assert.deepEqual(warnings(warn.headers.warning), ['299 - "unknown field \\"spec\\""']);
  assert.deepEqual(warn.json().data, { a: '1', b: '2' });
  assert.equal(warn.json().spec, undefined);
});

test('decoding errors are fatal at every level: 400 with Go encoding/json texts', async () => {
  for (const fv of ['Ignore', 'Warn', 'Strict']) {
    const r = await s.request('POST', `${CMS}?fieldValidation=${fv}`, { body: JSON.stringify({ metadata: { name: 't1' }, data: { a: 1 }, bogus: 1 }), headers: json });
    assert.equal(r.status, 400);
    assert.equal(r.json().message, 'ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string');
    assert.equal(r.headers.warning, undefined);
  }
  const dep = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd1' },
    spec: { replicas: '2', selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  };
  const r = await s.request('POST', '/apis/apps/v1/namespaces/default/deployments', { body: JSON.stringify(dep), headers: json });
  assert.equal(r.status, 400);
  assert.equal(r.json().message, 'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32');
});

test('YAML bodies: unknown fields warn; a repeated key fails Strict with yaml.v2 text and is not a header under Warn', async () => {
  const yaml = { 'Content-Type': 'application/yaml' };
  const warn = await s.request('POST', CMS, { body: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: y1\n  name: y1\nfoo: 1\n', headers: yaml });
  assert.equal(warn.status, 201, warn.body);
  assert.deepEqual(warnings(warn.headers.warning), ['299 - "unknown field \\"foo\\""']);
  const strict = await s.request('POST', `${CMS}?fieldValidation=Strict`, { body: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: y2\n  name: y2\nfoo: 1\n', headers: yaml });
  assert.equal(strict.status, 400);
  assert.equal(
    strict.json().message,
    'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: yaml: unmarshal errors:\n  line 5: key "name" already set in map, unknown field "foo"',
  );
});

test('schema defaults are applied on create (Service port protocol)', async () => {
  const svc = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'svc1' }, spec: { ports: [{ port: 80 }] } };
  const r = await s.request('POST', '/api/v1/namespaces/default/services', { body: JSON.stringify(svc), headers: json });
  assert.equal(r.status, 201, r.body);
  assert.equal(r.json().spec.ports[0].protocol, 'TCP');
});

const CM_YAML = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: NAME\ndata:\n  a: "1"\nspec:\n  foo: bar\n';

test('kubectl create -f --validate=strict|warn|false against a YAML with an unknown field', { skip }, async () => {
  const strict = await s.kubectl(['create', '-f', '-', '--validate=strict'], { input: CM_YAML.replace('NAME', 'k-strict') });
  assert.notEqual(strict.code, 0);
  assert.equal(strict.stderr.trim(), 'Error from server (BadRequest): error when creating "STDIN": ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "spec"');
  const warn = await s.kubectl(['create', '-f', '-', '--validate=warn'], { input: CM_YAML.replace('NAME', 'k-warn') });
  assert.equal(warn.code, 0, warn.stderr);
  assert.equal(warn.stderr.trim(), 'Warning: unknown field "spec"');
  assert.equal(warn.stdout.trim(), 'configmap/k-warn created');
  const off = await s.kubectl(['create', '-f', '-', '--validate=false'], { input: CM_YAML.replace('NAME', 'k-off') });
  assert.equal(off.code, 0, off.stderr);
  assert.equal(off.stderr.trim(), '');
  assert.equal(off.stdout.trim(), 'configmap/k-off created');
});

test('JSON patch under Strict: operation errors and the object errors in one 400', async () => {
  await s.request('POST', CMS, { body: JSON.stringify({ metadata: { name: 'jp1' } }), headers: json });
  const jp = { 'Content-Type': 'application/json-patch+json' };
  const body = '[{"op":"add","path":"/spec","value":{"a":1},"vaule":2}]';
  const r = await s.request('PATCH', `${CMS}/jp1?fieldValidation=Strict`, { body, headers: jp });
  assert.equal(r.status, 400, r.body);
  assert.match(r.json().message, /": strict decoding error: json patch unknown field "\[0\]\.vaule", unknown field "spec"$/);
  const w = await s.request('PATCH', `${CMS}/jp1`, { body, headers: jp });
  assert.equal(w.status, 200, w.body);
  assert.deepEqual(warnings(w.headers.warning), ['299 - "json patch unknown field \\"[0].vaule\\""', '299 - "unknown field \\"spec\\""']);
  const smp = await s.request('PATCH', `${CMS}/jp1?fieldValidation=Strict`, { body: '{"data":{"a":"1"},"foo":1}', headers: { 'Content-Type': 'application/strategic-merge-patch+json' } });
  assert.equal(smp.status, 400, smp.body);
  assert.equal(smp.json().message, ' "" is invalid: patch: Invalid value: "map[data:map[a:1] foo:1]": strict decoding error: unknown field "foo"');
});
