// Library use and lifecycle: two servers in one process on port 0, start-up time, graceful shutdown (readyz fails
// first while livez stays ok and in-flight requests finish).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../src/index.js';
import { startTestServer } from '../src/testing/test-server.js';

test('two servers run in one process on port 0, each with its own store', async () => {
  const a = await startTestServer({ storageBackend: 'memory' });
  const b = await startTestServer({ storageBackend: 'memory' });
  try {
    assert.notEqual(a.port, b.port);
    const create = await a.request('POST', '/api/v1/namespaces/default/configmaps', { headers: { 'content-type': 'application/json' }, body: '{"metadata":{"name":"only-in-a"}}' });
    assert.equal(create.status, 201);
    assert.equal((await a.request('GET', '/api/v1/namespaces/default/configmaps/only-in-a')).status, 200);
    assert.equal((await b.request('GET', '/api/v1/namespaces/default/configmaps/only-in-a')).status, 404);
    assert.match(a.kubeconfig, /client-certificate-data: /);
    assert.match(a.kubeconfig, new RegExp(`server: https://127\\.0\\.0\\.1:${a.port}`));
  } finally {
    await a.close();
    await b.close();
  }
});

test('startServer() to ready: first start (certificates created) and restart', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-start-'));
  try {
    for (const label of ['first start', 'restart']) {
      const t0 = performance.now();
      const s = await startServer({ securePort: 0, dataDir: dir, writeKubeconfig: '' });
      const ms = performance.now() - t0;
      console.log(`# startServer() to ready (${label}, SQLite): ${ms.toFixed(1)} ms`);
      assert.ok(ms < 5000, `start-up took ${ms} ms`);
      await s.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('graceful shutdown: readyz fails first, livez stays ok, then the listener closes', async () => {
  const s = await startTestServer({ storageBackend: 'memory', shutdownDelayMs: 1500 });
  const stopping = s.stop();
  await new Promise((r) => setTimeout(r, 200));
  const ready = await s.request('GET', '/readyz?verbose');
  assert.equal(ready.status, 500);
  assert.ok(ready.body.includes('[-]shutdown failed: reason withheld\n'));
  assert.ok(ready.body.endsWith('readyz check failed\n'));
  const single = await s.request('GET', '/readyz/shutdown');
  assert.equal(single.status, 500);
  assert.equal(single.body, 'internal server error: process is shutting down\n');
  const live = await s.request('GET', '/livez');
  assert.equal(live.status, 200);
  await stopping;
  await assert.rejects(s.request('GET', '/livez'));
  rmSync(s.dataDir, { recursive: true, force: true });
});
