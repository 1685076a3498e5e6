// Library use and lifecycle: two servers in one process on port 0, start-up time, graceful shutdown (readyz fails
// first while livez stays ok and in-flight requests finish).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpsRequest } from 'node:https';
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
      await s.stop(); // before the bound is checked, so that a slow start cannot leave the server running
      assert.ok(ms < 10000, `start-up took ${ms} ms`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('graceful shutdown: readyz fails first, livez stays ok, an in-flight request finishes, then the listener closes', async () => {
  const s = await startTestServer({ storageBackend: 'memory', shutdownDelayMs: 1500 });
  // A create whose body is still arriving when shutdown begins: it is in flight through the drain.
  const body = '{"metadata":{"name":"in-flight"}}';
  const req = httpsRequest({
    hostname: '127.0.0.1', port: s.port, path: '/api/v1/namespaces/default/configmaps', method: 'POST', agent: false,
    ca: s.ca, cert: s.admin.cert, key: s.admin.key,
    headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 10));
  await new Promise((r) => setTimeout(r, 200));
  let stopped = false;
  const stopping = s.stop().then(() => {
    stopped = true;
  });
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
  // Past the shutdown delay new requests are refused and the listener is closed; the create still finishes.
  await new Promise((r) => setTimeout(r, 1600));
  assert.equal(stopped, false);
  req.end(body.slice(10));
  const created = await answered;
  assert.equal(created.status, 201, created.body);
  assert.equal(JSON.parse(created.body).metadata.name, 'in-flight');
  await stopping;
  await assert.rejects(s.request('GET', '/livez'));
  rmSync(s.dataDir, { recursive: true, force: true });
});

test('--tls-sans end up in the generated serving certificate; --tls-cert-file/--tls-private-key-file replace it', async () => {
  const { connect } = await import('node:tls');
  const { writeFileSync } = await import('node:fs');
  const peer = (port: number, ca: string) =>
    new Promise<{ subjectaltname?: string; subject: { CN?: string } }>((resolve, reject) => {
      const sock = connect({ host: '127.0.0.1', port, ca, servername: 'localhost' }, () => {
        const c = sock.getPeerCertificate();
        sock.end();
        resolve(c as unknown as { subjectaltname?: string; subject: { CN?: string } });
      });
      sock.on('error', reject);
    });
  const a = await startTestServer({ storageBackend: 'memory', tlsSANs: ['kubelite.test', '10.1.2.3'] });
  try {
    const c = await peer(a.port, a.ca);
    assert.equal(c.subjectaltname, 'DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, DNS:kubelite.test, IP Address:10.1.2.3');
    // Serve b with a's serving pair and CA: clients trusting a's CA reach b.
    const dir = mkdtempSync(join(tmpdir(), 'kubelite-tls-'));
    writeFileSync(join(dir, 'tls.crt'), (await import('node:fs')).readFileSync(join(a.dataDir, 'pki', 'apiserver.crt')));
    writeFileSync(join(dir, 'tls.key'), (await import('node:fs')).readFileSync(join(a.dataDir, 'pki', 'apiserver.key')));
    const b = await startTestServer({ storageBackend: 'memory', tlsCertFile: join(dir, 'tls.crt'), tlsPrivateKeyFile: join(dir, 'tls.key') });
    try {
      const cb = await peer(b.port, a.ca);
      assert.equal(cb.subjectaltname, c.subjectaltname);
      assert.equal(cb.subject.CN, 'kubelite-apiserver');
    } finally {
      await b.close();
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await a.close();
  }
});
