import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { compose } from './filter.js';
import { withPanicRecovery } from './panic-recovery.js';
import type { RequestContext } from '../http/request-context.js';
import { writeError } from '../http/respond.js';

test('an exception in a handler, or a JavaScript error written as a response, is kube\'s plain-text 500; the server keeps serving', async () => {
  let calls = 0;
  const handler = compose([withPanicRecovery(pino({ level: 'silent' }))], async (ctx) => {
    calls++;
    if (calls === 1) throw new Error('boom');
    // A handler's own catch that writes what it caught: a JavaScript error is a bug, never a Status text.
    if (calls === 2) {
      try {
        (undefined as unknown as { x: number }).x;
      } catch (e) {
        writeError(ctx, e);
      }
      return;
    }
    ctx.res.writeHead(200);
    ctx.res.end('fine');
  });
  const server = createServer((req, res) => {
    const ctx = { req, res, method: req.method, path: req.url, query: new URLSearchParams(), warnings: [], timedOut: false } as unknown as RequestContext;
    void handler(ctx);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const get = () =>
    new Promise<{ status: number; body: string; type?: string }>((resolve, reject) => {
      request({ port, host: '127.0.0.1', path: '/x' }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body, type: res.headers['content-type'] }));
      }).on('error', reject).end();
    });
  try {
    const first = await get();
    assert.equal(first.status, 500);
    assert.equal(first.body, 'This request caused apiserver to panic. Look in the logs for details.\n');
    assert.equal(first.type, 'text/plain; charset=utf-8');
    const second = await get();
    assert.equal(second.status, 500);
    assert.equal(second.body, 'This request caused apiserver to panic. Look in the logs for details.\n');
    const third = await get();
    assert.equal(third.status, 200);
    assert.equal(third.body, 'fine');
  } finally {
    server.close();
  }
});
