import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JSONSchemaProps } from '../api/json-schema-props.js';
import { Env } from './env.js';
import { CelCompileError } from './issues.js';
import { assignTypeNames, escapeName, schemaDeclType, SchemaTypeProvider, unescapeName } from './schema-types.js';
import { schemaValue } from './schema-values.js';
import { formatType } from './types.js';
import { CelError } from './values.js';

const schema: JSONSchemaProps = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      required: ['replicas'],
      properties: {
        replicas: { type: 'integer' },
        maxReplicas: { type: 'integer' },
        ratio: { type: 'number' },
        name: { type: 'string', maxLength: 10 },
        'app.kubernetes.io/name': { type: 'string' },
        namespace: { type: 'string' },
        port: { 'x-kubernetes-int-or-string': true },
        data: { type: 'string', format: 'byte' },
        timeout: { type: 'string', format: 'duration' },
        start: { type: 'string', format: 'date-time' },
        day: { type: 'string', format: 'date' },
        tags: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' },
        ports: {
          type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'],
          items: { type: 'object', properties: { name: { type: 'string' }, port: { type: 'integer' } } },
        },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        blob: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        'bad name': { type: 'string' },
      },
    },
  },
};

function setup() {
  const decl = assignTypeNames(schemaDeclType(schema, true)!, 'selfType0');
  const env = new Env({ variables: { self: decl.celType, oldSelf: decl.celType }, provider: new SchemaTypeProvider(decl), homogeneousAggregateLiterals: true, crossTypeNumericComparisons: true, optionalTypes: true });
  return { decl, env };
}

const data = {
  apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w1', namespace: 'ns' },
  spec: {
    replicas: 3, maxReplicas: 5, ratio: 1, name: 'web-1', 'app.kubernetes.io/name': 'web', namespace: 'prod', port: 'http',
    data: Buffer.from('hi').toString('base64'), timeout: '1m30s', start: '2024-01-02T03:04:05.123456789Z', day: '2024-02-29',
    tags: ['a', 'b'], ports: [{ name: 'http', port: 80 }, { name: 'https', port: 443 }], labels: { app: 'web' }, blob: { x: 1 },
  },
};

test('schema types: property names escape as kube escapes them', () => {
  assert.equal(escapeName('namespace'), '__namespace__');
  assert.equal(escapeName('app.kubernetes.io/name'), 'app__dot__kubernetes__dot__io__slash__name');
  assert.equal(escapeName('a__b'), 'a__underscores__b');
  assert.equal(escapeName('x-y'), 'x__dash__y');
  assert.equal(escapeName('bad name'), undefined);
  assert.equal(escapeName('1abc'), undefined);
  assert.equal(escapeName('namespaceX'), 'namespaceX');
  assert.equal(unescapeName('app__dot__kubernetes__dot__io__slash__name'), 'app.kubernetes.io/name');
  assert.equal(unescapeName('__namespace__'), 'namespace');
});

test('schema types: rules type-check against the schema and evaluate on JSON', () => {
  const { decl, env } = setup();
  const self = schemaValue(data, decl);
  const ev = (rule: string) => env.compile(rule).eval({ self, oldSelf: self });
  assert.equal(ev('self.spec.replicas <= self.spec.maxReplicas'), true);
  assert.equal(ev('self.spec.ratio == 1.0 && self.spec.ratio >= 1'), true);
  assert.equal(ev("self.spec.app__dot__kubernetes__dot__io__slash__name == 'web'"), true);
  assert.equal(ev("self.spec.__namespace__ == 'prod'"), true);
  assert.equal(ev("self.metadata.name == 'w1' && self.kind == 'Widget'"), true);
  assert.equal(ev("self.spec.data == b'hi'"), true);
  assert.equal(ev("self.spec.timeout == duration('90s')"), true);
  assert.equal(ev('self.spec.start.getHours() == 3'), true);
  assert.equal(ev("self.spec.day == timestamp('2024-02-29T00:00:00Z')"), true);
  assert.equal(ev("self.spec.port == 'http'"), true);
  assert.equal(ev("self.spec.labels['app'] == 'web' && 'app' in self.spec.labels"), true);
  assert.equal(ev("self.spec.ports.exists(p, p.name == 'https' && p.port == 443)"), true);
  assert.equal(ev("self.spec.tags == ['b', 'a']"), true);
  assert.equal(ev("self.spec.tags + ['c', 'a'] == ['a', 'b', 'c']"), true);
  assert.equal(ev('has(self.spec.blob) && !has(self.spec.maxReplicas) == false'), true);
  assert.equal(ev('self == oldSelf'), true);
  assert.equal(ev('!has(self.spec.name) || self.spec.name.size() <= 10'), true);
});

test('schema types: undefined fields, unknown fields and invisible properties are compile errors', () => {
  const { env } = setup();
  const err = (rule: string) => { try { env.compile(rule); } catch (e) { assert.ok(e instanceof CelCompileError); return e.message; } return 'compiled'; };
  assert.equal(err('self.spec.replicaz > 1'), "ERROR: <input>:1:10: undefined field 'replicaz'\n | self.spec.replicaz > 1\n | .........^");
  assert.match(err('self.spec.blob.x == 1'), /undefined field 'x'/);
  assert.match(err("self.metadata.namespace == 'x'"), /undefined field 'namespace'/);
  assert.match(err('self.spec.replicas + "x"'), /found no matching overload for '_\+_' applied to '\(int, string\)'/);
});

test('schema types: a missing field is a runtime no such key error', () => {
  const { decl, env } = setup();
  const self = schemaValue({ spec: { replicas: 1 } }, decl);
  assert.throws(() => env.compile('self.spec.maxReplicas > 1').eval({ self }), (e: unknown) => e instanceof CelError && e.message === 'no such key: maxReplicas');
  assert.equal(env.compile('self.spec.?maxReplicas.orValue(7) == 7').eval({ self }), true);
});

test('schema types: sizes used by the cost estimator', () => {
  const { decl } = setup();
  const spec = decl.fields!.get('spec')!.type;
  assert.equal(formatType(spec.celType), 'selfType0.spec');
  assert.equal(spec.fields!.get('name')!.type.maxElements, 40);
  assert.equal(spec.fields!.get('tags')!.type.maxElements, Math.floor((3 * 1024 * 1024 - 2) / 3));
  assert.equal(spec.minSerializedSize, 2 + 'replicas'.length + 1 + 4);
  assert.equal(spec.fields!.get('bad name'), undefined);
});

test('kubernetes fixed types: admission request, namespace and user info type-check and evaluate', async () => {
  const { admissionRequestType, namespaceType, kubeTypeProvider } = await import('./kube-types.js');
  const req = admissionRequestType();
  const ns = namespaceType();
  const env = new Env({ variables: { request: req.celType, namespaceObject: ns.celType, object: { kind: 'dyn' } }, provider: kubeTypeProvider(), optionalTypes: true });
  const request = schemaValue({
    kind: { group: 'apps', version: 'v1', kind: 'Deployment' }, resource: { group: 'apps', version: 'v1', resource: 'deployments' },
    name: 'web', namespace: 'prod', operation: 'CREATE', userInfo: { username: 'alice', groups: ['dev'], extra: { team: ['a'] } }, dryRun: false,
  }, req);
  const namespaceObject = schemaValue({ metadata: { name: 'prod', labels: { env: 'prod' }, creationTimestamp: '2024-01-01T00:00:00Z' }, spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } }, ns);
  const ev = (e: string) => env.compile(e).eval({ request, namespaceObject, object: null });
  assert.equal(ev("request.operation == 'CREATE' && request.kind.kind == 'Deployment' && 'dev' in request.userInfo.groups"), true);
  assert.equal(ev("namespaceObject.metadata.labels['env'] == 'prod' && namespaceObject.status.phase == 'Active'"), true);
  assert.equal(ev('namespaceObject.metadata.creationTimestamp.getFullYear() == 2024'), true);
  assert.equal(formatType(env.check('request.userInfo').ast!.type), 'kubernetes.UserInfo');
  assert.match(env.check('request.operationz').issues.toDisplayString(), /undefined field 'operationz'/);
  assert.equal(env.check('object.spec.whatever == 1').issues.empty, true);
});
