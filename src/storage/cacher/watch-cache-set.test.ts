import assert from 'node:assert/strict';
import { it } from 'node:test';
import { StorageError, type Storage } from '../interface.js';
import { MemoryStorage } from '../memory/memory-storage.js';
import { WatchCacheSet } from './watch-cache-set.js';

it('starts one cache per prefix, shares it, and retries a failed start', async () => {
  const mem = new MemoryStorage();
  await mem.put('/registry/configmaps/ns/a', new Uint8Array([1]), 0);
  let failNext = true;
  const flaky: Storage = Object.assign(Object.create(mem) as Storage, {
    list: (p: string, o?: object) => {
      if (failNext) {
        failNext = false;
        return Promise.reject(new StorageError('Unavailable', 'not yet'));
      }
      return mem.list(p, o);
    },
  });
  const set = new WatchCacheSet(flaky);
  await assert.rejects(set.for('/registry/configmaps/'), (e: StorageError) => e.code === 'Unavailable');
  const [a, b] = await Promise.all([set.for('/registry/configmaps/'), set.for('/registry/configmaps/')]);
  assert.equal(a, b);
  assert.equal(a.size, 1);
  const secrets = await set.for('/registry/secrets/');
  assert.notEqual(secrets, a);
  const ended: string[] = [];
  a.watch('/registry/configmaps/', a.currentRev, { events() {}, error: (e) => ended.push(e.code) });
  await set.stopAll();
  assert.deepEqual(ended, ['Unavailable']);
  await mem.close();
});
