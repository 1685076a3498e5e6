import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorText } from '../../errors/field-error.js';
import { applyDefaults } from './defaults.js';
import { validateEmbeddedResources } from './embedded.js';
import { validateListTypes } from './list-type.js';
import { pruneCustomResource } from './prune.js';
import type { JSONSchemaProps } from '../../api/json-schema-props.js';

const schema: JSONSchemaProps = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        a: { type: 'string', default: 'x' },
        n: { type: 'string', nullable: true, default: 'd' },
        plain: { type: 'string' },
        obj: { type: 'object', default: {}, properties: { inner: { type: 'integer', default: 3 } } },
        items: { type: 'array', items: { type: 'object', properties: { k: { type: 'string', default: 'kk' } } } },
        free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { known: { type: 'object', properties: { z: { type: 'string' } } } } },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        tpl: { type: 'object', 'x-kubernetes-embedded-resource': true, properties: { spec: { type: 'object' } } },
      },
    },
  },
};

test('pruning drops unknown fields (sorted paths), keeps preserved subtrees and resource meta', () => {
  const obj = {
    apiVersion: 'x/v1',
    kind: 'K',
    metadata: { name: 'n' },
    extra: 1,
    spec: { zz: 1, free: { any: [1], known: { z: 'a', dropped: true } }, labels: { a: 'b' }, items: [{ k: 'v', q: 1 }], tpl: { apiVersion: 'v1', kind: 'Pod', metadata: {}, other: 1 } },
  };
  assert.deepEqual(pruneCustomResource(schema, obj), ['extra', 'spec.free.known.dropped', 'spec.items[0].q', 'spec.tpl.other', 'spec.zz']);
  assert.deepEqual(obj, {
    apiVersion: 'x/v1',
    kind: 'K',
    metadata: { name: 'n' },
    spec: { free: { any: [1], known: { z: 'a' } }, labels: { a: 'b' }, items: [{ k: 'v' }], tpl: { apiVersion: 'v1', kind: 'Pod', metadata: {} } },
  });
});

test('defaults fill missing fields and recurse into defaulted values; nulls follow nullable', () => {
  const obj = { spec: { n: null, plain: null, items: [{}] } } as Record<string, unknown>;
  applyDefaults(schema, obj);
  assert.deepEqual(obj, { spec: { a: 'x', n: null, obj: { inner: 3 }, items: [{ k: 'kk' }] } });
  const withNull = { spec: { a: null } };
  applyDefaults(schema, withNull);
  assert.equal(withNull.spec.a, 'x');
});

test('list-type set and map duplicates', () => {
  const s: JSONSchemaProps = {
    type: 'object',
    properties: {
      set: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } },
      map: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name', 'proto'], items: { type: 'object', properties: { name: { type: 'string' }, proto: { type: 'string' } } } },
    },
  };
  const errs = validateListTypes(s, { set: ['a', 'b', 'a'], map: [{ name: 'x', proto: 'TCP' }, { name: 'x', proto: 'UDP' }, { proto: 'TCP', name: 'x', port: 1 }] }, '');
  assert.deepEqual(errs.map(fieldErrorText), ['set[2]: Duplicate value: "a"', 'map[2]: Duplicate value: map[string]interface {}{"name":"x", "proto":"TCP"}']);
});

test('embedded resources need apiVersion and kind', () => {
  const errs = validateEmbeddedResources(schema, { spec: { tpl: { spec: {} } } }, '');
  assert.deepEqual(errs.map(fieldErrorText), ['spec.tpl.apiVersion: Required value: must not be empty', 'spec.tpl.kind: Required value: must not be empty']);
});
