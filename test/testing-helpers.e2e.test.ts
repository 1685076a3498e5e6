// kubelite/testing under node:test: a namespace per test on one server, a server per test started from the
// snapshot its setup left (CRD installed once), snapshots saved to and loaded from a file, and the start time
// from a snapshot.
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { loadSnapshot, saveSnapshot, startTestCluster, useKubelite, type TestCluster } from '../src/testing/public.js';

const widgetCRD = {
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
    scope: 'Namespaced' as const,
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
  },
};

async function installWidgets(c: TestCluster): Promise<void> {
  await c.kubeConfig.makeApiClient(k8s.ApiextensionsV1Api).createCustomResourceDefinition({ body: widgetCRD });
  // Served once Established (the CRD controller works asynchronously, as kube's).
  const objects = c.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
  for (let i = 0; ; i++) {
    try {
      await objects.listNamespacedCustomObject({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets' });
      return;
    } catch (e) {
      if (i > 100) throw e;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

const widget = (name: string) => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name } });

describe('per: namespace', () => {
  const kube = useKubelite({ before, after, beforeEach, afterEach });
  const seen: string[] = [];

  for (const n of [1, 2]) {
    test(`test ${n} gets a namespace of its own, empty but for kube-root-ca.crt`, async () => {
      const core = kube.kubeConfig.makeApiClient(k8s.CoreV1Api);
      assert.notEqual(kube.namespace, 'default');
      assert.ok(!seen.includes(kube.namespace));
      seen.push(kube.namespace);
      const ns = await core.readNamespace({ name: kube.namespace });
      assert.equal(ns.status?.phase, 'Active');
      await core.createNamespacedConfigMap({ namespace: kube.namespace, body: { metadata: { name: 'mine' } } });
      // The namespace of the test before is being deleted, with its objects.
      if (seen.length === 2) {
        const before = await core.readNamespace({ name: seen[0]! }).catch((e: { code?: number }) => e.code);
        assert.ok(before === 404 || (before as k8s.V1Namespace).status?.phase === 'Terminating', JSON.stringify(before));
      }
    });
  }
});

describe('per: server, from the snapshot setup left', () => {
  const kube = useKubelite({ before, after, beforeEach, afterEach }, { per: 'server', setup: installWidgets });
  const urls: string[] = [];

  for (const n of [1, 2]) {
    test(`test ${n} has its own server with the CRD installed and no widget of an earlier test`, async () => {
      assert.ok(!urls.includes(kube.cluster.url));
      urls.push(kube.cluster.url);
      assert.equal(kube.namespace, 'default');
      const objects = kube.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
      const list = await objects.listNamespacedCustomObject({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets' });
      assert.deepEqual(list.items, []);
      await objects.createNamespacedCustomObject({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets', body: widget(`w${n}`) });
    });
  }
});

test('a snapshot saved to a file starts servers with the same objects, resourceVersions and CRDs', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-snap-'));
  const first = await startTestCluster();
  let snapshotFile: string;
  try {
    await installWidgets(first);
    const objects = first.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
    const made = (await objects.createNamespacedCustomObject({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets', body: widget('kept') })) as { metadata: { resourceVersion: string; uid: string } };
    snapshotFile = join(dir, 'cluster.json');
    saveSnapshot(snapshotFile, await first.snapshot());

    const timings: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const c = await startTestCluster({ snapshot: loadSnapshot(snapshotFile) });
      timings.push(performance.now() - t0);
      try {
        const got = (await c.kubeConfig.makeApiClient(k8s.CustomObjectsApi).getNamespacedCustomObject({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets', name: 'kept' })) as { metadata: { resourceVersion: string; uid: string } };
        assert.equal(got.metadata.uid, made.metadata.uid);
        assert.equal(got.metadata.resourceVersion, made.metadata.resourceVersion);
        // New writes continue from the snapshot's revision.
        const next = (await c.kubeConfig.makeApiClient(k8s.CustomObjectsApi).createNamespacedCustomObject({ group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets', body: widget('new') })) as { metadata: { resourceVersion: string } };
        assert.ok(Number(next.metadata.resourceVersion) > Number(made.metadata.resourceVersion));
      } finally {
        await c.stop();
      }
    }
    console.log(`# start from a snapshot: ${timings.map((t) => `${t.toFixed(0)} ms`).join(', ')}`);
    // Generous for a loaded machine; on an idle one a start from a snapshot takes a few hundred ms.
    assert.ok(Math.min(...timings) < 5000, timings.join(', '));
  } finally {
    await first.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a snapshot only starts the memory engine, and a file that is no snapshot is refused', async () => {
  const c = await startTestCluster();
  const snap = await c.snapshot();
  await c.stop();
  await assert.rejects(startTestCluster({ snapshot: snap, server: { storageBackend: 'sqlite', dataDir: mkdtempSync(join(tmpdir(), 'kubelite-snap-sqlite-')) } }), {
    message: "a snapshot starts the memory engine only (storageBackend: 'memory')",
  });
  await assert.rejects(startTestCluster({ snapshot: { kind: 'Other' } as never }), { message: 'not a kubelite snapshot (kind KubeliteSnapshot, version 1)' });
});
