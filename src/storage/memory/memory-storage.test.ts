import { test } from 'node:test';
import assert from 'node:assert/strict';
import { storageConformance } from '../conformance/storage-conformance.js';
import { MemoryStorage } from './memory-storage.js';

storageConformance('memory', async (opts) => ({ storage: new MemoryStorage(opts) }));

test('a store started from a snapshot serves its keys at their revisions and continues from its revision', async () => {
  const M = MemoryStorage;
  const enc = (t: string) => new TextEncoder().encode(t);
  const s = new M({ initial: { rev: 7, kvs: [{ key: '/b', value: enc('2'), createRev: 3, modRev: 7 }, { key: '/a', value: enc('1'), createRev: 2, modRev: 2 }] } });
  const l = await s.list('/');
  assert.deepEqual(l.kvs.map((kv) => [kv.key, kv.createRev, kv.modRev]), [['/a', 2, 2], ['/b', 3, 7]]);
  assert.equal(l.rev, 7);
  const w = await s.put('/c', enc('3'), 0);
  assert.equal(w.ok && w.kv.modRev, 8);
  assert.equal(s.compactedRevision(), 7);
  assert.throws(() => new M({ initial: { rev: 1, kvs: [{ key: '/x', value: enc(''), createRev: 1, modRev: 2 }] } }), /newer than the snapshot's revision 1/);
});
