import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dropMalformedMeta } from './malformed-meta.js';

test('malformed ObjectMeta fields are dropped, well-formed ones kept', () => {
  const obj: Record<string, unknown> = {
    metadata: { name: 'p', uid: 'u', finalizers: { a: 1 }, labels: { a: 5 }, ownerReferences: 'x', annotations: { k: 'v' }, generation: 'one', extra: { any: 1 } },
  };
  dropMalformedMeta(obj);
  assert.deepEqual(obj.metadata, { name: 'p', uid: 'u', annotations: { k: 'v' }, extra: { any: 1 } });
});

test('null map values and list elements become zero values', () => {
  const obj: Record<string, unknown> = { metadata: { labels: { a: null }, finalizers: ['f', null], ownerReferences: [null] } };
  dropMalformedMeta(obj);
  assert.deepEqual(obj.metadata, { labels: { a: '' }, finalizers: ['f', ''], ownerReferences: [{ apiVersion: '', kind: '', name: '', uid: '' }] });
});

test('metadata that is not an object becomes empty; owner references of the wrong shape go', () => {
  const a: Record<string, unknown> = { metadata: 'x' };
  dropMalformedMeta(a);
  assert.deepEqual(a.metadata, {});
  const b: Record<string, unknown> = { metadata: { ownerReferences: [{ uid: 5 }], managedFields: ['x'] } };
  dropMalformedMeta(b);
  assert.deepEqual(b.metadata, {});
});
