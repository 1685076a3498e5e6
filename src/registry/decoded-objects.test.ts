// Defaulting once before admission: an object the endpoint decoded (and defaulted) is only shaped by the store
// before admission; an object written by the server itself is defaulted there; both get the storage round trip.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findBuiltin } from '../api/catalog.js';
import { WatchCacheSet } from '../storage/cacher/watch-cache-set.js';
import { MemoryStorage } from '../storage/memory/memory-storage.js';
import { noAdmission } from './admission.js';
import { markDecoded } from './decoded-objects.js';
import { GenericStore } from './generic-store.js';
import { objectValidator } from './object-validator.js';
import { defaultStrategy } from './strategy.js';

function countingStore() {
  const calls = { roundTrip: 0, shape: 0 };
  const def = findBuiltin('', 'v1', 'configmaps')!;
  const strategy = { ...defaultStrategy(def), roundTrip: () => void calls.roundTrip++, shape: () => void calls.shape++ };
  const storage = new MemoryStorage();
  const store = new GenericStore(def, strategy, { storage, caches: new WatchCacheSet(storage), metaValidator: objectValidator, admission: noAdmission });
  return { store, calls };
}

const cm = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } });

test('a decoded object is defaulted by the storage round trip only; a server-made one also before admission', async () => {
  const decoded = countingStore();
  const obj = cm('a');
  markDecoded(obj);
  await decoded.store.create('default', obj, { dryRun: false, warnings: [] });
  assert.deepEqual(decoded.calls, { roundTrip: 1, shape: 1 });

  const internal = countingStore();
  await internal.store.create('default', cm('b'), { dryRun: false, warnings: [] });
  assert.deepEqual(internal.calls, { roundTrip: 2, shape: 0 });
});
