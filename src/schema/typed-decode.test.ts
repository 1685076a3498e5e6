import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinKindSchema } from './builtin-schemas.js';
import { decodeTyped, type DuplicateEntries } from './typed-decode.js';

const cm = builtinKindSchema('', 'v1', 'ConfigMap')!;
const deploy = builtinKindSchema('apps', 'v1', 'Deployment')!;
const svc = builtinKindSchema('', 'v1', 'Service')!;
const secret = builtinKindSchema('', 'v1', 'Secret')!;
const pod = builtinKindSchema('', 'v1', 'Pod')!;

test('unknown fields: dotted paths from the root, list positions in brackets, pruned from the result', () => {
  const r = decodeTyped(
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'd', foo: 1, labels: { a: 'b' } },
      spec: { bogus: true, template: { spec: { containers: [{ name: 'a', image: 'i' }, { name: 'b', image: 'i', foo: 'x', ports: [{ containerPort: 80, nope: 1 }] }] } } },
      extra: {},
    },
    deploy,
  );
  assert.equal(r.error, undefined);
  assert.deepEqual(r.strictErrors, [
    'unknown field "metadata.foo"',
    'unknown field "spec.bogus"',
    'unknown field "spec.template.spec.containers[1].foo"',
    'unknown field "spec.template.spec.containers[1].ports[0].nope"',
    'unknown field "extra"',
  ]);
  assert.deepEqual(r.value, {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd', labels: { a: 'b' } },
    spec: { template: { spec: { containers: [{ name: 'a', image: 'i' }, { name: 'b', image: 'i', ports: [{ containerPort: 80 }] }] } } },
  });
});

test('unknown fields inside map values use .key; opaque values (FieldsV1, RawExtension) are not inspected', () => {
  const crd = builtinKindSchema('apiextensions.k8s.io', 'v1', 'CustomResourceDefinition')!;
  const r = decodeTyped(
    { spec: { versions: [{ name: 'v1', schema: { openAPIV3Schema: { type: 'object', properties: { size: { type: 'integer', bogus: 1 } }, default: { any: { thing: 1 } } } } }] } },
    crd,
  );
  assert.deepEqual(r.strictErrors, ['unknown field "spec.versions[0].schema.openAPIV3Schema.properties.size.bogus"']);
  const m = decodeTyped({ metadata: { managedFields: [{ manager: 'm', fieldsV1: { 'f:data': { 'f:a': {} } } }] } }, cm);
  assert.deepEqual(m.strictErrors, []);
  assert.deepEqual(m.value, { metadata: { managedFields: [{ manager: 'm', fieldsV1: { 'f:data': { 'f:a': {} } } }] } });
});

test('repeated keys: struct fields and map keys, interleaved with unknown fields in decode order', () => {
  const metadata = { name: 'b', x: 1 };
  const data = { a: '2' };
  const root = { apiVersion: 'v1', kind: 'ConfigMap', metadata, data, foo: 1 };
  const dups: DuplicateEntries = new WeakMap<object, ReadonlyArray<readonly [string, unknown]>>([
    [metadata, [['name', 'a'], ['name', 'b'], ['x', 1], ['x', 2]]],
    [data, [['a', '1'], ['a', '2']]],
    [root, [['apiVersion', 'v1'], ['kind', 'ConfigMap'], ['metadata', metadata], ['data', data], ['foo', 1], ['foo', 2], ['kind', 'ConfigMap']]],
  ]);
  const r = decodeTyped(root, cm, { duplicates: dups });
  // A repeated unknown field is one unknown field, never a duplicate.
  assert.deepEqual(r.strictErrors, ['duplicate field "metadata.name"', 'unknown field "metadata.x"', 'duplicate field "data.a"', 'unknown field "foo"', 'duplicate field "kind"']);
  assert.deepEqual(r.value, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b' }, data: { a: '2' } });
});

test('a repeated struct-valued field merges into the first, as Go decodes into the existing value', () => {
  const m1 = { name: 'a', labels: { x: '1' } };
  const m2 = { namespace: 'ns', labels: { y: '2' } };
  const root = { metadata: m2 };
  const dups: DuplicateEntries = new WeakMap([[root, [['metadata', m1], ['metadata', m2]]]]);
  const r = decodeTyped(root, cm, { duplicates: dups });
  assert.deepEqual(r.strictErrors, ['duplicate field "metadata"']);
  assert.deepEqual(r.value, { metadata: { name: 'a', labels: { x: '1', y: '2' }, namespace: 'ns' } });
});

test('type errors use encoding/json texts: innermost struct, field path without indices, Go type', () => {
  const cases: Array<[unknown, unknown, string]> = [
    [cm, { data: { a: 1 } }, 'json: cannot unmarshal number into Go struct field ConfigMap.data of type string'],
    [cm, { data: 'x' }, 'json: cannot unmarshal string into Go struct field ConfigMap.data of type map[string]string'],
    [cm, { metadata: [] }, 'json: cannot unmarshal array into Go struct field ConfigMap.metadata of type v1.ObjectMeta'],
    [cm, { metadata: { labels: { a: true } } }, 'json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.labels of type string'],
    [cm, { immutable: 'yes' }, 'json: cannot unmarshal string into Go struct field ConfigMap.immutable of type bool'],
    [cm, { binaryData: { a: 5 } }, 'json: cannot unmarshal number into Go struct field ConfigMap.binaryData of type []uint8'],
    [deploy, { spec: { replicas: '3' } }, 'json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32'],
    [deploy, { spec: { replicas: 1.5 } }, 'json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32'],
    [deploy, { spec: { replicas: 3000000000 } }, 'json: cannot unmarshal number 3000000000 into Go struct field DeploymentSpec.spec.replicas of type int32'],
    [
      deploy,
      { spec: { template: { spec: { containers: [{ name: 'a', ports: [{ containerPort: '80' }] }] } } } },
      'json: cannot unmarshal string into Go struct field ContainerPort.spec.template.spec.containers.ports.containerPort of type int32',
    ],
    [pod, { spec: { containers: ['x'] } }, 'json: cannot unmarshal string into Go struct field PodSpec.spec.containers of type v1.Container'],
    [pod, { spec: { containers: {} } }, 'json: cannot unmarshal object into Go struct field PodSpec.spec.containers of type []v1.Container'],
    [pod, { metadata: { creationTimestamp: 5 } }, 'json: cannot unmarshal number into Go struct field ObjectMeta.metadata.creationTimestamp of type string'],
    [svc, { spec: { ports: [{ port: 80, targetPort: true }] } }, 'json: cannot unmarshal bool into Go struct field ServicePort.spec.ports.targetPort of type int32'],
    [svc, { spec: { ports: [{ port: 80, targetPort: 1.5 }] } }, 'json: cannot unmarshal number 1.5 into Go struct field ServicePort.spec.ports.targetPort of type int32'],
    [secret, { data: { a: 'not base64!' } }, 'illegal base64 data at input byte 3'],
    [secret, { data: { a: 'YWJj\nZA' } }, 'illegal base64 data at input byte 5'],
    [secret, { data: { a: 'YQ=' } }, 'illegal base64 data at input byte 3'],
    [secret, { data: { a: 'YQ==x' } }, 'illegal base64 data at input byte 4'],
    [
      pod,
      { spec: { containers: [{ name: 'a', resources: { limits: { cpu: '1x' } } }] } },
      "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
    ],
    [pod, { spec: { containers: [{ name: 'a', resources: { limits: { cpu: '1iG' } } }] } }, "unable to parse quantity's suffix"],
  ];
  for (const [schema, value, want] of cases) {
    const r = decodeTyped(value, schema as typeof cm);
    assert.equal(r.error, want, JSON.stringify(value));
  }
  for (const ok of [{ a: 'YWJj' }, { a: 'YWI=' }, { a: 'YQ==' }, { a: 'YW\r\nJj' }, { a: '' }]) assert.equal(decodeTyped({ data: ok }, secret).error, undefined);
  const fine = decodeTyped({ spec: { containers: [{ name: 'a', resources: { limits: { cpu: 1, memory: '1Gi' }, requests: { cpu: '100m', memory: '1e3' } } }] } }, pod);
  assert.equal(fine.error, undefined);
  const resources = (fine.value as { spec: { containers: { resources: unknown }[] } }).spec.containers[0]!.resources;
  // Quantities come back as kube writes them: canonical text, or the input when already canonical.
  assert.deepEqual(resources, { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '100m', memory: '1e3' } });
  const canon = decodeTyped({ spec: { containers: [{ name: 'a', resources: { limits: { cpu: ' 1000m ', memory: '1024Mi' } } }] } }, pod);
  assert.deepEqual((canon.value as { spec: { containers: { resources: unknown }[] } }).spec.containers[0]!.resources, {
    limits: { cpu: '1', memory: '1Gi' },
  });
  assert.equal(decodeTyped({ spec: { ports: [{ port: 80, targetPort: 'http' }] }, metadata: { labels: null } }, svc).error, undefined);
});

test('the first saved type error wins, but an unmarshaler error ends decoding and replaces it', () => {
  assert.equal(
    decodeTyped({ data: { a: 1 }, immutable: 'x' }, cm).error,
    'json: cannot unmarshal number into Go struct field ConfigMap.data of type string',
  );
  const r = decodeTyped({ spec: { replicas: 'x', template: { spec: { containers: [{ name: 'a', resources: { limits: { cpu: {} } } }] } } } }, deploy);
  assert.equal(r.error, "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
});

test('strict errors are deduplicated and capped at 100', () => {
  const many: Record<string, number> = {};
  for (let i = 0; i < 150; i++) many[`f${i}`] = i;
  const r = decodeTyped({ metadata: { name: 'x' }, ...many }, cm);
  assert.equal(r.strictErrors.length, 100);
  assert.equal(r.strictErrors[0], 'unknown field "f0"');
  const list = decodeTyped({ spec: { containers: [{ name: 'a', x: 1 }, { name: 'b', x: 1 }] } }, pod);
  assert.deepEqual(list.strictErrors, ['unknown field "spec.containers[0].x"', 'unknown field "spec.containers[1].x"']);
});

test('keys are quoted as Go quotes them', () => {
  const r = decodeTyped({ metadata: { 'we"ird\n': 1 } }, cm);
  assert.deepEqual(r.strictErrors, ['unknown field "metadata.we\\"ird\\n"']);
});
