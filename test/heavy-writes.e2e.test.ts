// Large writes do not freeze the server (issue 12, item 4): concurrent large merge patches run their heavy stages
// one at a time and yield between them, so health probes are answered while they run (a probe waits for at most
// one stage, not for every patch in flight). Measured, not assumed: the probes' worst latency is reported.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

let s: TestServer;
before(async () => {
  s = await startTestServer({ storageBackend: 'memory' });
});
after(async () => {
  await s.close();
});

const KEYS = 40_000;
const key = (i: number) => `k${String(i).padStart(6, '0')}`;

test('health probes are answered while three large merge patches run', { timeout: 300_000 }, async () => {
  const data: Record<string, string> = {};
  for (let i = 0; i < KEYS; i++) data[key(i)] = `v${i % 100}`;
  const created = await s.request('POST', '/api/v1/namespaces/default/configmaps', {
    body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'big' }, data }),
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(created.status, 201);
  const patches = [1, 2, 3].map((n) => {
    const d: Record<string, string> = {};
    for (let i = 0; i < KEYS; i++) d[key(i)] = `p${n}${i % 100}`;
    return JSON.stringify({ data: d });
  });
  assert.ok(patches[0]!.length > 256 * 1024);

  let done = false;
  const latencies: number[] = [];
  const probe = (async () => {
    while (!done) {
      const t0 = performance.now();
      const r = await s.request('GET', '/livez', { http2: true });
      assert.equal(r.status, 200);
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const t0 = performance.now();
  const results = await Promise.all(
    patches.map((body) => s.request('PATCH', '/api/v1/namespaces/default/configmaps/big', { body, headers: { 'content-type': 'application/merge-patch+json' } })),
  );
  const elapsed = performance.now() - t0;
  done = true;
  await probe;
  for (const r of results) assert.equal(r.status, 200);
  const worst = Math.max(...latencies);
  if (process.env.KUBELITE_TEST_REPORT) console.error(`heavy writes: 3 patches in ${elapsed.toFixed(0)} ms, ${latencies.length} probes, worst ${worst.toFixed(0)} ms`);
  // Without the gate and the yields a probe waits for all three patches (worst ≈ elapsed).
  assert.ok(latencies.length >= 4, `only ${latencies.length} probes answered in ${elapsed.toFixed(0)} ms`);
  assert.ok(worst < elapsed / 2, `a probe waited ${worst.toFixed(0)} ms of ${elapsed.toFixed(0)} ms`);
});
