// Unknown non-resource paths (issue 12, item 13) get what kube-apiserver sends for each: kube's mux's plain-text
// 404, kube-openapi's empty answer for an unknown /openapi/v3 group-version, the go-restful router's Status under
// /api, /version and built-in groups, and the plain-text 404 under /apis for groups only custom resources could own.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

let s: TestServer;
before(async () => {
  s = await startTestServer({ storageBackend: 'memory' });
});
after(async () => {
  await s.close();
});

const routerNotFound = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'the server could not find the requested resource', reason: 'NotFound', details: {}, code: 404 };

for (const http2 of [false, true]) {
  const proto = http2 ? 'HTTP/2' : 'HTTP/1.1';

  test(`${proto}: /readyz/garbage, /livez/x/y, /openapi/garbage, /openapi/v2/x and /garbage answer the mux's plain-text 404`, async () => {
    for (const path of ['/readyz/garbage', '/livez/x/y', '/healthz/', '/openapi/garbage', '/openapi/v2/x', '/garbage', '/index.html/x']) {
      const r = await s.request('GET', path, { http2 });
      assert.equal(r.status, 404, path);
      assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8', path);
      assert.equal(r.headers['x-content-type-options'], 'nosniff', path);
      assert.equal(r.body, '404 page not found\n', path);
    }
  });

  test(`${proto}: an unknown /openapi/v3 group-version is kube-openapi's empty 200 (406 for an unserved Accept)`, async () => {
    for (const path of ['/openapi/v3/garbage', '/openapi/v3/apis/nope/v1', '/openapi/v3/', '/openapi/v3/apis/apps/v1/x?hash=abc']) {
      const r = await s.request('GET', path, { http2 });
      assert.equal(r.status, 200, path);
      assert.equal(r.body, '', path);
      assert.equal(r.headers['content-type'], undefined, path);
      assert.equal(r.headers['vary'], 'Accept', path);
      assert.equal(r.headers['content-length'], '0', path);
    }
    const json = await s.request('GET', '/openapi/v3/garbage', { http2, headers: { accept: 'application/json' } });
    assert.equal(json.status, 200);
    const html = await s.request('GET', '/openapi/v3/garbage', { http2, headers: { accept: 'text/html' } });
    assert.equal(html.status, 406);
    assert.equal(html.body, '');
    assert.equal(html.headers['vary'], 'Accept');
  });

  test(`${proto}: under /version and /api the go-restful router answers with a Status`, async () => {
    for (const path of ['/version/x', '/api/garbage', '/api/v2', '/apis/apps/v9', '/apis/apps/garbage/x']) {
      const r = await s.request('GET', path, { http2 });
      assert.equal(r.status, 404, path);
      assert.equal(r.headers['content-type'], 'application/json', path);
      assert.deepEqual(r.json(), routerNotFound, path);
    }
    const post = await s.request('POST', '/version', { http2, body: '{}', headers: { 'content-type': 'application/json' } });
    assert.equal(post.status, 405);
    assert.equal(post.json().reason, 'MethodNotAllowed');
    assert.equal(post.json().message, 'the server does not allow this method on the requested resource');
    const slash = await s.request('GET', '/version/', { http2 });
    assert.equal(slash.status, 200);
    assert.equal(slash.json().major, '1');
  });

  test(`${proto}: under /apis a group no built-in serves falls through to the plain-text 404`, async () => {
    for (const path of ['/apis/garbage', '/apis/garbage/v1', '/apis/example.com/v1/widgets', '/apis/example.com/v1/namespaces/default/widgets/w']) {
      const r = await s.request('GET', path, { http2 });
      assert.equal(r.status, 404, path);
      assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8', path);
      assert.equal(r.body, '404 page not found\n', path);
    }
  });
}
