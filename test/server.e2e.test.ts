// The kubelite server end to end: TLS with client certificates over HTTP/2 and HTTP/1.1, the pipeline's
// answers (401, 403, 404, 405, 504), health endpoints, /version, GET /, restart with the same kubeconfig.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { findKubectl } from '../src/testing/kubectl.js';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s.close();
});

for (const http2 of [false, true]) {
  const proto = http2 ? 'HTTP/2' : 'HTTP/1.1';

  test(`${proto}: /readyz, /livez, /healthz answer ok with kube's headers`, async () => {
    for (const ep of ['healthz', 'livez', 'readyz']) {
      const r = await s.request('GET', `/${ep}`, { http2 });
      assert.equal(r.status, 200);
      assert.equal(r.body, 'ok');
      assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8');
      assert.equal(r.headers['x-content-type-options'], 'nosniff');
      assert.equal(r.headers['cache-control'], 'no-cache, private');
      assert.match(String(r.headers['audit-id']), /^[0-9a-f-]{36}$/);
    }
  });

  test(`${proto}: /readyz?verbose lists every check`, async () => {
    const r = await s.request('GET', '/readyz?verbose', { http2 });
    assert.equal(r.status, 200);
    const lines = r.body.trimEnd().split('\n');
    assert.deepEqual(lines.slice(0, 4), ['[+]ping ok', '[+]log ok', '[+]etcd ok', '[+]etcd-readiness ok']);
    assert.ok(lines.includes('[+]poststarthook/start-system-namespaces-controller ok'));
    assert.ok(lines.includes('[+]shutdown ok'));
    assert.equal(lines.at(-1), 'readyz check passed');
  });

  test(`${proto}: exclude and unknown excludes`, async () => {
    const r = await s.request('GET', '/livez?verbose&exclude=etcd&exclude=nope', { http2 });
    assert.equal(r.status, 200);
    assert.ok(r.body.includes('[+]etcd excluded: ok\n'));
    assert.ok(r.body.includes('warn: some health checks cannot be excluded: no matches for "nope"\n'));
    assert.ok(r.body.endsWith('livez check passed\n'));
  });

  test(`${proto}: single checks and unknown check paths`, async () => {
    const ok = await s.request('GET', '/readyz/ping', { http2 });
    assert.equal(ok.status, 200);
    assert.equal(ok.body, 'ok');
    const missing = await s.request('GET', '/healthz/nope', { http2 });
    assert.equal(missing.status, 404);
    assert.equal(missing.body, '404 page not found\n');
  });

  test(`${proto}: /version reports 1.33`, async () => {
    const r = await s.request('GET', '/version', { http2 });
    assert.equal(r.status, 200);
    const v = r.json();
    assert.equal(v.major, '1');
    assert.equal(v.minor, '33');
    assert.match(v.gitVersion, /^v1\.33\.\d+$/);
  });

  test(`${proto}: no client certificate is 401 (anonymous is off with AlwaysAllow)`, async () => {
    const r = await s.request('GET', '/api/v1/namespaces', { http2, cert: false });
    assert.equal(r.status, 401);
    assert.deepEqual(r.json(), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 });
  });

  test(`${proto}: unknown API paths are 404 Status, others plain text`, async () => {
    // Under /api (a go-restful web service) the router's Status; a group no built-in serves falls through kube's
    // custom resource handler to the plain-text 404.
    const api = await s.request('GET', '/api/v1/widgets', { http2 });
    assert.equal(api.status, 404);
    assert.deepEqual(api.json(), {
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
      message: 'the server could not find the requested resource', reason: 'NotFound', details: {}, code: 404,
    });
    for (const path of ['/nope', '/apis/nope.example.com/v1/widgets']) {
      const other = await s.request('GET', path, { http2 });
      assert.equal(other.status, 404);
      assert.equal(other.body, '404 page not found\n');
    }
  });

  test(`${proto}: unsupported method on a resource is 405`, async () => {
    const r = await s.request('POST', '/api/v1/configmaps', { http2, body: '{}' , headers: { 'content-type': 'application/json' } });
    assert.equal(r.status, 405);
    assert.equal(r.json().message, 'the server does not allow this method on the requested resource');
    assert.equal(r.json().reason, 'MethodNotAllowed');
  });

  test(`${proto}: a bad timeout parameter is a 400`, async () => {
    const r = await s.request('GET', '/api/v1/namespaces?timeout=abc', { http2 });
    assert.equal(r.status, 400);
    assert.equal(r.json().message, 'invalid timeout specified in the request URL - time: invalid duration "abc"');
  });

  test(`${proto}: GET / lists the paths`, async () => {
    const r = await s.request('GET', '/', { http2 });
    assert.equal(r.status, 200);
    const paths: string[] = r.json().paths;
    for (const p of ['/api', '/api/v1', '/apis', '/apis/apps/v1', '/healthz', '/livez', '/readyz', '/version']) assert.ok(paths.includes(p), p);
    assert.deepEqual(paths, [...paths].sort());
  });
}

test('a Warning header is legal on HTTP/2 and Connection headers are never sent there', async () => {
  const r = await s.request('GET', '/readyz', { http2: true });
  assert.equal(r.headers['connection'], undefined);
  assert.equal(r.headers['transfer-encoding'], undefined);
  // A write with an unknown field and fieldValidation=Warn answers with a Warning header, over HTTP/2 too.
  const w = await s.request('POST', '/api/v1/namespaces/default/configmaps?fieldValidation=Warn', {
    http2: true,
    headers: { 'content-type': 'application/json' },
    body: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"h2-warning"},"bogus":1}',
  });
  assert.equal(w.status, 201);
  assert.equal(w.headers['warning'], '299 - "unknown field \\"bogus\\""');
  assert.equal(w.headers['connection'], undefined);
  assert.equal(w.headers['transfer-encoding'], undefined);
});

test('kubectl get --raw /readyz?verbose', { skip: !findKubectl() && 'kubectl 1.33 not found (set KUBECTL)' }, async () => {
  const r = await s.kubectl(['get', '--raw', '/readyz?verbose']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /\[\+\]ping ok/);
  assert.match(r.stdout, /readyz check passed/);
});

test('kubectl version talks to the server', { skip: !findKubectl() && 'kubectl 1.33 not found (set KUBECTL)' }, async () => {
  const r = await s.kubectl(['version', '-o', 'json']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).serverVersion.minor, '33');
});
