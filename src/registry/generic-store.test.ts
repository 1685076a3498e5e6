// The store's admission phases and the operation context it hands to admission: mutating admission sees the object
// before the strategy prepares and validates it, validating admission sees it after, for creates, updates (also of
// sub-resources) and deletes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findBuiltin } from '../api/catalog.js';
import { WatchCacheSet } from '../storage/cacher/watch-cache-set.js';
import { MemoryStorage } from '../storage/memory/memory-storage.js';
import type { Admission, AdmissionAttributes } from './admission.js';
import { deleteObject } from './delete.js';
import { GenericStore } from './generic-store.js';
import { objectValidator } from './object-validator.js';
import type { OperationContext } from './operation-context.js';
import { defaultStrategy } from './strategy.js';

interface Seen {
  phase: 'admit' | 'validate';
  operation: string;
  subresource: string;
  name: string;
  namespace: string;
  user?: string;
  verb?: string;
  dryRun: boolean;
  uid?: string;
  label?: string;
}

function recordingStore(opts: { refuseInValidate?: boolean } = {}) {
  const seen: Seen[] = [];
  const record = (phase: Seen['phase'], a: AdmissionAttributes): Seen => {
    const s: Seen = {
      phase,
      operation: a.operation,
      subresource: a.subresource,
      name: a.name,
      namespace: a.namespace,
      user: a.user?.name,
      verb: a.context.request?.verb,
      dryRun: a.dryRun,
      uid: (a.object ?? a.oldObject)?.metadata?.uid,
      label: a.object?.metadata?.labels?.stage,
    };
    seen.push(s);
    return s;
  };
  const admission: Admission = {
    admit: async (a) => {
      record('admit', a);
      // A mutating plug-in may change the object; validation then sees the change.
      if (a.object) a.object.metadata = { ...a.object.metadata, labels: { ...(a.object.metadata?.labels ?? {}), stage: 'mutated' } };
    },
    validate: async (a) => {
      record('validate', a);
      if (opts.refuseInValidate) throw new Error('refused by validating admission');
    },
  };
  const storage = new MemoryStorage();
  const def = findBuiltin('apps', 'v1', 'deployments')!;
  const store = new GenericStore(def, defaultStrategy(def), { storage, caches: new WatchCacheSet(storage), metaValidator: objectValidator, admission });
  return { store, seen, storage };
}

const op = (extra: Partial<OperationContext> = {}): OperationContext => ({
  dryRun: false,
  warnings: [],
  user: { name: 'alice', groups: ['dev'] },
  request: { verb: 'create', group: 'apps', version: 'v1', resource: 'deployments', subresource: '', name: '', namespace: 'ns1' },
  ...extra,
});

const deployment = (name: string) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name },
  spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } },
});

test('create: mutating admission runs before system fields are set, validating admission after, with the operation context', async () => {
  const { store, seen } = recordingStore();
  const created = await store.create('ns1', deployment('d1'), op());
  assert.equal(created.metadata?.labels?.stage, 'mutated');
  assert.deepEqual(
    seen.map((s) => [s.phase, s.operation, s.name, s.namespace, s.user, s.verb, s.dryRun, s.uid !== undefined]),
    [
      ['admit', 'CREATE', 'd1', 'ns1', 'alice', 'create', false, false],
      ['validate', 'CREATE', 'd1', 'ns1', 'alice', 'create', false, true],
    ],
  );
});

test('an object that fails validation never reaches validating admission; mutating admission has run', async () => {
  const { store, seen } = recordingStore();
  const bad = deployment('Not_A_Name');
  await assert.rejects(store.create('ns1', bad, op()), (e: { reason?: string }) => e.reason === 'Invalid');
  assert.deepEqual(seen.map((s) => s.phase), ['admit']);
});

test('a refusal of validating admission writes nothing', async () => {
  const { store, storage } = recordingStore({ refuseInValidate: true });
  await assert.rejects(store.create('ns1', deployment('d2'), op()), /refused by validating admission/);
  assert.equal((await storage.get(store.key('ns1', 'd2'))).kv, undefined);
});

test('update of the status sub-resource: both phases see UPDATE, the sub-resource, the old object and dry-run', async () => {
  const { store, seen } = recordingStore();
  await store.create('ns1', deployment('d3'), op());
  seen.length = 0;
  const request = { verb: 'update', group: 'apps', version: 'v1', resource: 'deployments', subresource: 'status', name: 'd3', namespace: 'ns1' };
  await store.update('ns1', 'd3', (cur) => ({ ...cur!, status: { replicas: 1 } }), { ...op({ dryRun: true, request }), subresource: 'status' });
  assert.deepEqual(
    seen.map((s) => [s.phase, s.operation, s.subresource, s.name, s.verb, s.dryRun]),
    [
      ['admit', 'UPDATE', 'status', 'd3', 'update', true],
      ['validate', 'UPDATE', 'status', 'd3', 'update', true],
    ],
  );
});

test('delete: both phases see DELETE and the current object', async () => {
  const { store, seen } = recordingStore();
  const created = await store.create('ns1', deployment('d4'), op());
  seen.length = 0;
  await deleteObject(store, 'ns1', 'd4', { dryRun: false, user: { name: 'bob', groups: [] } });
  assert.deepEqual(
    seen.map((s) => [s.phase, s.operation, s.name, s.user, s.uid]),
    [
      ['admit', 'DELETE', 'd4', 'bob', created.metadata?.uid],
      ['validate', 'DELETE', 'd4', 'bob', created.metadata?.uid],
    ],
  );
});
