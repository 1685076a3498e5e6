import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CacheEntry } from './cache-entry.js';
import { storedText } from '../stored-text.js';

test('an entry keeps the stored bytes as the shared text and gives them back byte for byte', () => {
  const value = Buffer.from('{"kind":"ConfigMap","data":{"k":"ü"}}');
  const e = CacheEntry.fromKV({ key: '/registry/configmaps/ns/a', value, createRev: 3, modRev: 7 });
  assert.equal(e.text, storedText(value));
  assert.equal(e.size, value.length);
  assert.deepEqual(Buffer.from(e.value), value);
  const kv = e.toKV();
  assert.deepEqual({ ...kv, value: Buffer.from(kv.value).toString() }, { key: '/registry/configmaps/ns/a', value: value.toString(), createRev: 3, modRev: 7 });
  // A delete's entry made from the text shares it.
  assert.equal(new CacheEntry(e.key, e.text, 3, 8).text, e.text);
});

test('a large value is handed out as itself while it lives; a small one as a copy', () => {
  const large = Buffer.from(`{"data":"${'x'.repeat(5000)}"}`);
  const small = Buffer.from('{"data":"x"}');
  assert.equal(CacheEntry.fromKV({ key: 'k', value: large, createRev: 1, modRev: 1 }).value, large);
  const e = CacheEntry.fromKV({ key: 'k', value: small, createRev: 1, modRev: 1 });
  assert.notEqual(e.value, small);
  assert.deepEqual(Buffer.from(e.value), small);
});
