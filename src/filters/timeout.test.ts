import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { compose } from './filter.js';
import { withTimeout } from './timeout.js';
import type { RequestContext } from '../http/request-context.js';
import { writeJSON } from '../http/respond.js';
import { parseGoDuration } from '../golang/time.js';

/** Serves one pipeline (timeout filter + a handler that takes `delayMs`) and returns status and body. */
async function run(timeoutMs: number, delayMs: number, query = '', longRunning = false) {
  const handler = compose([withTimeout(timeoutMs)], async (ctx) => {
    await new Promise((r) => setTimeout(r, delayMs));
    writeJSON(ctx, 200, { ok: true });
  });
  const server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const ctx = {
      req, res, http2: false, method: req.method!, path: url.pathname, query: url.searchParams, receivedAt: Date.now(),
      auditId: 'a', requestInfo: {} as never, warnings: [], signal: new AbortController().signal, timedOut: false, longRunning,
    } as unknown as RequestContext;
    void handler(ctx);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  try {
    return await new Promise<{ status: number; body: string }>((resolve, reject) => {
      request({ port, host: '127.0.0.1', path: `/x${query}` }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      }).on('error', reject).end();
    });
  } finally {
    server.close();
  }
}

test('a request past its deadline gets the 504 kube writes raw (no kind/apiVersion)', async () => {
  const r = await run(50, 300);
  assert.equal(r.status, 504);
  assert.deepEqual(JSON.parse(r.body), { metadata: {}, status: 'Failure', message: 'Timeout: request did not complete within the allotted timeout', reason: 'Timeout', details: {}, code: 504 });
});

test('?timeout shortens the deadline; a longer one does not extend --request-timeout', async () => {
  assert.equal((await run(5000, 300, '?timeout=50ms')).status, 504);
  assert.equal((await run(5000, 50, '?timeout=1m')).status, 200);
});

test('long-running requests are not timed out', async () => {
  assert.equal((await run(20, 100, '', true)).status, 200);
});

test('Go durations', () => {
  assert.equal(parseGoDuration('32s'), 32000);
  assert.equal(parseGoDuration('1m0s'), 60000);
  assert.equal(parseGoDuration('1h2m3.5s'), 3723500);
  assert.equal(parseGoDuration('250ms'), 250);
  assert.throws(() => parseGoDuration('abc'), /^Error: time: invalid duration "abc"$/);
  assert.throws(() => parseGoDuration('10'), /^Error: time: missing unit in duration "10"$/);
});
