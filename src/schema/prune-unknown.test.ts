import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileSchema } from './schema-node.js';
import { pruneUnknownFields } from './prune-unknown.js';

const schema = compileSchema({
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        size: { type: 'integer' },
        items: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
        byName: { type: 'object', additionalProperties: { type: 'object', properties: { v: { type: 'string' } } } },
        free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        tmpl: { type: 'object', 'x-kubernetes-embedded-resource': true, properties: { spec: { type: 'object' } } },
      },
    },
  },
});

test('prunes undeclared fields with kube paths; keeps TypeMeta, metadata, preserved and embedded-resource fields', () => {
  const obj = {
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: { name: 'w' },
    spec: {
      size: 1,
      foo: 'x',
      items: [{ name: 'a', bar: 1 }],
      byName: { k: { v: 'x', w: 'y' } },
      free: { anything: { goes: true } },
      tmpl: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: {}, junk: 1 },
    },
    status: {},
  };
  assert.deepEqual(pruneUnknownFields(obj, schema), ['spec.foo', 'spec.items[0].bar', 'spec.byName.k.w', 'spec.tmpl.junk', 'status']);
  assert.deepEqual(obj, {
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: { name: 'w' },
    spec: {
      size: 1,
      items: [{ name: 'a' }],
      byName: { k: { v: 'x' } },
      free: { anything: { goes: true } },
      tmpl: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: {} },
    },
  });
});
