import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { RequestContext } from './request-context.js';
import { writeBody, writeParts } from './respond.js';

/** Serves one request with `write` and returns what the client received. */
async function served(write: (ctx: RequestContext) => void | Promise<void>, headers: Record<string, string> = {}) {
  let written: { headersSent: boolean } | undefined;
  const server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const ctx = {
      req, res, http2: false, method: req.method!, path: url.pathname, query: url.searchParams, receivedAt: Date.now(),
      auditId: 'a', requestInfo: {} as never, warnings: [], signal: new AbortController().signal, timedOut: false, longRunning: false,
    } as unknown as RequestContext;
    void Promise.resolve(write(ctx)).then(() => (written = { headersSent: res.headersSent }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  try {
    const r = await new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      request({ port, host: '127.0.0.1', path: '/x', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
    return { ...r, written };
  } finally {
    server.close();
  }
}

test('writeParts sends a piece larger than its chunks whole and in order, with its Content-Length', async () => {
  const big = Buffer.alloc(3 * 1024 * 1024 + 17);
  for (let i = 0; i < big.length; i++) big[i] = i % 251;
  const r = await served((ctx) => writeParts(ctx, 200, 'application/json', ['{"a":', big, '}\n']));
  assert.equal(r.status, 200);
  assert.equal(r.headers['content-length'], String(big.length + 7));
  assert.ok(r.body.equals(Buffer.concat([Buffer.from('{"a":'), big, Buffer.from('}\n')])));
});

test('a body over 128 KiB is gzipped for a client that accepts it, and written when the promise resolves', async () => {
  const body = Buffer.from(JSON.stringify({ data: Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, `v${i}`])) }));
  assert.ok(body.length > 128 * 1024);
  const r = await served((ctx) => writeBody(ctx, 200, 'application/json', body), { 'accept-encoding': 'gzip' });
  assert.equal(r.status, 200);
  assert.equal(r.headers['content-encoding'], 'gzip');
  assert.equal(r.headers['vary'], 'Accept-Encoding');
  assert.equal(r.headers['content-length'], String(r.body.length));
  assert.ok(gunzipSync(r.body).equals(body));
  assert.deepEqual(r.written, { headersSent: true });
});

test('a body over 128 KiB goes uncompressed to a client that does not accept gzip', async () => {
  const body = Buffer.alloc(200 * 1024, 'a');
  const r = await served((ctx) => writeBody(ctx, 200, 'text/plain', body));
  assert.equal(r.headers['content-encoding'], undefined);
  assert.ok(r.body.equals(body));
});
