import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KObject } from '../api/object.js';
import { encodeStored, setResourceVersion } from './stored-codec.js';
import { encodeStoredForServing, rememberServedJson, servedJson } from './served-json.js';

/** What the store does: encode, write, set the resourceVersion; then what the response would have encoded. */
function served(obj: KObject, rv = '1234'): { spliced: string | undefined; encoded: string } {
  const { value, at } = encodeStoredForServing(obj);
  assert.deepEqual(Buffer.from(value), Buffer.from(encodeStored(obj)), 'the stored bytes are encodeStored’s');
  setResourceVersion(obj.metadata!, rv);
  rememberServedJson(obj, value, at, rv);
  const parts = servedJson(obj);
  return { spliced: parts && Buffer.concat(parts).toString(), encoded: JSON.stringify(obj) };
}

const cases: [string, KObject][] = [
  ['a create (no resourceVersion yet)', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'ns', uid: 'u', creationTimestamp: '2026-01-01T00:00:00Z', labels: { x: 'y' } }, data: { k: 'v' } }],
  ['an update (resourceVersion in its place)', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'ns', resourceVersion: '7', creationTimestamp: null }, data: { k: 'v' } }],
  ['resourceVersion after the fields it precedes', { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a', labels: { a: 'b' }, resourceVersion: '7' } }],
  ['resourceVersion first', { metadata: { resourceVersion: '7', name: 'a' }, kind: 'X' }],
  ['metadata of name only (resourceVersion closes it)', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } }],
  ['metadata of the later fields only', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { labels: { a: 'b' } } }],
  ['non-ASCII before and after the place', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', generateName: 'é', annotations: { 'ü': '😀' } }, data: { 'ß': '\u2028' } }],
  ['undefined members', { apiVersion: undefined, kind: 'ConfigMap', metadata: { name: undefined, namespace: 'n', uid: undefined, labels: undefined } } as KObject],
  ['metadata not first', { spec: { a: 1 }, metadata: { name: 'a', finalizers: ['x'] }, status: {} }],
];

for (const [title, obj] of cases) {
  test(`served JSON is the object's JSON: ${title}`, () => {
    const { spliced, encoded } = served(structuredClone(obj));
    assert.equal(spliced, encoded);
  });
}

test('served JSON is not given for empty metadata (no place for the splice)', () => {
  assert.equal(served({ apiVersion: 'v1', kind: 'ConfigMap', metadata: {} }).spliced, undefined);
});

test('served JSON is not given once the resourceVersion changed', () => {
  const obj: KObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } };
  served(obj, '5');
  obj.metadata!.resourceVersion = '6';
  assert.equal(servedJson(obj), undefined);
});
