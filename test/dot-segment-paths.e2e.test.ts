// Dot segments in request paths (issue 12, item 2): a name of `.` or `..` (raw or percent-encoded) never addresses the
// parent path. kube's key functions answer 400 `Name parameter invalid: ...`; a path with more segments than any route
// is go-restful's 404; nothing is redirected or normalised.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

let s: TestServer;
before(async () => {
  s = await startTestServer();
  const ns = await s.request('POST', '/api/v1/namespaces', {
    body: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'victim' } }),
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(ns.status, 201);
});
after(async () => {
  await s.close();
});

function badName(name: string, why: string) {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `Name parameter invalid: "${name}": ${why}`, reason: 'BadRequest', code: 400 };
}

async function victimIsActive(): Promise<void> {
  const ns = await s.request('GET', '/api/v1/namespaces/victim');
  assert.equal(ns.status, 200);
  assert.equal(ns.json().status.phase, 'Active');
  assert.equal(ns.json().metadata.deletionTimestamp, undefined);
}

for (const http2 of [false, true]) {
  const proto = http2 ? 'HTTP/2' : 'HTTP/1.1';

  for (const segment of ['..', '%2e%2e', '%2E.', '.', '%2e']) {
    test(`${proto}: DELETE, PUT, PATCH and GET of configmaps/${segment} answer 400 and leave the namespace alone`, async () => {
      const name = decodeURIComponent(segment);
      const why = `may not be '${name}'`;
      const path = `/api/v1/namespaces/victim/configmaps/${segment}`;
      const del = await s.request('DELETE', path, { http2 });
      assert.equal(del.status, 400);
      assert.equal(del.headers['content-type'], 'application/json');
      assert.deepEqual(del.json(), badName(name, why));
      const put = await s.request('PUT', path, {
        http2,
        body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'victim' } }),
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(put.status, 400);
      assert.deepEqual(put.json(), badName(name, why));
      const patch = await s.request('PATCH', path, { http2, body: '{"metadata":{"labels":{"a":"b"}}}', headers: { 'content-type': 'application/merge-patch+json' } });
      assert.equal(patch.status, 400);
      assert.deepEqual(patch.json(), badName(name, why));
      const get = await s.request('GET', path, { http2 });
      assert.equal(get.status, 400);
      assert.deepEqual(get.json(), badName(name, why));
      await victimIsActive();
    });
  }

  test(`${proto}: a name containing % answers 400 may not contain '%'`, async () => {
    const r = await s.request('GET', '/api/v1/namespaces/victim/configmaps/a%25b', { http2 });
    assert.equal(r.status, 400);
    assert.deepEqual(r.json(), badName('a%b', "may not contain '%'"));
  });

  test(`${proto}: a path climbing out of a resource with .. is go-restful's 404, not the parent`, async () => {
    for (const path of ['/api/v1/namespaces/victim/configmaps/x/../../../kube-system', '/api/v1/namespaces/victim/configmaps/x/%2e%2e/%2e%2e/%2e%2e/kube-system']) {
      const r = await s.request('GET', path, { http2 });
      assert.equal(r.status, 404, path);
      assert.equal(r.headers['location'], undefined);
      assert.deepEqual(r.json(), {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'the server could not find the requested resource',
        reason: 'NotFound',
        details: {},
        code: 404,
      });
    }
    const del = await s.request('DELETE', '/api/v1/namespaces/victim/configmaps/x/../..', { http2 });
    assert.equal(del.status, 404);
    assert.equal(del.json().reason, 'NotFound');
    await victimIsActive();
  });

  test(`${proto}: DELETE of namespaces/victim/configmaps/.. and of namespaces/.. leave every namespace`, async () => {
    const r = await s.request('DELETE', '/api/v1/namespaces/..', { http2 });
    assert.equal(r.status, 400);
    assert.deepEqual(r.json(), badName('..', "may not be '..'"));
    await victimIsActive();
    const list = await s.request('GET', '/api/v1/namespaces', { http2 });
    for (const ns of list.json().items) assert.equal(ns.metadata.deletionTimestamp, undefined, ns.metadata.name);
  });
}
