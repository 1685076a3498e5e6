// The apply's shortcuts answer what the full computations answer: the restricted comparison, the subset and
// equality checks, the cache of decoded FieldsV1 and the interned list-item elements.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareValues, compareValuesWithin } from './compare.js';
import { FieldSet } from './field-set.js';
import { decodeFieldsV1, decodeStoredFieldsV1, encodeFieldsV1 } from './fields-v1.js';
import { listItemElement } from './list-item-element.js';
import { elementString, fieldPE, keyPE, valuePE } from './path-element.js';
import { builtinObjectType } from './schema-types.js';
import { toFieldSet } from './to-field-set.js';

const deployment = builtinObjectType({ group: 'apps', version: 'v1', kind: 'Deployment', schema: 'io.k8s.api.apps.v1.Deployment' })!;
const f = fieldPE;

const container = (name: string, image: string, port: number) => ({ name, image, ports: [{ containerPort: port }], env: [{ name: 'A', value: image }] });
const object = (containers: unknown[], replicas?: number) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'd', labels: { app: 'd' } },
  spec: { ...(replicas === undefined ? {} : { replicas }), template: { spec: { containers } } },
});

describe('apply shortcuts', () => {
  const live = object([container('a', 'x:1', 80), container('b', 'y:1', 81)], 2);
  const next = object([container('b', 'y:2', 82), container('c', 'z:1', 83)]);
  const full = compareValues(live, next, deployment);

  it('a comparison within a set is the full comparison intersected with that set', () => {
    for (const within of [toFieldSet(live, deployment), toFieldSet(next, deployment), FieldSet.of([f('spec'), f('replicas')]), new FieldSet()]) {
      const c = compareValuesWithin(live, next, deployment, within);
      assert.ok(c.modified.equals(full.modified.intersection(within)));
      assert.ok(c.added.equals(full.added.intersection(within)));
      assert.ok(c.removed.equals(full.removed.intersection(within)));
    }
  });

  it('isSubsetOf and equals agree with difference', () => {
    const a = toFieldSet(live, deployment);
    const b = toFieldSet(next, deployment);
    for (const [x, y] of [
      [a, b],
      [b, a],
      [a, a.union(b)],
      [a, a],
      [new FieldSet(), a],
    ] as const) {
      assert.equal(x.isSubsetOf(y), x.difference(y).isEmpty());
      assert.equal(x.equals(y), x.difference(y).isEmpty() && y.difference(x).isEmpty());
    }
  });

  it('a stored FieldsV1 decodes to the set decodeFieldsV1 finds, and encodes back to its canonical form', () => {
    const raw = { 'f:spec': { 'f:replicas': {}, 'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"a"}': { '.': {}, 'f:image': {} } } } } }, 'f:metadata': { 'f:labels': { 'f:app': {} } } };
    const first = decodeStoredFieldsV1(raw);
    const again = decodeStoredFieldsV1(structuredClone(raw));
    assert.equal(again, first);
    assert.ok(first.equals(decodeFieldsV1(raw)));
    assert.equal(JSON.stringify(encodeFieldsV1(first)), JSON.stringify(encodeFieldsV1(decodeFieldsV1(raw))));
    assert.throws(() => decodeStoredFieldsV1({ 'i:x': {} }));
    assert.throws(() => decodeStoredFieldsV1({ 'i:x': {} })); // failures are not remembered
  });

  it('list-item elements have the strings and contents of elements made from scratch', () => {
    const containers = deployment.map!.field('spec')!.map!.field('template')!.map!.field('spec')!.map!.field('containers')!.list!;
    const ports = containers.elem.map!.field('ports')!.list!;
    const finalizers = deployment.map!.field('metadata')!.map!.field('finalizers')!.list!;
    const cases = [
      [listItemElement(containers, { name: 'a<b>' }), keyPE([['name', 'a<b>']])],
      [listItemElement(ports, { protocol: 'UDP', containerPort: 53 }), keyPE([['containerPort', 53], ['protocol', 'UDP']])],
      [listItemElement(ports, { containerPort: 80 }), keyPE([['containerPort', 80], ['protocol', 'TCP']])],
      [listItemElement(finalizers, 'x/y'), valuePE('x/y')],
    ] as const;
    for (const [got, want] of cases) {
      assert.deepEqual(got, want);
      assert.equal(elementString(got), elementString({ ...want }));
    }
    assert.equal(listItemElement(containers, { name: 'a' }), listItemElement(containers, { name: 'a', image: 'other' }));
  });
});
