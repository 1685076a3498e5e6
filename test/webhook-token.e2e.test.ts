// Webhook token authentication end to end with a real HTTPS webhook of the test's own on 127.0.0.1: the TokenReview
// it receives (version, token, audiences), kubectl --token and auth whoami with the user it answers, its refusals
// as 401, its answers cached, a failing call retried.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { servingPair } from '../src/testing/test-pki.js';

let s: TestServer;
let v1: TestServer;
let hook: Server;
const received: any[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
let failNext = 0;

before(async () => {
  const { ca, serving } = await servingPair();
  hook = createServer({ cert: serving.cert, key: serving.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const review = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      received.push({ path: req.url, auth: req.headers.authorization, review });
      if (failNext > 0) {
        failNext--;
        res.writeHead(500).end();
        return;
      }
      const token = review.spec.token;
      let status: Record<string, unknown> = { authenticated: false };
      if (token === 'hook-good') status = { authenticated: true, user: { username: 'jane@example.com', uid: '42', groups: ['developers'], extra: { 'example.com/scopes': ['a', 'b'] } } };
      if (token === 'hook-revoked') status = { authenticated: false, error: 'token revoked' };
      if (token === 'hook-elsewhere') status = { authenticated: true, user: { username: 'x' }, audiences: ['somewhere-else'] };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ apiVersion: review.apiVersion, kind: 'TokenReview', status }));
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
  const port = (hook.address() as AddressInfo).port;
  const write = (srvDir: string) => {
    const p = join(srvDir, 'webhook.kubeconfig');
    writeFileSync(
      p,
      `apiVersion: v1\nkind: Config\nclusters:\n- name: hook\n  cluster:\n    server: https://127.0.0.1:${port}/authenticate\n    certificate-authority-data: ${Buffer.from(ca.cert).toString('base64')}\nusers:\n- name: apiserver\n  user:\n    token: apiserver-secret\ncontexts:\n- name: hook\n  context:\n    cluster: hook\n    user: apiserver\ncurrent-context: hook\n`,
    );
    return p;
  };
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const d1 = mkdtempSync(join(tmpdir(), 'kubelite-hook-'));
  const d2 = mkdtempSync(join(tmpdir(), 'kubelite-hook-'));
  // Authentication is under test here: every authenticated user is allowed.
  s = await startTestServer({ dataDir: d1, storageBackend: 'memory', authorizationModes: ['AlwaysAllow'], authenticationTokenWebhookConfigFile: write(d1) });
  v1 = await startTestServer({ dataDir: d2, storageBackend: 'memory', authorizationModes: ['AlwaysAllow'], authenticationTokenWebhookConfigFile: write(d2), authenticationTokenWebhookVersion: 'v1', authenticationTokenWebhookCacheTTLMs: 0 });
});
after(async () => {
  await s.close();
  await v1.close();
  hook.close();
});

function kubeconfigFor(srv: TestServer, token: string): string {
  const p = join(srv.dataDir, `${token}.kubeconfig`);
  writeFileSync(
    p,
    `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: ${srv.url}\n    certificate-authority-data: ${Buffer.from(srv.ca).toString('base64')}\nusers:\n- name: u\n  user:\n    token: ${token}\ncontexts:\n- name: x\n  context:\n    cluster: c\n    user: u\ncurrent-context: x\n`,
    { mode: 0o600 },
  );
  return p;
}

const get = (srv: TestServer, token: string) => srv.request('GET', '/api/v1/namespaces/default', { cert: false, headers: { authorization: `Bearer ${token}` } });

test('kubectl auth whoami: the webhook\'s user; it received a v1beta1 TokenReview with the token and the API audiences', async () => {
  received.length = 0;
  const r = await s.kubectl(['--kubeconfig', kubeconfigFor(s, 'hook-good'), 'auth', 'whoami', '-o', 'json']);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).status.userInfo, { username: 'jane@example.com', uid: '42', groups: ['developers', 'system:authenticated'], extra: { 'example.com/scopes': ['a', 'b'] } });
  assert.equal(received[0].path, '/authenticate');
  assert.equal(received[0].auth, 'Bearer apiserver-secret');
  assert.deepEqual(received[0].review, {
    apiVersion: 'authentication.k8s.io/v1beta1',
    kind: 'TokenReview',
    metadata: { creationTimestamp: null },
    spec: { token: 'hook-good', audiences: ['https://kubernetes.default.svc.cluster.local'] },
    status: { user: {} },
  });
});

test('answers are cached for the cache TTL: the same token does not call the webhook again', async () => {
  await get(s, 'hook-good');
  const before = received.length;
  for (let i = 0; i < 3; i++) assert.equal((await get(s, 'hook-good')).status, 200);
  assert.equal(received.length, before);
});

test('refusals are 401: not authenticated, an error, or audiences the API does not accept', async () => {
  for (const t of ['hook-unknown', 'hook-revoked', 'hook-elsewhere']) {
    const r = await get(s, t);
    assert.equal(r.status, 401, t);
    assert.equal(r.json().message, 'Unauthorized');
  }
  const review = await s.request('POST', '/apis/authentication.k8s.io/v1/tokenreviews', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token: 'hook-revoked' } }),
  });
  assert.deepEqual(review.json().status, { user: {}, error: 'token revoked' });
});

test('--authentication-token-webhook-version=v1 sends v1 reviews; a 500 is retried', async () => {
  received.length = 0;
  failNext = 1;
  const r = await get(v1, 'hook-good');
  assert.equal(r.status, 200);
  assert.equal(received.length, 2);
  assert.equal(received[1].review.apiVersion, 'authentication.k8s.io/v1');
});
