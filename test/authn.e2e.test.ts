// Authentication and authorization answers: static tokens, anonymous requests, 401 for a bad credential (never
// anonymous), AlwaysDeny's 403 texts, system:masters always allowed, SelfSubjectReview of the caller.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

let s: TestServer;
let allowing: TestServer;
before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-authn-'));
  const tokens = join(dir, 'tokens.csv');
  writeFileSync(tokens, 'secret-bob,bob,1001,"dev,qa"\nsecret-amy,amy,1002\n');
  s = await startTestServer({ dataDir: dir, storageBackend: 'memory', tokenAuthFile: tokens, authorizationModes: ['AlwaysDeny'] });
  allowing = await startTestServer({ storageBackend: 'memory', tokenAuthFile: tokens, authorizationModes: ['AlwaysAllow'] });
});
after(async () => {
  await s.close();
  await allowing.close();
});

const bearer = (t: string) => ({ cert: false, headers: { authorization: `Bearer ${t}` } });

for (const http2 of [false, true]) {
  const proto = http2 ? 'HTTP/2' : 'HTTP/1.1';

  test(`${proto}: a known token is a user; AlwaysDeny answers kube's 403`, async () => {
    const r = await s.request('GET', '/api/v1/namespaces/default/configmaps', { http2, ...bearer('secret-bob') });
    assert.equal(r.status, 403);
    assert.equal(r.headers['x-content-type-options'], 'nosniff');
    assert.deepEqual(r.json(), {
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
      message: 'configmaps is forbidden: User "bob" cannot list resource "configmaps" in API group "" in the namespace "default": Everything is forbidden.',
      reason: 'Forbidden', details: { kind: 'configmaps' }, code: 403,
    });
  });

  test(`${proto}: named, cluster-scoped and non-resource denials`, async () => {
    const named = await s.request('GET', '/apis/apps/v1/namespaces/ns1/deployments/web', { http2, ...bearer('secret-amy') });
    assert.equal(named.json().message, 'deployments.apps "web" is forbidden: User "amy" cannot get resource "deployments" in API group "apps" in the namespace "ns1": Everything is forbidden.');
    assert.deepEqual(named.json().details, { name: 'web', group: 'apps', kind: 'deployments' });
    const cluster = await s.request('GET', '/api/v1/nodes', { http2, ...bearer('secret-amy') });
    assert.equal(cluster.json().message, 'nodes is forbidden: User "amy" cannot list resource "nodes" in API group "" at the cluster scope: Everything is forbidden.');
    const path = await s.request('GET', '/healthz', { http2, cert: false });
    assert.equal(path.status, 403);
    assert.equal(path.json().message, 'forbidden: User "system:anonymous" cannot get path "/healthz": Everything is forbidden.');
  });

  test(`${proto}: an unknown token is 401 even though anonymous is on`, async () => {
    const r = await s.request('GET', '/api/v1/namespaces', { http2, ...bearer('nope') });
    assert.equal(r.status, 401);
    assert.equal(r.json().message, 'Unauthorized');
  });

  test(`${proto}: system:masters is always allowed`, async () => {
    const r = await s.request('GET', '/api/v1/namespaces/default', { http2 });
    assert.equal(r.status, 200);
  });
}

test('a client certificate from another CA is 401, not anonymous', async () => {
  const { ensureCertificates } = await import('../src/server/certificates.js');
  const other = await ensureCertificates({ certDir: mkdtempSync(join(tmpdir(), 'kubelite-otherca-')), sans: [] });
  const r = await s.request('GET', '/api/v1/namespaces', { clientCert: other.admin });
  assert.equal(r.status, 401);
});

test('SelfSubjectReview returns a token user with its uid, groups and system:authenticated', async () => {
  // AlwaysDeny refuses the review itself: ask a server that allows it.
  const r = await allowing.request('POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', {
    ...bearer('secret-bob'),
    headers: { ...bearer('secret-bob').headers, 'content-type': 'application/json' },
    body: '{"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview"}',
  });
  assert.equal(r.status, 201);
  assert.deepEqual(r.json().status.userInfo, { username: 'bob', uid: '1001', groups: ['dev', 'qa', 'system:authenticated'] });
});

test('SelfSubjectReview returns the certificate user with system:authenticated', async () => {
  // AlwaysDeny would refuse the POST itself; ask as the admin but check the admin's own identity...
  const admin = await s.request('POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', {
    headers: { 'content-type': 'application/json' },
    body: '{"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview"}',
  });
  assert.equal(admin.status, 201);
  const info = admin.json().status.userInfo;
  assert.equal(info.username, 'kubelite-admin');
  assert.deepEqual(info.groups, ['system:masters', 'system:authenticated']);
  assert.match(info.extra['authentication.kubernetes.io/credential-id'][0], /^X509SHA256=[0-9a-f]{64}$/);
});

test('SelfSubjectAccessReview asks the authorizer chain', async () => {
  const r = await s.request('POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec: { resourceAttributes: { namespace: 'default', verb: 'create', resource: 'pods' } } }),
  });
  assert.equal(r.status, 201);
  assert.equal(r.json().status.allowed, true);
  const sar = await s.request('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: { user: 'bob', resourceAttributes: { namespace: 'default', verb: 'get', resource: 'pods' } } }),
  });
  assert.equal(sar.status, 201);
  assert.deepEqual(sar.json().status, { allowed: false, reason: 'Everything is forbidden.' });
});

test('a websocket client\'s bearer token in Sec-WebSocket-Protocol authenticates it', async () => {
  const ws = (protocol: string) =>
    s.request('GET', '/api/v1/namespaces', { cert: false, headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-protocol': protocol } });
  const enc = Buffer.from('secret-bob').toString('base64url');
  const bob = await ws(`base64url.bearer.authorization.k8s.io.${enc}, v4.channel.k8s.io`);
  assert.equal(bob.status, 403);
  assert.equal(bob.json().message, 'namespaces is forbidden: User "bob" cannot list resource "namespaces" in API group "" at the cluster scope: Everything is forbidden.');
  const alone = await ws(`base64url.bearer.authorization.k8s.io.${enc}`);
  assert.equal(alone.status, 401); // missing additional subprotocol
  const twice = await ws(`base64url.bearer.authorization.k8s.io.${enc}, base64url.bearer.authorization.k8s.io.${enc}, v4.channel.k8s.io`);
  assert.equal(twice.status, 401); // multiple tokens
});

test('kubectl --token with a static token: auth whoami shows the token file\'s user, uid and groups', async () => {
  const kc = join(allowing.dataDir, 'cluster-only.kubeconfig');
  writeFileSync(
    kc,
    `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: ${allowing.url}\n    certificate-authority-data: ${Buffer.from(allowing.ca).toString('base64')}\nusers:\n- name: u\n  user: {}\ncontexts:\n- name: x\n  context:\n    cluster: c\n    user: u\ncurrent-context: x\n`,
    { mode: 0o600 },
  );
  let r = await allowing.kubectl(['--kubeconfig', kc, '--token', 'secret-bob', 'auth', 'whoami', '-o', 'json']);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).status.userInfo, { username: 'bob', uid: '1001', groups: ['dev', 'qa', 'system:authenticated'] });
  r = await allowing.kubectl(['--kubeconfig', kc, '--token', 'secret-amy', 'auth', 'whoami']);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(r.stdout.trim().split('\n').map((l) => l.split(/\s{2,}/)), [['ATTRIBUTE', 'VALUE'], ['Username', 'amy'], ['UID', '1002'], ['Groups', '[system:authenticated]']]);
  r = await allowing.kubectl(['--kubeconfig', kc, '--token', 'wrong', 'auth', 'whoami']);
  assert.equal(r.code, 1);
  assert.equal(r.stderr, 'error: You must be logged in to the server (Unauthorized)\n');
});
