// Connection deadlines (issue 12, item 10), with kube's Go http.Server rules on shortened clocks: connections that
// never handshake or never send a request are closed after ReadHeaderTimeout, connections with nothing in flight
// after IdleTimeout (HTTP/2: GOAWAY), while a quiet watch keeps its connection; a request whose body never ends
// gets its 504 and then its socket (HTTP/1.1) or stream (HTTP/2) closed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { connect as h2connect } from 'node:http2';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

// Long enough that TLS handshakes finish on a loaded machine, short enough for a test.
const IDLE_MS = 5000;
const HEADER_MS = 3000;

let s: TestServer;
before(async () => {
  s = await startTestServer({ storageBackend: 'memory', connectionDeadlines: { idleTimeoutMs: IDLE_MS, readHeaderTimeoutMs: HEADER_MS } });
});
after(async () => {
  await s.close();
});

const closed = (sock: Socket) => new Promise<number>((r) => sock.once('close', () => r(Date.now())));

function tls(alpn: string, cert = true): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const sock = tlsConnect({ host: '127.0.0.1', port: s.port, ca: s.ca, ...(cert ? { cert: s.admin.cert, key: s.admin.key } : {}), ALPNProtocols: [alpn] }, () => resolve(sock));
    sock.on('error', () => undefined);
    sock.once('close', () => reject(new Error('closed before the handshake completed')));
  });
}

test('idle and silent connections are closed: no handshake, no request, partial headers, keep-alive after a request, idle HTTP/2', { timeout: 60_000 }, async () => {
  const t0 = Date.now();
  // Close times are recorded from the start: on a loaded machine some close before later setup steps are done.
  const raw = Array.from({ length: 20 }, () => {
    const c = netConnect(s.port, '127.0.0.1');
    c.on('error', () => undefined);
    return closed(c);
  });
  const silentSockets = await Promise.all(Array.from({ length: 20 }, () => tls('http/1.1')));
  const silent = silentSockets.map(closed);
  const partialSocket = await tls('http/1.1');
  const partial = closed(partialSocket);
  partialSocket.write('GET /livez HTTP/1.1\r\nHost: x\r\n');
  const keptAlive = await tls('http/1.1');
  const keptClosed = closed(keptAlive);
  let answer = '';
  keptAlive.on('data', (c) => (answer += c));
  keptAlive.write('GET /livez HTTP/1.1\r\nHost: x\r\n\r\n');
  const sessions = Array.from({ length: 10 }, () => h2connect(s.url, { ca: s.ca }));
  let goaways = 0;
  for (const h of sessions) {
    h.on('error', () => undefined);
    h.once('goaway', () => goaways++);
  }
  const sessionsClosed = sessions.map((h) => new Promise<number>((r) => h.once('close', () => r(Date.now()))));
  await Promise.all(sessions.map((h) => new Promise((r) => (h.connecting ? h.once('connect', r) : r(undefined)))));

  const ready = Date.now(); // every handshake is done: each socket's header clock started by now
  const headerClosed = await Promise.all([...raw, ...silent, partial]);
  for (const at of headerClosed) assert.ok(at - t0 >= HEADER_MS - 100 && at - ready < HEADER_MS + 1500, `closed ${at - t0} ms after the start, ${at - ready} ms after setup`);
  const kept = await keptClosed;
  assert.match(answer, /^HTTP\/1.1 200 OK/);
  assert.ok(kept - t0 >= IDLE_MS - 100 && kept - ready < IDLE_MS + 1500, `keep-alive connection closed after ${kept - t0} ms`);
  for (const at of await Promise.all(sessionsClosed)) assert.ok(at - t0 >= IDLE_MS - 100 && at - ready < IDLE_MS + 2500, `session closed after ${at - t0} ms`);
  assert.equal(goaways, sessions.length);
});

test('a quiet watch keeps its HTTP/2 session and its HTTP/1.1 connection past the idle timeout', { timeout: 60_000 }, async () => {
  const session = h2connect(s.url, { ca: s.ca, cert: s.admin.cert, key: s.admin.key });
  let goaway = false;
  session.on('goaway', () => (goaway = true));
  const watch = session.request({ ':method': 'GET', ':path': '/api/v1/namespaces/default/configmaps?watch=true&timeoutSeconds=30&resourceVersion=0' });
  watch.on('data', () => undefined);
  await new Promise((r) => watch.once('response', r));

  const h1 = await tls('http/1.1');
  let h1Closed = false;
  h1.on('close', () => (h1Closed = true));
  let h1Data = '';
  h1.on('data', (c) => (h1Data += c));
  h1.write('GET /api/v1/namespaces/default/configmaps?watch=true&timeoutSeconds=30 HTTP/1.1\r\nHost: x\r\n\r\n');

  await new Promise((r) => setTimeout(r, IDLE_MS * 2 + 500));
  assert.equal(goaway, false);
  assert.equal(session.closed, false);
  assert.equal(h1Closed, false);
  assert.match(h1Data, /^HTTP\/1.1 200 OK/);
  // Once the watch ends, the idle clock runs and the session goes.
  const sessionClosed = new Promise<void>((r) => session.once('close', () => r()));
  watch.close();
  await sessionClosed;
  h1.destroy();
});

test('HTTP/1.1: a body that never ends gets the 504, Connection: close, and its socket closed', { timeout: 30_000 }, async () => {
  const sock = await tls('http/1.1');
  let data = '';
  sock.on('data', (c) => (data += c));
  const done = closed(sock);
  sock.write('POST /api/v1/namespaces/default/configmaps?timeout=1s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"apiVersion":');
  const at = await done;
  const [head, body] = data.split('\r\n\r\n');
  assert.match(head!, /^HTTP\/1.1 504 Gateway Timeout\r\n/);
  assert.match(head!, /\r\nConnection: close(\r\n|$)/i);
  assert.equal(JSON.parse(body!).message, 'Timeout: request did not complete within the allotted timeout');
  assert.ok(at > 0);
});

test('HTTP/2: a body that never ends gets the 504 and its stream reset with NO_ERROR', { timeout: 30_000 }, async () => {
  const session = h2connect(s.url, { ca: s.ca, cert: s.admin.cert, key: s.admin.key });
  const stream = session.request({ ':method': 'POST', ':path': '/api/v1/namespaces/default/configmaps?timeout=1s', 'content-type': 'application/json' });
  stream.write('{"apiVersion":');
  let status = 0;
  let body = '';
  stream.on('response', (h) => (status = Number(h[':status'])));
  stream.on('data', (c) => (body += c));
  await new Promise<void>((r) => stream.once('close', () => r()));
  assert.equal(status, 504);
  assert.equal(JSON.parse(body).reason, 'Timeout');
  assert.equal(stream.rstCode, 0);
  session.close();
});
