// The capability-typed REST storage of a resource stands for exactly the verbs it serves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinResources, findBuiltin } from '../api/catalog.js';
import { noAdmission } from './admission.js';
import { GenericStore } from './generic-store.js';
import { objectValidator } from './object-validator.js';
import { restStorage, serves, verbsOf } from './rest.js';
import { defaultStrategy } from './strategy.js';
import { WatchCacheSet } from '../storage/cacher/watch-cache-set.js';
import { MemoryStorage } from '../storage/memory/memory-storage.js';

const storage = new MemoryStorage();
const deps = { storage, caches: new WatchCacheSet(storage), metaValidator: objectValidator, admission: noAdmission };

test('for every built-in resource, the verbs of its REST storage are its discovery verbs', () => {
  for (const def of builtinResources()) {
    const rest = restStorage(new GenericStore(def, defaultStrategy(def), deps), def.verbs);
    assert.deepEqual(verbsOf(rest), def.verbs, `${def.group}/${def.version}/${def.resource}`);
  }
});

test('a capability that is absent is not served', () => {
  const def = findBuiltin('', 'v1', 'bindings')!; // create only
  const rest = restStorage(new GenericStore(def, defaultStrategy(def), deps), def.verbs);
  assert.deepEqual(verbsOf(rest), ['create']);
  assert.equal(serves(rest, 'create'), true);
  for (const v of ['get', 'list', 'watch', 'update', 'patch', 'delete', 'deletecollection', 'connect']) assert.equal(serves(rest, v), false, v);
  assert.equal(rest.getter, undefined);
});
