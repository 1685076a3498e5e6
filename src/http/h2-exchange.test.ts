import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, createServer, type ClientHttp2Session, type Http2Server, type Http2ServerRequest, type Http2ServerResponse, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { H2Request, H2Response } from './h2-exchange.js';

type Handler = (req: H2Request, res: H2Response) => void;

async function withServer(handler: Handler, fn: (client: ClientHttp2Session, server: Http2Server) => Promise<void>): Promise<void> {
  const server = createServer({
    Http2ServerRequest: H2Request as unknown as typeof Http2ServerRequest,
    Http2ServerResponse: H2Response as unknown as typeof Http2ServerResponse,
  });
  server.on('request', handler as never);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const client = connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  try {
    await fn(client, server);
  } finally {
    client.close();
    await new Promise((r) => server.close(r));
  }
}

interface Reply {
  headers: IncomingHttpHeaders;
  body: string;
  continued: boolean;
}

function request(client: ClientHttp2Session, headers: OutgoingHttpHeaders, body?: string[]): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const s = client.request(headers, { endStream: body === undefined });
    let got: IncomingHttpHeaders = {};
    let continued = false;
    let data = '';
    s.on('continue', () => (continued = true));
    s.on('response', (h) => (got = h));
    s.setEncoding('utf8');
    s.on('data', (c: string) => (data += c));
    s.on('end', () => resolve({ headers: got, body: data, continued }));
    s.on('error', reject);
    if (body) {
      for (const part of body) s.write(part);
      s.end();
    }
  });
}

test('an answer carries its status, lowercased headers, Date and body, without connection-specific headers; finish and close follow once', async () => {
  const events: string[] = [];
  let seen: { method?: string; url?: string; accept?: string; raw: string[]; major: number } | undefined;
  await withServer(
    (req, res) => {
      seen = { method: req.method, url: req.url, accept: req.headers['accept'], raw: req.rawHeaders, major: req.httpVersionMajor };
      res.on('finish', () => events.push('finish'));
      res.on('close', () => events.push(`close ${res.writableEnded}`));
      res.setHeader('Audit-Id', 'a1');
      res.setHeader('Warning', ['299 - "one"', '299 - "two"']);
      res.setHeader('Connection', 'close');
      assert.equal(res.getHeader('audit-id'), 'a1');
      assert.equal(res.hasHeader('AUDIT-ID'), true);
      assert.equal(res.headersSent, false);
      res.writeHead(201, { 'Content-Type': 'application/json' });
      assert.equal(res.headersSent, true);
      assert.equal(res.statusCode, 201);
      assert.throws(() => res.setHeader('X-Late', '1'));
      res.end('{"ok":true}');
      assert.equal(res.writableEnded, true);
    },
    async (client) => {
      const r = await request(client, { ':path': '/api/v1?x=1', accept: 'application/json' });
      assert.equal(r.headers[':status'], 201);
      assert.equal(r.headers['audit-id'], 'a1');
      assert.equal(r.headers['content-type'], 'application/json');
      assert.equal(r.headers['warning'], '299 - "one", 299 - "two"');
      assert.equal(r.headers['connection'], undefined);
      assert.match(String(r.headers['date']), /GMT$/);
      assert.equal(r.body, '{"ok":true}');
      await new Promise((resolve) => setImmediate(resolve));
    },
  );
  assert.deepEqual(seen && { ...seen, raw: seen.raw.includes('accept') }, { method: 'GET', url: '/api/v1?x=1', accept: 'application/json', raw: true, major: 2 });
  assert.deepEqual(events, ['finish', 'close true']);
});

test('a HEAD answer has no body even when one is given', async () => {
  await withServer(
    (_req, res) => {
      res.setHeader('Content-Length', '5');
      res.end('hello');
    },
    async (client) => {
      const r = await request(client, { ':method': 'HEAD', ':path': '/' });
      assert.equal(r.headers[':status'], 200);
      assert.equal(r.headers['content-length'], '5');
      assert.equal(r.body, '');
    },
  );
});

test('the body is read as chunks; leaving the loop early still lets the handler answer', async () => {
  await withServer(
    async (req, res) => {
      let body = '';
      try {
        for await (const chunk of req) {
          body += chunk.toString();
          if (req.url === '/limit') throw new Error('too large');
        }
        res.end(`read ${body}`);
      } catch {
        res.writeHead(413);
        res.end(`stopped after ${body}`);
      }
    },
    async (client) => {
      const whole = await request(client, { ':method': 'POST', ':path': '/all' }, ['a', 'b', 'c']);
      assert.equal(whole.body, 'read abc');
      const cut = await request(client, { ':method': 'POST', ':path': '/limit' }, ['a'.repeat(10)]);
      assert.equal(cut.headers[':status'], 413);
      assert.equal(cut.body, `stopped after ${'a'.repeat(10)}`);
    },
  );
});

test('a write after end fails with ERR_STREAM_WRITE_AFTER_END and resets the stream', async () => {
  let err: (Error & { code?: string }) | null | undefined;
  await withServer(
    (_req, res) => {
      res.end('done');
      res.write(Buffer.from('late'), (e) => (err = e));
    },
    async (client) => {
      await assert.rejects(request(client, { ':path': '/' }), { code: 'ERR_HTTP2_STREAM_ERROR' });
      await new Promise((resolve) => setTimeout(resolve, 20));
    },
  );
  assert.equal(err?.code, 'ERR_STREAM_WRITE_AFTER_END');
});

test('a stream the client resets closes the response before it ended', async () => {
  let closed: boolean | undefined;
  let reset!: () => void;
  const gone = new Promise<void>((r) => (reset = r));
  await withServer(
    (_req, res) => {
      res.on('close', () => {
        closed = res.writableEnded;
        reset();
      });
      res.writeHead(200);
      res.write(Buffer.from('first'));
    },
    async (client) => {
      const s = client.request({ ':path': '/watch' });
      await new Promise((r) => s.once('data', r));
      s.close(8); // NGHTTP2_CANCEL
      await gone;
    },
  );
  assert.equal(closed, false);
});

test('Expect: 100-continue gets its interim answer; another expectation is 417 without reaching the handler', async () => {
  let handled = 0;
  await withServer(
    async (req, res) => {
      handled++;
      for await (const _ of req) void _;
      res.end('ok');
    },
    async (client) => {
      const r = await request(client, { ':method': 'POST', ':path': '/', expect: '100-continue' }, ['x']);
      assert.equal(r.continued, true);
      assert.equal(r.body, 'ok');
      const other = await request(client, { ':method': 'POST', ':path': '/', expect: 'something' }, ['x']);
      assert.equal(other.headers[':status'], 417);
    },
  );
  assert.equal(handled, 1);
});

test('CONNECT reaches the server\'s connect listener with the thin objects', async () => {
  let seen: string | undefined;
  await withServer(
    () => assert.fail('CONNECT is not a request event'),
    async (client, server) => {
      server.on('connect', (req: H2Request, res: H2Response) => {
        seen = `${req.method} ${String(req.url)} ${req.headers[':authority']}`;
        res.writeHead(404);
        res.end();
      });
      const r = await request(client, { ':method': 'CONNECT', ':authority': 'example.com:443' });
      assert.equal(r.headers[':status'], 404);
    },
  );
  assert.equal(seen, 'CONNECT undefined example.com:443');
});
