// Impersonation end to end (AlwaysDeny, so only system:masters may impersonate; a second server allows all): kubectl --as / --as-group / --as-uid, the raw Impersonate-* headers, each header
// authorized with the verb impersonate and kube's 403 texts, SelfSubjectReview reflecting the impersonated user.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

let s: TestServer;
let allowing: TestServer;
before(async () => {
  allowing = await startTestServer({ storageBackend: 'memory', authorizationModes: ['AlwaysAllow'] });
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-imp-'));
  const tokens = join(dir, 'tokens.csv');
  writeFileSync(tokens, 'secret-bob,bob,1001\n');
  s = await startTestServer({ dataDir: dir, storageBackend: 'memory', tokenAuthFile: tokens, authorizationModes: ['AlwaysDeny'] });
});
after(async () => {
  await s.close();
  await allowing.close();
});

const ssr = '{"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview"}';

test('kubectl auth whoami --as --as-group --as-uid shows the impersonated user (system:masters may impersonate)', async () => {
  const r = await allowing.kubectl(['auth', 'whoami', '--as', 'jane', '--as-group', 'dev', '--as-group', 'ops', '--as-uid', '42', '-o', 'json']);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).status.userInfo, { username: 'jane', uid: '42', groups: ['dev', 'ops', 'system:authenticated'] });
});

test('impersonating a service account gives its groups; extras come from Impersonate-Extra-<key> lines', async () => {
  const r = await allowing.request('POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', {
    headers: { 'content-type': 'application/json', 'impersonate-user': 'system:serviceaccount:kube-system:builder', 'impersonate-extra-scopes': 'view', 'impersonate-extra-example.com%2fteam': 'a' },
    body: ssr,
  });
  assert.equal(r.status, 201);
  assert.deepEqual(r.json().status.userInfo, {
    username: 'system:serviceaccount:kube-system:builder',
    groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated'],
    extra: { scopes: ['view'], 'example.com/team': ['a'] },
  });
  const anon = await allowing.request('POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', { headers: { 'content-type': 'application/json', 'impersonate-user': 'system:anonymous' }, body: ssr });
  assert.deepEqual(anon.json().status.userInfo, { username: 'system:anonymous', groups: ['system:unauthenticated'] });
});

const bob = { cert: false as const };
const forbiddenBody = (message: string, details: Record<string, string>) => ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'Forbidden', details, code: 403 });

test('impersonating a user or a service account needs the impersonate verb: kube\'s 403 texts, raw and through kubectl', async () => {
  const ask = (headers: Record<string, string>) => s.request('GET', '/api/v1/namespaces', { ...bob, headers: { authorization: 'Bearer secret-bob', ...headers } });
  const user = await ask({ 'impersonate-user': 'jane' });
  assert.equal(user.status, 403);
  assert.deepEqual(user.json(), forbiddenBody('users "jane" is forbidden: User "bob" cannot impersonate resource "users" in API group "" at the cluster scope: Everything is forbidden.', { name: 'jane', kind: 'users' }));
  const sa = await ask({ 'impersonate-user': 'system:serviceaccount:kube-system:default' });
  assert.equal(sa.json().message, 'serviceaccounts "default" is forbidden: User "bob" cannot impersonate resource "serviceaccounts" in API group "" in the namespace "kube-system": Everything is forbidden.');
  const kubectl = await s.kubectl(['--kubeconfig', tokenOnlyKubeconfig(), 'get', '--raw', '/api/v1/pods', '--as', 'jane', '--as-group', 'dev']);
  assert.equal(kubectl.code, 1);
  assert.match(kubectl.stderr, /Error from server \(Forbidden\): users "jane" is forbidden: User "bob" cannot impersonate resource "users" in API group "" at the cluster scope: Everything is forbidden\./);
});

test('groups, extras or a uid without Impersonate-User are a 500 naming what was requested', async () => {
  const r = await s.request('GET', '/api/v1/namespaces?x=1', { headers: { 'impersonate-group': 'system:masters' } });
  assert.equal(r.status, 500);
  assert.equal(r.body, 'Internal Server Error: "/api/v1/namespaces?x=1": requested [{Group  system:masters    }] without impersonating a user\n');
});

test('the impersonated user is what authorization sees', async () => {
  // The admin may impersonate anyone; bob (no system:masters) is then denied by AlwaysDeny.
  const r = await s.request('GET', '/api/v1/namespaces', { headers: { 'impersonate-user': 'bob' } });
  assert.equal(r.status, 403);
  assert.equal(r.json().message, 'namespaces is forbidden: User "bob" cannot list resource "namespaces" in API group "" at the cluster scope: Everything is forbidden.');
  const masters = await s.request('GET', '/api/v1/namespaces', { headers: { 'impersonate-user': 'bob', 'impersonate-group': 'system:masters' } });
  assert.equal(masters.status, 200);
});

function tokenOnlyKubeconfig(): string {
  const p = join(s.dataDir, 'bob.kubeconfig');
  writeFileSync(
    p,
    `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: ${s.url}\n    certificate-authority-data: ${Buffer.from(s.ca).toString('base64')}\nusers:\n- name: u\n  user:\n    token: secret-bob\ncontexts:\n- name: x\n  context:\n    cluster: c\n    user: u\ncurrent-context: x\n`,
    { mode: 0o600 },
  );
  return p;
}
