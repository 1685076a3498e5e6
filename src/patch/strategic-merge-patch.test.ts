import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyStrategicMergePatch } from './strategic-merge-patch.js';
import { decodePatchBody } from '../endpoints/patch/apply-patch-body.js';
import { openAPIRefResolver, patchMetaFromOpenAPI, type OpenAPISchema, type PatchMeta } from './patch-meta.js';
import { ApiserverPanic } from './patch-errors.js';
import { StatusError } from '../errors/status.js';
import { loadSchemas } from '../api/catalog.js';

// The schemas production reads: the 1.33 OpenAPI components bundled in the repository (api/generated/schemas).
const docs = (
  [
    ['', 'v1'],
    ['apps', 'v1'],
    ['policy', 'v1'],
  ] as const
).map(([group, version]) => {
  const schemas = loadSchemas(group, version);
  assert.ok(schemas, `bundled schemas of ${group || 'core'}/${version}`);
  return { components: { schemas: schemas as Record<string, OpenAPISchema> } };
});
const resolveRef = openAPIRefResolver(...docs);
const metaFor = (name: string): PatchMeta => patchMetaFromOpenAPI({ $ref: `#/components/schemas/${name}` }, resolveRef);

const POD = 'io.k8s.api.core.v1.Pod';
const DEPLOYMENT = 'io.k8s.api.apps.v1.Deployment';

const pod = () => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', namespace: 'default', labels: { a: '1', b: '2' }, finalizers: ['fx', 'fy'] },
  spec: {
    containers: [
      { name: 'app', image: 'app:1', args: ['--a', '--b'], env: [{ name: 'A', value: 'a' }, { name: 'B', value: 'b' }], ports: [{ containerPort: 80, protocol: 'TCP' }] },
      { name: 'side', image: 'side:1' },
    ],
    volumes: [{ name: 'v2', configMap: { name: 'cm' } }],
  },
});

const smp = (doc: unknown, patch: unknown, kind = POD, fieldValidation?: 'Ignore' | 'Warn' | 'Strict') =>
  applyStrategicMergePatch(doc, decodePatchBody(typeof patch === 'string' ? patch : JSON.stringify(patch)), metaFor(kind), { fieldValidation });
const r = (patch: unknown, doc: unknown = pod(), kind = POD): any => smp(doc, patch, kind).result;

function statusOf(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof StatusError, `expected StatusError, got ${e}`);
    return e.toJSON();
  }
  assert.fail('expected an error');
}
const status500 = (message: string) => ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, code: 500 });
const status400 = (message: string) => ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'BadRequest', code: 400 });

test('maps merge, null deletes (ssa.md §7.5)', () => {
  assert.deepEqual(r({ metadata: { labels: { a: null, c: '3' } } }).metadata.labels, { b: '2', c: '3' });
  assert.deepEqual(r({ metadata: { labels: { $patch: 'replace', z: '9' } } }).metadata.labels, { z: '9' });
  assert.deepEqual(r({ metadata: { labels: { $patch: 'delete' } } }).metadata.labels, {});
  assert.equal(r({ metadata: { nope: null } }).metadata.name, 'p');
});

test('a list without strategy is replaced', () => {
  assert.deepEqual(r({ spec: { containers: [{ name: 'app', args: ['--z'] }] } }).spec.containers[0].args, ['--z']);
});

test('set of scalars: new values first, then the rest (finalizers)', () => {
  assert.deepEqual(r({ metadata: { finalizers: ['z'] } }).metadata.finalizers, ['z', 'fx', 'fy']);
  // a server-only item goes first only when it precedes the patch head in the live list
  assert.deepEqual(r({ metadata: { finalizers: ['fy', 'z'] } }).metadata.finalizers, ['fx', 'fy', 'z']);
  assert.deepEqual(r({ metadata: { finalizers: ['z', 'fx'] } }).metadata.finalizers, ['z', 'fx', 'fy']);
  assert.deepEqual(r({ metadata: { '$deleteFromPrimitiveList/finalizers': ['fx', 'nope'] } }).metadata.finalizers, ['fy']);
  assert.deepEqual(r({ metadata: { '$setElementOrder/finalizers': ['fy', 'fx'] } }).metadata.finalizers, ['fy', 'fx']);
});

test('merge-keyed lists: a new item goes before the server-only items', () => {
  const names = (patch: unknown) => r(patch).spec.containers.map((c: { name: string }) => c.name);
  assert.deepEqual(names({ spec: { containers: [{ name: 'new', image: 'n' }] } }), ['new', 'app', 'side']);
  assert.deepEqual(names({ spec: { containers: [{ name: 'side', image: 's:2' }] } }), ['app', 'side']);
  const c = r({ spec: { containers: [{ name: 'app', image: 'app:2' }] } }).spec.containers;
  assert.deepEqual(c[0], { ...pod().spec.containers[0], image: 'app:2' });
});

test('$setElementOrder reorders and merges (ssa.md §7.4)', () => {
  const c = r({ spec: { '$setElementOrder/containers': [{ name: 'side' }, { name: 'app' }], containers: [{ name: 'app', image: 'app:2' }] } }).spec.containers;
  assert.deepEqual(c.map((x: { name: string }) => x.name), ['side', 'app']);
  assert.equal(c[1].image, 'app:2');
  assert.deepEqual(c[1].env, pod().spec.containers[0].env);
});

test('$setElementOrder after deletions sees the live list as kube edits it in place', () => {
  const doc = { spec: { containers: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] } };
  const patch = { spec: { '$setElementOrder/containers': [{ name: 'b' }, { name: 'n' }], containers: [{ name: 'n' }, { name: 'a', $patch: 'delete' }] } };
  // kube's live list becomes [b c n] in place (delete shifts, append fills the tail), so c sorts before n
  assert.deepEqual(r(patch, doc).spec.containers.map((c: { name: string }) => c.name), ['b', 'c', 'n']);
});

test('$patch: delete items and ordering of the rest (env)', () => {
  const env = r({ spec: { containers: [{ name: 'app', env: [{ name: 'A', $patch: 'delete' }, { name: 'Z', value: 'z' }] }] } }).spec.containers[0].env;
  assert.deepEqual(env, [{ name: 'Z', value: 'z' }, { name: 'B', value: 'b' }]);
});

test('$patch: replace inside a list replaces it (and the carrier item is dropped)', () => {
  assert.deepEqual(r({ spec: { containers: [{ name: 'app', image: 'x', $patch: 'replace' }] } }).spec.containers, []);
  assert.deepEqual(r({ spec: { containers: [{ name: 'only', image: 'o' }, { $patch: 'replace' }] } }).spec.containers, [{ name: 'only', image: 'o' }]);
});

test('container ports merge by containerPort only', () => {
  assert.deepEqual(r({ spec: { containers: [{ name: 'app', ports: [{ containerPort: 80, protocol: 'UDP' }] }] } }).spec.containers[0].ports, [{ containerPort: 80, protocol: 'UDP' }]);
});

test('$retainKeys on a volume (merge,retainKeys)', () => {
  const patch = (retain: boolean) => ({ spec: { volumes: [{ name: 'v2', secret: { secretName: 's' }, ...(retain ? { $retainKeys: ['name', 'secret'] } : {}) }] } });
  assert.deepEqual(r(patch(true)).spec.volumes, [{ name: 'v2', secret: { secretName: 's' } }]);
  assert.deepEqual(r(patch(false)).spec.volumes, [{ name: 'v2', configMap: { name: 'cm' }, secret: { secretName: 's' } }]);
  // a patch key missing from the list is a 400
  assert.deepEqual(statusOf(() => smp(pod(), { spec: { volumes: [{ name: 'v2', secret: {}, $retainKeys: ['name'] }] } })), status400('invalid patch format of retainKeys'));
  assert.deepEqual(statusOf(() => smp(pod(), { spec: { $retainKeys: 'x' } })), status400('invalid patch format of retainKeys'));
});

test('Deployment strategy (retainKeys) and replace-strategy fields', () => {
  const deploy = {
    metadata: { name: 'web' },
    spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } } },
  };
  assert.deepEqual(r({ spec: { strategy: { type: 'Recreate', $retainKeys: ['type'] } } }, deploy, DEPLOYMENT).spec.strategy, { type: 'Recreate' });
  const pdb = { spec: { selector: { matchLabels: { a: '1' } } } };
  assert.deepEqual(r({ spec: { selector: { matchExpressions: [] } } }, pdb, 'io.k8s.api.policy.v1.PodDisruptionBudget').spec.selector, { matchExpressions: [] });
  // without a strategy the selector map merges
  assert.deepEqual(r({ spec: { selector: { matchLabels: { b: '2' } } } }, deploy, DEPLOYMENT).spec.selector, { matchLabels: { app: 'web', b: '2' } });
});

test('new values: nulls and $patch maps are dropped', () => {
  const got = r({ metadata: { annotations: { a: '1', b: null, c: { $patch: 'delete' } } }, spec: { hostname: 'h', subdomain: null } });
  assert.deepEqual(got.metadata.annotations, { a: '1' });
  assert.equal(got.spec.hostname, 'h');
  assert.equal('subdomain' in got.spec, false);
});

test('merge errors are 500s with the raw text', () => {
  assert.deepEqual(statusOf(() => smp(pod(), { spec: { containers: [{ image: 'noname' }] } })), status500('map: map[image:noname] does not contain declared merge key: name'));
  assert.deepEqual(statusOf(() => smp(pod(), { spec: { containers: [{ $patch: 'delete' }] } })), status500('map: map[$patch:delete] does not contain declared merge key: name'));
  assert.deepEqual(statusOf(() => smp(pod(), { spec: { containers: [{ name: 'app', $patch: 'merge' }] } })), status500('merging lists cannot yet be specified in the patch'));
  assert.deepEqual(statusOf(() => smp(pod(), { metadata: { labels: { $patch: 'foo', x: 'y' } } })), status500('unknown patch type: foo in map: map[$patch:foo x:y]'));
  assert.deepEqual(statusOf(() => smp(pod(), { metadata: { labels: { $patch: 1 } } })), status500('unknown patch type: %!s(int64=1) in map: map[$patch:1]'));
  assert.deepEqual(
    statusOf(() => smp(pod(), { metadata: { finalizers: [1] } })),
    status500('list element types are not identical: [[fx fy] [1]]'),
  );
  assert.deepEqual(
    statusOf(() => smp(pod(), { spec: { '$setElementOrder/containers': [{ name: 'side' }], containers: [{ name: 'app' }] } })),
    status500("The order in patch list:\n[map[name:app]]\n doesn't match $setElementOrder list:\n[map[name:side]]\n"),
  );
});

test('directive format errors are 400s; lists of lists the generic 422', () => {
  assert.deepEqual(statusOf(() => smp(pod(), { metadata: { $deleteFromPrimitiveListfinalizers: ['fx'] } })), status400('invalid patch format of primitive list'));
  assert.deepEqual(statusOf(() => smp(pod(), { spec: { $setElementOrderX: [] } })), status400('invalid patch format of setElementOrder list'));
  const noFinalizers = { ...pod(), metadata: { name: 'p', finalizers: [] } };
  assert.deepEqual(statusOf(() => smp(noFinalizers, { metadata: { finalizers: [['x']] } })), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'the server rejected our request due to an error in our request',
    reason: 'Invalid',
    details: {},
    code: 422,
  });
  // mixed element types are a 500
  assert.deepEqual(statusOf(() => smp(pod(), { metadata: { finalizers: [['x']] } })), status500('list element types are not identical: [[fx fy] [[x]]]'));
  // a null first element in a merged list makes kube panic; a later one is a type mismatch
  assert.throws(() => smp(noFinalizers, { metadata: { finalizers: [null] } }), ApiserverPanic);
  assert.deepEqual(statusOf(() => smp(pod(), { metadata: { finalizers: [null] } })), status500('list element types are not identical: [[fx fy] [<nil>]]'));
});

test('undecodable bodies: the decoder text alone, in every validation mode', () => {
  for (const fv of ['Ignore', 'Warn', 'Strict'] as const) {
    assert.deepEqual(statusOf(() => smp(pod(), 'x', POD, fv)), status400("invalid character 'x' looking for beginning of value"));
    assert.deepEqual(statusOf(() => smp(pod(), '[1]', POD, fv)), status400('json: cannot unmarshal array into Go value of type map[string]interface {}'));
  }
  assert.deepEqual(smp(pod(), 'null').result, pod());
});

test('duplicate keys are strict errors; patchText is the Go print of the merged patch map', () => {
  const res = smp(pod(), '{"metadata":{"labels":{"a":"x","a":"y"}},"spec":{"$setElementOrder/containers":[{"name":"side"},{"name":"app"}],"containers":[{"name":"app","image":"i"}],"replicas":"x"}}');
  assert.deepEqual(res.strictErrors, ['duplicate field "metadata.labels.a"']);
  assert.equal(res.result && (res.result as any).metadata.labels.a, 'y');
  // kube's merge consumed the directive and the list it ordered
  assert.equal(res.patchText(), 'map[metadata:map[labels:map[a:y]] spec:map[replicas:x]]');
  assert.deepEqual(smp(pod(), '{"a":1,"a":2}', POD, 'Ignore').strictErrors, []);
});

test('the input document is not modified', () => {
  const doc = pod();
  smp(doc, { metadata: { labels: { a: null } }, spec: { containers: [{ name: 'app', image: 'z' }] } });
  assert.deepEqual(doc, pod());
});

test('OpenAPI adapter: strategies, merge keys, and kube-like lookup failures', () => {
  const spec = metaFor(POD).lookupStruct('spec');
  assert.equal(spec.meta.name, 'struct');
  assert.deepEqual(spec.strategies, []);
  const containers = spec.meta.lookupSlice('containers');
  assert.deepEqual([containers.strategies, containers.mergeKey], [['merge'], 'name']);
  assert.deepEqual([spec.meta.lookupSlice('volumes').strategies, spec.meta.lookupSlice('volumes').mergeKey], [['merge', 'retainKeys'], 'name']);
  assert.equal(containers.meta.lookupSlice('ports').mergeKey, 'containerPort');
  assert.deepEqual(metaFor(POD).lookupStruct('metadata').meta.lookupSlice('finalizers').strategies, ['merge']);
  const fails = (fn: () => unknown, message: string) => assert.throws(fn, (e: Error) => e.message === message);
  // a field that is not a list describes its own items, as in kube's OpenAPI lookup
  assert.equal(metaFor(POD).lookupSlice('spec').meta, spec.meta);
  fails(() => metaFor(POD).lookupStruct('nope'), 'unable to find api field in struct Pod for the json field "nope"');
  fails(() => metaFor(POD).lookupStruct('metadata').meta.lookupStruct('labels').meta.lookupStruct('x'), 'merging an object in json but data type is not struct, instead is: map');
  // encoding/json's case-insensitive fallback
  assert.equal(metaFor(POD).lookupStruct('Spec').meta, spec.meta);
});
