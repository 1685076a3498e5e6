// Watchers that stop reading (issue 12, item 5) are cut off instead of pinning memory: their streams end and
// their connections (HTTP/1.1) or streams (HTTP/2) close, while a watcher that reads gets every event.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect as h2connect } from 'node:http2';
import { connect, type TLSSocket } from 'node:tls';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { openWatchStreams } from '../src/endpoints/list/watch-stream.js';

let s: TestServer;
before(async () => {
  s = await startTestServer({ storageBackend: 'memory' });
});
after(async () => {
  await s.close();
});

const WATCH = '/api/v1/namespaces/default/configmaps?watch=true&timeoutSeconds=300';

interface StalledWatcher {
  sock: TLSSocket;
  received: number;
  closed: Promise<void>;
}

async function stalledWatcher(): Promise<StalledWatcher> {
  const sock = connect({ host: '127.0.0.1', port: s.port, ca: s.ca, cert: s.admin.cert, key: s.admin.key, ALPNProtocols: ['http/1.1'] });
  await new Promise((r) => sock.once('secureConnect', r));
  const w: StalledWatcher = { sock, received: 0, closed: new Promise((r) => sock.once('close', () => r())) };
  sock.on('data', (c: Buffer) => (w.received += c.length));
  sock.write(`GET ${WATCH} HTTP/1.1\r\nHost: x\r\n\r\n`);
  await new Promise((r) => setTimeout(r, 100));
  sock.pause(); // never reads again (until the end of the test)
  return w;
}

const until = async (cond: () => boolean, ms: number): Promise<boolean> => {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  return cond();
};

test('stalled watchers are cut off and closed; a reading watcher gets every event; memory stays bounded', { timeout: 90_000 }, async () => {
  const baseline = openWatchStreams();
  const stalled: StalledWatcher[] = [];
  for (let i = 0; i < 8; i++) stalled.push(await stalledWatcher());

  // One HTTP/2 watch stream that never reads.
  const session = h2connect(s.url, { ca: s.ca, cert: s.admin.cert, key: s.admin.key });
  const h2stream = session.request({ ':method': 'GET', ':path': WATCH });
  const h2closed = new Promise<void>((r) => h2stream.once('close', () => r()));
  await new Promise((r) => h2stream.once('response', r));
  h2stream.pause();

  // One watcher that reads everything, on a connection of its own.
  const readerSession = h2connect(s.url, { ca: s.ca, cert: s.admin.cert, key: s.admin.key });
  const reader = readerSession.request({ ':method': 'GET', ':path': WATCH });
  let readerEvents = 0;
  let tail = '';
  reader.setEncoding('utf8');
  reader.on('data', (c: string) => {
    const lines = (tail + c).split('\n');
    tail = lines.pop()!;
    readerEvents += lines.filter((l) => l.startsWith('{"type":"MODIFIED"')).length;
  });
  await new Promise((r) => reader.once('response', r));
  assert.ok(await until(() => openWatchStreams() === baseline + 10, 5000));

  const value = 'x'.repeat(50 * 1024);
  const names = Array.from({ length: 8 }, (_, i) => `cm${i}`);
  for (const name of names) {
    const r = await s.request('POST', '/api/v1/namespaces/default/configmaps', { http2: true, body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { v: '0' } }), headers: { 'content-type': 'application/json' } });
    assert.equal(r.status, 201);
  }
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const rounds = 100; // 8 × 100 updates of 50 KB: 40 MB of events for every watcher
  await Promise.all(
    names.map(async (name) => {
      for (let i = 1; i <= rounds; i++) {
        const r = await s.request('PUT', `/api/v1/namespaces/default/configmaps/${name}`, {
          http2: true,
          body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { v: `${i}${value}` } }),
          headers: { 'content-type': 'application/json' },
        });
        assert.equal(r.status, 200);
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }
    }),
  );
  const total = names.length * rounds;

  // Every stalled stream is cut off; only the reader is left.
  assert.ok(await until(() => openWatchStreams() === baseline + 1, 15_000), `open watch streams: ${openWatchStreams() - baseline}`);
  await h2closed;
  assert.ok(await until(() => readerEvents === total, 15_000), `reader got ${readerEvents} of ${total}`);

  // The HTTP/1.1 watchers, reading again, see their connections end with far less than everything sent.
  for (const w of stalled) w.sock.resume();
  await Promise.all(stalled.map((w) => w.closed));
  for (const w of stalled) assert.ok(w.received < total * value.length / 2, `received ${w.received}`);

  const growthMB = (peakRss - rssBefore) / 2 ** 20;
  if (process.env.KUBELITE_TEST_REPORT) console.error(`stalled watchers: RSS +${growthMB.toFixed(0)} MB, received ${stalled.map((w) => w.received).join(',')}`);
  // 9 stalled watchers × 40 MB would be 360 MB held; the bounds keep the growth well below that (the rest is the updates themselves).
  assert.ok(growthMB < 300, `RSS grew ${growthMB.toFixed(0)} MB`);
  reader.close();
  readerSession.close();
  session.close();
});
