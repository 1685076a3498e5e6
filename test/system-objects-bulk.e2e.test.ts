// The system namespaces and the `kubernetes` Service written in one batch to an empty store
// (controllers/system-objects-bulk.ts) are what the create path writes object by object: the same keys, in the same
// revision order, with the same stored bytes except each object's uid and creationTimestamp.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type RunningServer } from '../src/index.js';
import type { StorageEvent } from '../src/storage/interface.js';
import type { ClusterSnapshot } from '../src/storage/snapshot.js';

const SYSTEM_KEY = /^\/registry\/(namespaces\/|services\/default\/kubernetes$)/;

/** The system objects' first events since the store began, values with their uid and creationTimestamp blanked. */
async function systemEvents(s: RunningServer): Promise<{ type: string; key: string; created: boolean; value: string }[]> {
  const events: StorageEvent[] = [];
  const w = s.storage.watch('/registry/', { afterRev: s.storage.compactedRevision() }, { events: (b) => events.push(...b), error: () => undefined });
  await new Promise((r) => setImmediate(r));
  w.stop();
  return events
    .filter((e) => SYSTEM_KEY.test(e.kv.key))
    .map((e) => ({
      type: e.type,
      key: e.kv.key,
      created: e.kv.createRev === e.kv.modRev,
      value: Buffer.from(e.kv.value)
        .toString()
        .replace(/"uid":"[0-9a-f-]{36}"/, '"uid":"-"')
        .replace(/"creationTimestamp":"[0-9TZ:-]{20}"/, '"creationTimestamp":"-"'),
    }));
}

/** A store that is not empty at start: one unrelated cluster-scoped object. */
const notEmpty: ClusterSnapshot = {
  kind: 'KubeliteSnapshot',
  version: 1,
  revision: 1,
  entries: [
    {
      key: '/registry/priorityclasses/seed',
      createRevision: 1,
      modRevision: 1,
      value: Buffer.from(JSON.stringify({ kind: 'PriorityClass', apiVersion: 'scheduling.k8s.io/v1', metadata: { name: 'seed', uid: '00000000-0000-0000-0000-000000000001', creationTimestamp: '2026-01-01T00:00:00Z' }, value: 5 })).toString('base64'),
    },
  ],
};

for (const range of [undefined, '10.96.0.0/12']) {
  test(`an empty store gets the system namespaces and the kubernetes Service in one batch, as the create path writes them (service range ${range ?? 'default'})`, async () => {
    const opts = { securePort: 0, storageBackend: 'memory' as const, logger: 'silent' as const, writeKubeconfig: '', ...(range ? { serviceClusterIPRange: range } : {}) };
    const bulk = await startServer(opts);
    const oneByOne = await startServer({ ...opts, snapshot: notEmpty });
    try {
      const a = await systemEvents(bulk);
      const b = await systemEvents(oneByOne);
      assert.deepEqual(
        a.map((e) => e.key),
        ['/registry/namespaces/default', '/registry/namespaces/kube-system', '/registry/namespaces/kube-public', '/registry/namespaces/kube-node-lease', '/registry/services/default/kubernetes'],
      );
      assert.deepEqual(a, b);
      assert.match(a[4]!.value, new RegExp(`"clusterIP":"${range ? '10.96.0.1' : '10.0.0.1'}"`));
      // The cluster IP is taken: a Service asking for it is refused as the create path's allocation would refuse it.
      const res = await fetchAs(bulk, 'POST', '/api/v1/namespaces/default/services', {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: 'again' },
        spec: { clusterIP: range ? '10.96.0.1' : '10.0.0.1', ports: [{ port: 80 }] },
      });
      assert.equal(res.status, 422);
      assert.match(res.body, /provided IP is already allocated/);
    } finally {
      await bulk.stop();
      await oneByOne.stop();
    }
  });
}

async function fetchAs(s: RunningServer, method: string, path: string, body: unknown): Promise<{ status: number; body: string }> {
  const { request } = await import('node:https');
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, s.url), { method, ca: s.ca, cert: s.admin.cert, key: s.admin.key, headers: { 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
