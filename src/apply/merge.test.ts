import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mergeValues } from './merge.js';
import { typeOfSchema } from './merge-type.js';
import { compileSchema } from '../schema/schema-node.js';
import { validateApplied } from './validate-applied.js';
import { builtinObjectType } from './schema-types.js';

const listMap = typeOfSchema(
  compileSchema({ type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'], items: { type: 'object', properties: { name: { type: 'string' }, v: { type: 'integer' } } } }),
);
const items = (...names: string[]) => names.map((name) => ({ name }));
const names = (v: unknown) => (v as { name: string }[]).map((i) => i.name).join(' ');

describe('list order after merge (ssa.md §2.3)', () => {
  for (const [live, config, result] of [
    ['a b c', 'c d', 'a b c d'],
    ['a b c', 'd a', 'd a b c'],
    ['a b c', 'c a', 'b c a'],
    ['app', 'sidecar app', 'sidecar app'],
  ] as const) {
    it(`${live} + ${config} → ${result}`, () => {
      assert.equal(names(mergeValues(items(...live.split(' ')), items(...config.split(' ')), listMap)), result);
    });
  }

  it('matched items merge; nothing is removed by the merge', () => {
    assert.deepEqual(mergeValues([{ name: 'a', v: 1 }, { name: 'b' }], [{ name: 'a', v: 2 }], listMap), [{ name: 'a', v: 2 }, { name: 'b' }]);
  });
});

describe('null and empty containers (ssa.md §2.2)', () => {
  const obj = typeOfSchema(
    compileSchema({
      type: 'object',
      properties: { labels: { type: 'object', additionalProperties: { type: 'string' } }, n: { type: 'integer' }, sel: { type: 'object', 'x-kubernetes-map-type': 'atomic', additionalProperties: { type: 'string' } } },
    }),
  );
  it('null replaces scalars and atomic maps; keeps a non-empty granular map', () => {
    assert.deepEqual(mergeValues({ n: 2, sel: { a: 'b' }, labels: { a: 'b' } }, { n: null, sel: null, labels: null }, obj), { n: null, sel: null, labels: { a: 'b' } });
  });
  it('two empty containers: the config wins', () => {
    assert.deepEqual(mergeValues({ labels: {} }, { labels: null }, obj), { labels: null });
  });
});

describe('typed validation of the applied configuration (ssa.md §2.8)', () => {
  const deployment = builtinObjectType({ group: 'apps', version: 'v1', kind: 'Deployment', schema: 'io.k8s.api.apps.v1.Deployment' })!;
  it('reports undeclared fields, duplicate keys, missing keys and scalar types', () => {
    const errs = validateApplied(
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        spec: {
          foo: 1,
          replicas: 'two',
          template: { spec: { containers: [{ name: 'app', env: [{ name: 'X' }, { name: 'X' }] }] } },
        },
      },
      deployment,
    );
    assert.deepEqual(errs, [
      '.spec.foo: field not declared in schema',
      '.spec.replicas: expected numeric (int or float), got string',
      '.spec.template.spec.containers[name="app"].env: duplicate entries for key [name="X"]',
    ]);
  });

  it('a list-map item without its key (and no default) is an error', () => {
    assert.deepEqual(validateApplied([{ name: 'a' }, { v: 1 }], listMap), [
      'element 1: associative list with keys has an element that omits key field "name" (and doesn\'t have default value)',
    ]);
  });
});
