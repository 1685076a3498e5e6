// Slow and idle clients (issue 24) against kubelite in a child process: thousands of idle TLS connections, requests
// whose bodies never finish and 1,000 watchers that never read, while ConfigMaps of 20 KB change. /readyz and an
// ordinary client must keep being answered promptly; unfinished bodies get kube's 504 at their timeout; stalled
// watchers are cut off; the server's memory stays bounded (RSS before, with the stalled watchers and after, printed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { startChildServer, type ChildServer } from './child-server.js';
import { H2Client } from './h2-client.js';
import { report, scale } from './stress-config.js';

const IDLE = scale('idle', 2_000, 5_000);
const STALLED = scale('stalled', 1_000, 1_000);
const UNFINISHED = scale('unfinished', 200, 500);
const UPDATES = scale('updates', 60, 200);
/** The bound on what all watch streams together may hold unsent (watch-session.ts). */
const TOTAL_WATCH_BUFFER_MB = 128;
const CMS = '/api/v1/namespaces/default/configmaps';

function tls(srv: ChildServer): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const u = new URL(srv.url);
    const sock = tlsConnect({ host: u.hostname, port: Number(u.port), ca: srv.ca, cert: srv.cert, key: srv.key, ALPNProtocols: ['http/1.1'] }, () => resolve(sock));
    sock.on('error', reject);
  });
}

async function batches<T>(n: number, width: number, make: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += width) out.push(...(await Promise.all(Array.from({ length: Math.min(width, n - i) }, make))));
  return out;
}

test(`${IDLE} idle TLS connections, ${UNFINISHED} unfinished bodies and ${STALLED} stalled watchers do not stop /readyz or other clients; memory stays bounded`, { timeout: 900_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-slow-'));
  const srv = await startChildServer(dir);
  const client = new H2Client(srv, 1);
  const sockets: TLSSocket[] = [];
  try {
    for (let i = 0; i < 10; i++) {
      const r = await client.request('POST', CMS, { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `big-${i}` }, data: { v: '0' } }) });
      assert.equal(r.status, 201, r.body);
    }
    const rssStart = srv.rssMB();

    // Probes run throughout: /readyz and an ordinary list, each timed.
    let probing = true;
    const readyz: number[] = [];
    const lists: number[] = [];
    const probe = (async () => {
      const prober = new H2Client(srv, 1);
      while (probing) {
        let t0 = Date.now();
        const r = await prober.request('GET', '/readyz', { deadlineMs: 60_000 });
        assert.equal(r.status, 200, r.body);
        readyz.push(Date.now() - t0);
        t0 = Date.now();
        const l = await prober.request('GET', `${CMS}?limit=5`, { deadlineMs: 60_000 });
        assert.equal(l.status, 200);
        lists.push(Date.now() - t0);
        await new Promise((r2) => setTimeout(r2, 100));
      }
      prober.close();
    })();

    // Idle connections: handshake done, nothing sent.
    sockets.push(...(await batches(IDLE, 100, () => tls(srv))));
    const rssIdle = srv.rssMB();

    // Unfinished bodies: headers and part of the body, then silence; kube answers 504 at the request's timeout.
    const unfinished = await batches(UNFINISHED, 50, async () => {
      const sock = await tls(srv);
      sockets.push(sock);
      let data = '';
      sock.on('data', (c) => (data += c));
      const closed = new Promise<void>((r) => sock.once('close', () => r()));
      sock.write(`POST ${CMS}?timeout=3s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"apiVersion":`);
      return { closed, answer: () => data };
    });

    // Stalled watchers: a watch each, never read after the first bytes.
    const stalled = await batches(STALLED, 100, async () => {
      const sock = await tls(srv);
      sockets.push(sock);
      let received = 0;
      sock.on('data', (c: Buffer) => (received += c.length));
      const closed = new Promise<void>((r) => sock.once('close', () => r()));
      sock.write(`GET ${CMS}?watch=true&timeoutSeconds=600 HTTP/1.1\r\nHost: x\r\n\r\n`);
      return {
        closed,
        stall: () => sock.pause(),
        received: () => received,
      };
    });
    await new Promise((r) => setTimeout(r, 1000));
    for (const w of stalled) w.stall();

    // Changes every watcher is sent: 8 KB each (loopback sockets take megabytes each before the server sees a stall).
    const value = 'x'.repeat(8 * 1024);
    let rssPeak = srv.rssMB();
    let i = 0;
    await Promise.all(
      Array.from({ length: 10 }, async (_, k) => {
        while (i < UPDATES) {
          i++;
          const r = await client.request('PUT', `${CMS}/big-${k}`, { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `big-${k}` }, data: { v: `${i}${value}` } }), deadlineMs: 60_000 });
          assert.equal(r.status, 200, r.body);
          if (i % 20 === 0) rssPeak = Math.max(rssPeak, srv.rssMB());
        }
      }),
    );
    rssPeak = Math.max(rssPeak, srv.rssMB());

    // Every unfinished body got its 504 and its connection closed.
    await Promise.all(unfinished.map((u) => u.closed));
    for (const u of unfinished) assert.match(u.answer(), /^HTTP\/1\.1 504 Gateway Timeout\r\n/);

    // Stalled watchers whose backlog passed the bounds were cut off (those the kernel took everything for were not).
    const sentPerWatcher = UPDATES * value.length;
    await new Promise((r) => setTimeout(r, 3000));
    const rssStalled = srv.rssMB();
    for (const s of sockets) s.resume();
    await new Promise((r) => setTimeout(r, 3000));
    const cutOff = stalled.filter((w) => w.received() < sentPerWatcher).length;

    probing = false;
    await probe;
    for (const s of sockets) s.destroy();
    await new Promise((r) => setTimeout(r, 2000));
    const rssAfter = srv.rssMB();
    const worstReady = Math.max(...readyz);
    const worstList = Math.max(...lists);
    report('slow-clients', {
      idle: IDLE,
      unfinished: UNFINISHED,
      stalled: STALLED,
      cutOff,
      readyzProbes: readyz.length,
      readyzWorstMs: worstReady,
      listWorstMs: worstList,
      rssStartMB: rssStart,
      rssIdleMB: rssIdle,
      rssPeakMB: rssPeak,
      rssStalledMB: rssStalled,
      rssAfterMB: rssAfter,
    });
    assert.ok(readyz.length >= 5, `only ${readyz.length} probes answered`);
    // kube's request timeout is 60 s; a probe must come back far sooner.
    assert.ok(worstReady < 10_000, `/readyz took ${worstReady} ms`);
    assert.ok(worstList < 10_000, `a list took ${worstList} ms`);
    // What stalled watchers hold is bounded in total; the rest is connections, caches and the changes themselves.
    assert.ok(rssPeak - rssStart < TOTAL_WATCH_BUFFER_MB + 384, `RSS grew from ${rssStart} to ${rssPeak} MB`);
  } finally {
    for (const s of sockets) s.destroy();
    client.close();
    await srv.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
