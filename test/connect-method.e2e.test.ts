// CONNECT (issue 12, item 11) is answered as kube-apiserver answers it instead of the socket being dropped: an
// authority-form target has no path, so kube's mux answers the plain-text 404; on a resource path the router's 405.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect as tlsConnect } from 'node:tls';
import { connect as h2connect } from 'node:http2';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

let s: TestServer;
before(async () => {
  s = await startTestServer({ storageBackend: 'memory' });
});
after(async () => {
  await s.close();
});

async function http1(requestHead: string): Promise<{ status: string; headers: string; body: string }> {
  const sock = tlsConnect({ host: '127.0.0.1', port: s.port, ca: s.ca, cert: s.admin.cert, key: s.admin.key, ALPNProtocols: ['http/1.1'] }, () => sock.write(requestHead));
  let data = '';
  sock.on('data', (c) => (data += c));
  await new Promise((r) => sock.once('close', r));
  const [head, ...rest] = data.split('\r\n\r\n');
  const [status, ...headers] = head!.split('\r\n');
  return { status: status!, headers: headers.join('\n'), body: rest.join('\r\n\r\n') };
}

test('HTTP/1.1 CONNECT host:port answers the plain-text 404 and closes the connection', async () => {
  const r = await http1('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
  assert.equal(r.status, 'HTTP/1.1 404 Not Found');
  assert.match(r.headers, /^Content-Type: text\/plain; charset=utf-8$/m);
  assert.match(r.headers, /^X-Content-Type-Options: nosniff$/m);
  assert.match(r.headers, /^Cache-Control: no-cache, private$/m);
  assert.match(r.headers, /^Audit-Id: [0-9a-f-]{36}$/m);
  assert.equal(r.body, '404 page not found\n');
});

test('HTTP/1.1 CONNECT on a resource collection or a connect sub-resource answers the router\'s 405 Status', async () => {
  const exec = await http1('CONNECT /api/v1/namespaces/default/pods/p/exec?command=ls HTTP/1.1\r\nHost: x\r\n\r\n');
  assert.equal(exec.status, 'HTTP/1.1 405 Method Not Allowed');
  assert.equal(JSON.parse(exec.body).reason, 'MethodNotAllowed');
  const r = await http1('CONNECT /api/v1/namespaces/default/configmaps HTTP/1.1\r\nHost: x\r\n\r\n');
  assert.equal(r.status, 'HTTP/1.1 405 Method Not Allowed');
  assert.deepEqual(JSON.parse(r.body), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'the server does not allow this method on the requested resource',
    reason: 'MethodNotAllowed',
    details: {},
    code: 405,
  });
});

test('HTTP/2 CONNECT answers the plain-text 404', async () => {
  const session = h2connect(s.url, { ca: s.ca, cert: s.admin.cert, key: s.admin.key });
  const stream = session.request({ ':method': 'CONNECT', ':authority': 'example.com:443' });
  let headers: Record<string, unknown> = {};
  let body = '';
  stream.on('response', (h) => (headers = h));
  stream.on('data', (c) => (body += c));
  await new Promise((r) => stream.once('close', r));
  session.close();
  assert.equal(headers[':status'], 404);
  assert.equal(headers['content-type'], 'text/plain; charset=utf-8');
  assert.equal(body, '404 page not found\n');
});
