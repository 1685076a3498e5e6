// The default policy written in one batch to an empty store (controllers/rbac-bootstrap-bulk.ts) is what the create
// path writes object by object: the same keys, in the same revision order, with the same stored bytes except each
// object's uid and creationTimestamp, and the same later events (the aggregation of admin, edit and view).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type RunningServer } from '../src/index.js';
import type { StorageEvent } from '../src/storage/interface.js';
import type { ClusterSnapshot } from '../src/storage/snapshot.js';

const RBAC_KEY = /^\/registry\/(clusterroles|clusterrolebindings|roles|rolebindings)\//;

/** Every RBAC event since the store began, values with their uid and creationTimestamp blanked. */
async function rbacEvents(s: RunningServer): Promise<{ type: string; key: string; created: boolean; uid: string; value: string }[]> {
  const events: StorageEvent[] = [];
  const w = s.storage.watch('/registry/', { afterRev: s.storage.compactedRevision() }, { events: (b) => events.push(...b), error: () => undefined });
  await new Promise((r) => setImmediate(r));
  w.stop();
  return events
    .filter((e) => RBAC_KEY.test(e.kv.key))
    .map((e) => ({
      type: e.type,
      key: e.kv.key,
      created: e.kv.createRev === e.kv.modRev,
      uid: /"uid":"([0-9a-f-]{36})"/.exec(Buffer.from(e.kv.value).toString())?.[1] ?? '',
      value: Buffer.from(e.kv.value)
        .toString()
        .replace(/"uid":"[0-9a-f-]{36}"/, '"uid":"-"')
        .replace(/"creationTimestamp":"[0-9TZ:-]{20}"/, '"creationTimestamp":"-"'),
    }));
}

/**
 * The RBAC events once the aggregation controller is done: its passes go on after start-up returns (admin aggregates
 * edit, which aggregates view, one level per pass), so both servers are compared when neither writes any more.
 */
async function settledRbacEvents(s: RunningServer): Promise<Awaited<ReturnType<typeof rbacEvents>>> {
  let last = await rbacEvents(s);
  // longer than the controller's resync period (500 ms), so a pass still to come cannot be missed
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 700));
    const now = await rbacEvents(s);
    if (now.length === last.length) return now;
    last = now;
  }
  return last;
}

/** A store that is not empty at start: one unrelated ConfigMap. */
const notEmpty: ClusterSnapshot = {
  kind: 'KubeliteSnapshot',
  version: 1,
  revision: 1,
  entries: [
    {
      key: '/registry/configmaps/default/seed',
      createRevision: 1,
      modRevision: 1,
      value: Buffer.from(JSON.stringify({ kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'seed', namespace: 'default', uid: '00000000-0000-0000-0000-000000000001', creationTimestamp: '2026-01-01T00:00:00Z' } })).toString('base64'),
    },
  ],
};

test('an empty store gets the default policy in one batch, byte for byte and in the order the create path writes it', async () => {
  const bulk = await startServer({ securePort: 0, storageBackend: 'memory', logger: 'silent', writeKubeconfig: '' });
  const oneByOne = await startServer({ securePort: 0, storageBackend: 'memory', logger: 'silent', writeKubeconfig: '', snapshot: notEmpty });
  try {
    const a = await settledRbacEvents(bulk);
    const b = await settledRbacEvents(oneByOne);
    assert.ok(a.length > 130, `${a.length} RBAC events`);
    assert.deepEqual(a.map((e) => e.key), b.map((e) => e.key), 'the same keys in the same revision order');
    const withoutUid = ({ uid: _uid, ...rest }: { uid: string }) => rest;
    for (let i = 0; i < a.length; i++) assert.deepEqual(withoutUid(a[i]!), withoutUid(b[i]!), a[i]!.key);
    const created = a.filter((e) => e.created);
    assert.equal(new Set(created.map((e) => e.uid)).size, created.length, 'every object has its own uid');
  } finally {
    await bulk.stop();
    await oneByOne.stop();
  }
});
