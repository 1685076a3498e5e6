// Shared informers follow a resource's watch cache: one per resource, every subscriber sees every change once,
// and the store's reads (list, get) come from the same cache.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findBuiltin } from '../api/catalog.js';
import { noAdmission } from '../registry/admission.js';
import { GenericStore } from '../registry/generic-store.js';
import { objectValidator } from '../registry/object-validator.js';
import { defaultStrategy } from '../registry/strategy.js';
import { WatchCacheSet } from '../storage/cacher/watch-cache-set.js';
import { MemoryStorage } from '../storage/memory/memory-storage.js';
import { InformerFactory } from './informer.js';

function configMaps() {
  const storage = new MemoryStorage();
  const caches = new WatchCacheSet(storage);
  const def = findBuiltin('', 'v1', 'configmaps')!;
  return { store: new GenericStore(def, defaultStrategy(def), { storage, caches, metaValidator: objectValidator, admission: noAdmission }), caches, storage };
}

const op = { dryRun: false, warnings: [] };

test('one informer per resource, shared: both subscribers see each change once, in order', async () => {
  const { store, caches } = configMaps();
  const factory = new InformerFactory();
  const informer = factory.for(store);
  assert.equal(factory.for(store), informer);
  const seen: string[][] = [[], []];
  for (const i of [0, 1]) informer.subscribe({ events: (batch) => seen[i]!.push(...batch.map((e) => `${e.type} ${e.entry.key}`)), resync: () => undefined });
  await informer.start();
  await store.create('a', { metadata: { name: 'one' } }, op);
  await store.create('a', { metadata: { name: 'two' } }, op);
  await store.update('a', 'one', (cur) => ({ ...cur!, data: { k: 'v' } }), { ...op, subresource: '' });
  await new Promise((r) => setTimeout(r, 20));
  const expected = ['put /registry/configmaps/a/one', 'put /registry/configmaps/a/two', 'put /registry/configmaps/a/one'];
  assert.deepEqual(seen, [expected, expected]);
  // The informer reads the store's own watch cache: no second cache, no raw storage watch.
  assert.equal((await caches.for(store.prefix)).watcherCount, 1);
  factory.stopAll();
  await caches.stopAll();
});

test('store reads go through the watch cache and return copies the caller may change', async () => {
  const { store, caches } = configMaps();
  await store.create('a', { metadata: { name: 'one' }, data: { k: 'v' } }, op);
  const first = (await store.list('a')).items[0]!;
  first.data.k = 'changed';
  assert.equal((await store.list('a')).items[0]!.data.k, 'v');
  assert.equal((await store.get('a', 'one')).data.k, 'v');
  assert.ok((await caches.for(store.prefix)).get(store.key('a', 'one')));
  await caches.stopAll();
});
