// Bootstrap tokens end to end: the Secret format and its rules for authentication (kubectl --token and whoami),
// the signer's detached JWS in kube-public/cluster-info, verifiable as kubeadm verifies it, and the cleaner.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

let s: TestServer;
before(async () => {
  s = await startTestServer({ storageBackend: 'memory', enableBootstrapTokenAuth: true, controllers: ['*', 'bootstrapsigner', 'tokencleaner'] });
});
after(async () => {
  await s.close();
});

function tokenSecret(id: string, secret: string, data: Record<string, string>) {
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: `bootstrap-token-${id}`, namespace: 'kube-system' },
    type: 'bootstrap.kubernetes.io/token',
    stringData: { 'token-id': id, 'token-secret': secret, ...data },
  });
}

async function create(id: string, secret: string, data: Record<string, string>) {
  const r = await s.kubectl(['create', '-f', '-'], { input: tokenSecret(id, secret, data) });
  assert.equal(r.code, 0, r.stderr);
}

function kubeconfigFor(token: string, name: string): string {
  const p = join(s.dataDir, `${name}.kubeconfig`);
  writeFileSync(
    p,
    `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: ${s.url}\n    certificate-authority-data: ${Buffer.from(s.ca).toString('base64')}\nusers:\n- name: u\n  user:\n    token: ${token}\ncontexts:\n- name: x\n  context:\n    cluster: c\n    user: u\ncurrent-context: x\n`,
    { mode: 0o600 },
  );
  return p;
}

const get = (token: string) => s.request('GET', '/api/v1/namespaces/default', { cert: false, headers: { authorization: `Bearer ${token}` } });

test('a valid bootstrap token is system:bootstrap:<id> in system:bootstrappers plus its extra groups (kubectl auth whoami)', async () => {
  await create('abcdef', '0123456789abcdef', { 'usage-bootstrap-authentication': 'true', 'auth-extra-groups': 'system:bootstrappers:worker,system:bootstrappers:a' });
  const r = await s.kubectl(['--kubeconfig', kubeconfigFor('abcdef.0123456789abcdef', 'boot'), 'auth', 'whoami', '-o', 'json']);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).status.userInfo, {
    username: 'system:bootstrap:abcdef',
    groups: ['system:bootstrappers', 'system:bootstrappers:a', 'system:bootstrappers:worker', 'system:authenticated'],
  });
});

test('every rule of the Secret: a token failing one is 401', async () => {
  await create('expird', '0123456789abcdef', { 'usage-bootstrap-authentication': 'true', expiration: '2020-01-01T00:00:00Z' });
  await create('nouse1', '0123456789abcdef', {});
  await create('badgrp', '0123456789abcdef', { 'usage-bootstrap-authentication': 'true', 'auth-extra-groups': 'admins' });
  await create('badexp', '0123456789abcdef', { 'usage-bootstrap-authentication': 'true', expiration: 'tomorrow' });
  await create('future', '0123456789abcdef', { 'usage-bootstrap-authentication': 'true', expiration: new Date(Date.now() + 3600_000).toISOString() });
  for (const t of ['expird.0123456789abcdef', 'nouse1.0123456789abcdef', 'badgrp.0123456789abcdef', 'badexp.0123456789abcdef', 'future.0123456789abcdeX', 'future.0123456789abcdee', 'nosuch.0123456789abcdef']) {
    const r = await get(t);
    assert.equal(r.status, 401, t);
    assert.equal(r.json().message, 'Unauthorized');
  }
  const ok = await s.request('POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', {
    cert: false,
    headers: { authorization: 'Bearer future.0123456789abcdef', 'content-type': 'application/json' },
    body: '{"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview"}',
  });
  assert.equal(ok.status, 201);
  assert.equal(ok.json().status.userInfo.username, 'system:bootstrap:future');
});

test('the bootstrap signer signs cluster-info for each signing token as kubeadm verifies it, and drops stale signatures', async () => {
  const kubeconfig = 'apiVersion: v1\nclusters:\n- cluster:\n    server: https://example:6443\n  name: ""\nkind: Config\n';
  await s.kubectl(['create', 'configmap', 'cluster-info', '-n', 'kube-public', `--from-literal=kubeconfig=${kubeconfig}`, '--from-literal=jws-kubeconfig-zzzzzz=stale']);
  await create('signer', 'fedcba9876543210', { 'usage-bootstrap-signing': 'true' });
  let data: Record<string, string> = {};
  for (let i = 0; i < 100; i++) {
    data = JSON.parse((await s.kubectl(['get', 'configmap', 'cluster-info', '-n', 'kube-public', '-o', 'json'])).stdout).data;
    if (data['jws-kubeconfig-signer'] && !data['jws-kubeconfig-zzzzzz']) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const header = Buffer.from('{"alg":"HS256","kid":"signer"}').toString('base64url');
  const payload = Buffer.from(kubeconfig).toString('base64url');
  const sig = createHmac('sha256', 'fedcba9876543210').update(`${header}.${payload}`).digest('base64url');
  assert.equal(data['jws-kubeconfig-signer'], `${header}..${sig}`);
  assert.equal(data['jws-kubeconfig-zzzzzz'], undefined);
  assert.equal(data['jws-kubeconfig-abcdef'], undefined); // not a signing token
  assert.equal(data.kubeconfig, kubeconfig);
});

test('the token cleaner deletes expired bootstrap-token Secrets and keeps the others', async () => {
  await create('soonxx', '0123456789abcdef', { expiration: new Date(Date.now() + 1500).toISOString() });
  let names: string[] = [];
  for (let i = 0; i < 60; i++) {
    names = JSON.parse((await s.kubectl(['get', 'secrets', '-n', 'kube-system', '-o', 'json'])).stdout).items.map((i: { metadata: { name: string } }) => i.metadata.name);
    if (!names.includes('bootstrap-token-soonxx') && !names.includes('bootstrap-token-expird')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(!names.includes('bootstrap-token-expird'));
  assert.ok(!names.includes('bootstrap-token-soonxx'));
  assert.ok(!names.includes('bootstrap-token-badexp')); // an unparseable expiration counts as expired
  assert.ok(names.includes('bootstrap-token-abcdef'));
  assert.ok(names.includes('bootstrap-token-future'));
});
