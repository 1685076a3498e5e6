// --max-requests-inflight and --max-mutating-requests-inflight (issue 12, item 4): one request more than the limit
// is refused with kube's plain-text 429 and Retry-After: 1; watches are not counted, system:masters is never
// refused, the other kind of request and the health probes still pass.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type TLSSocket } from 'node:tls';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { parsePrometheusText, sampleValue } from '../src/testing/prometheus-text.js';

let s: TestServer;
before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-inflight-'));
  const tokens = join(dir, 'tokens.csv');
  writeFileSync(tokens, 'secret-bob,bob,1001\n');
  s = await startTestServer({ dataDir: dir, storageBackend: 'memory', tokenAuthFile: tokens, maxRequestsInFlight: 1, maxMutatingRequestsInFlight: 1 });
  // bob may edit the default namespace (RBAC is the default authorizer); wait until the binding reaches it.
  const binding = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'bob-edits' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'edit' }, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'bob' }] };
  const r = await s.request('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/default/rolebindings', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(binding) });
  assert.equal(r.status, 201, r.body);
  for (let i = 0; i < 100 && (await s.request('GET', '/api/v1/namespaces/default/configmaps', { cert: false, headers: { authorization: 'Bearer secret-bob' } })).status !== 200; i++) await new Promise((res) => setTimeout(res, 20));
});
after(async () => {
  await s.close();
});

const bob = { cert: false, headers: { authorization: 'Bearer secret-bob', 'content-type': 'application/json' } };
const cm = (name: string) => JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } });

/** A POST whose body never completes: it holds a mutating slot until end() is called. */
async function heldCreate(name: string): Promise<{ end(): Promise<string> }> {
  const body = cm(name);
  const sock: TLSSocket = connect({ host: '127.0.0.1', port: s.port, ca: s.ca, cert: s.admin.cert, key: s.admin.key, ALPNProtocols: ['http/1.1'] });
  await new Promise((r) => sock.once('secureConnect', r));
  sock.write(`POST /api/v1/namespaces/default/configmaps HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);
  let out = '';
  sock.on('data', (c) => (out += c));
  await new Promise((r) => setTimeout(r, 200));
  return {
    end: async () => {
      sock.write(body.slice(10));
      await new Promise((r) => setTimeout(r, 300));
      sock.destroy();
      return out;
    },
  };
}

function assertTooMany(r: { status: number; headers: Record<string, unknown>; body: string }): void {
  assert.equal(r.status, 429);
  assert.equal(r.body, 'Too many requests, please try again later.\n');
  assert.equal(r.headers['retry-after'], '1');
  assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8');
  assert.equal(r.headers['x-content-type-options'], 'nosniff');
}

for (const http2 of [false, true]) {
  const proto = http2 ? 'HTTP/2' : 'HTTP/1.1';

  test(`${proto}: a mutating request over --max-mutating-requests-inflight gets 429; reads, masters and probes pass`, async () => {
    const held = await heldCreate(`held-${proto.length}`);
    const refusedPosts = async () => sampleValue(parsePrometheusText((await s.request('GET', '/metrics')).body), 'apiserver_request_total', { verb: 'POST', resource: 'configmaps', code: '429' }) ?? 0;
    const before = await refusedPosts();
    assertTooMany(await s.request('POST', '/api/v1/namespaces/default/configmaps', { http2, ...bob, body: cm('refused') }));
    // kube counts the refused request in apiserver_request_total with code 429
    assert.equal((await refusedPosts()) - before, 1);
    assertTooMany(await s.request('DELETE', '/api/v1/namespaces/default/configmaps/x', { http2, ...bob }));
    assert.equal((await s.request('GET', '/api/v1/namespaces/default/configmaps', { http2, ...bob })).status, 200);
    assert.equal((await s.request('GET', '/readyz', { http2, ...bob })).status, 200);
    const master = await s.request('POST', '/api/v1/namespaces/default/configmaps', { http2, headers: { 'content-type': 'application/json' }, body: cm(`master-${proto.length}`) });
    assert.equal(master.status, 201);
    assert.match(await held.end(), /^HTTP\/1.1 201 Created/);
    const after = await s.request('POST', '/api/v1/namespaces/default/configmaps', { http2, ...bob, body: cm(`after-${proto.length}`) });
    assert.equal(after.status, 201);
  });

  test(`${proto}: a read over --max-requests-inflight gets 429; watches are not counted`, async () => {
    // A get for a resourceVersion the store has not reached waits (3 s) while it holds the read-only slot.
    const waiting = s.request('GET', '/api/v1/namespaces/default/configmaps?resourceVersion=99999999&resourceVersionMatch=NotOlderThan', { http2 });
    await new Promise((r) => setTimeout(r, 300));
    assertTooMany(await s.request('GET', '/api/v1/namespaces/default/configmaps', { http2, ...bob }));
    assertTooMany(await s.request('GET', '/version', { http2, ...bob }));
    assert.equal((await s.request('GET', '/livez', { http2, ...bob })).status, 200);
    assert.equal((await s.request('POST', '/api/v1/namespaces/default/configmaps', { http2, ...bob, body: cm(`write-${proto.length}`) })).status, 201);
    const watch = await s.request('GET', '/api/v1/namespaces/default/configmaps?watch=true&timeoutSeconds=1', { http2, ...bob });
    assert.equal(watch.status, 200);
    assert.equal((await waiting).status, 504);
    assert.equal((await s.request('GET', '/api/v1/namespaces/default/configmaps', { http2, ...bob })).status, 200);
  });
}
