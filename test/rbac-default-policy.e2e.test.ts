// The default RBAC policy as kubectl 1.33 sees it (names of every default object, `auth can-i --list` of a user with
// no binding of its own) and `kubectl auth reconcile` beyond plain union: the namespace it creates, the
// --remove-extra-* flags, a changed roleRef (delete and recreate) and --dry-run.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

interface Named {
  name: string;
  namespace?: string;
}
// The data the unit test checks the policy against (derived from kube's bootstrap-policy testdata).
const DATA: Record<'clusterRoles' | 'controllerRoles' | 'clusterRoleBindings' | 'controllerRoleBindings' | 'namespaceRoles' | 'namespaceRoleBindings', Named[]> = JSON.parse(
  readFileSync(new URL('../../src/authz/rbac/testdata/bootstrap-policy-1.33.json', import.meta.url), 'utf8'),
);

let s: TestServer;
let dir: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kubelite-rbac-policy-'));
  const tokens = join(dir, 'tokens.csv');
  writeFileSync(tokens, 'tok-nobody,nobody,7\n');
  s = await startTestServer({ dataDir: dir, storageBackend: 'memory', tokenAuthFile: tokens });
});

after(async () => {
  await s?.close();
  rmSync(dir, { recursive: true, force: true });
});

const lines = (out: string) => out.split('\n').filter(Boolean).sort();
const names = (items: Named[]) => items.map((i) => (i.namespace ? `${i.namespace}/${i.name}` : i.name)).sort();
const NS_NAME = '-o=jsonpath={range .items[*]}{.metadata.namespace}/{.metadata.name}{"\\n"}{end}';

test('kubectl get lists every default ClusterRole, ClusterRoleBinding, Role and RoleBinding of 1.33, and nothing else', async () => {
  let r = await s.kubectl(['get', 'clusterroles', '-o', 'name']);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(lines(r.stdout), names([...DATA.clusterRoles, ...DATA.controllerRoles]).map((n) => `clusterrole.rbac.authorization.k8s.io/${n}`));
  r = await s.kubectl(['get', 'clusterrolebindings', '-o', 'name']);
  assert.deepEqual(lines(r.stdout), names([...DATA.clusterRoleBindings, ...DATA.controllerRoleBindings]).map((n) => `clusterrolebinding.rbac.authorization.k8s.io/${n}`));
  r = await s.kubectl(['get', 'roles', '-A', NS_NAME]);
  assert.deepEqual(lines(r.stdout), names(DATA.namespaceRoles));
  r = await s.kubectl(['get', 'rolebindings', '-A', NS_NAME]);
  assert.deepEqual(lines(r.stdout), names(DATA.namespaceRoleBindings));
  r = await s.kubectl(['get', 'clusterroles', 'system:basic-user']);
  assert.match(r.stdout, /^NAME\s+CREATED AT\nsystem:basic-user\s+\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\n$/);
});

test('kubectl auth can-i --list for a user bound to nothing prints what the default bindings give every authenticated user', async () => {
  const kc = join(dir, 'kubeconfig-nobody');
  writeFileSync(
    kc,
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'k', cluster: { server: s.url, 'certificate-authority-data': Buffer.from(s.ca).toString('base64') } }],
      users: [{ name: 'nobody', user: { token: 'tok-nobody' } }],
      contexts: [{ name: 'k', context: { cluster: 'k', user: 'nobody', namespace: 'default' } }],
      'current-context': 'k',
    }),
  );
  const r = await s.kubectl(['--kubeconfig', kc, 'auth', 'can-i', '--list']);
  assert.equal(r.code, 0, r.stderr);
  const rows = r.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => l.trim().split(/\s{2,}/));
  const url = (u: string) => [`[${u}]`, '[]', '[get]'];
  assert.deepEqual(rows, [
    ['Resources', 'Non-Resource URLs', 'Resource Names', 'Verbs'],
    ['selfsubjectreviews.authentication.k8s.io', '[]', '[]', '[create]'],
    ['selfsubjectaccessreviews.authorization.k8s.io', '[]', '[]', '[create]'],
    ['selfsubjectrulesreviews.authorization.k8s.io', '[]', '[]', '[create]'],
    url('/api/*'),
    url('/api'),
    url('/apis/*'),
    url('/apis'),
    url('/healthz'),
    url('/healthz'),
    url('/livez'),
    url('/livez'),
    url('/openapi/*'),
    url('/openapi'),
    url('/readyz'),
    url('/readyz'),
    url('/version/'),
    url('/version/'),
    url('/version'),
    url('/version'),
  ]);
});

const RBAC = 'rbac.authorization.k8s.io';
const role = (ns: string, name: string, verbs: string[]) => ({ apiVersion: `${RBAC}/v1`, kind: 'Role', metadata: { name, namespace: ns }, rules: [{ apiGroups: [''], resources: ['configmaps'], verbs }] });
const binding = (ns: string, name: string, roleName: string, users: string[]) => ({
  apiVersion: `${RBAC}/v1`,
  kind: 'RoleBinding',
  metadata: { name, namespace: ns },
  roleRef: { apiGroup: RBAC, kind: 'Role', name: roleName },
  subjects: users.map((u) => ({ apiGroup: RBAC, kind: 'User', name: u })),
});
const list = (...items: unknown[]) => JSON.stringify({ apiVersion: 'v1', kind: 'List', items });

test('kubectl auth reconcile creates the namespace it needs, and --dry-run changes nothing', async () => {
  let r = await s.kubectl(['auth', 'reconcile', '--dry-run=client', '-f', '-'], { input: list(role('rec-ns', 'r', ['get'])) });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'role.rbac.authorization.k8s.io/r reconciled (dry run)\n');
  assert.equal((await s.request('GET', '/api/v1/namespaces/rec-ns')).status, 404);
  r = await s.kubectl(['auth', 'reconcile', '-f', '-'], { input: list(role('rec-ns', 'r', ['get'])) });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'role.rbac.authorization.k8s.io/r reconciled\n');
  assert.equal((await s.request('GET', '/api/v1/namespaces/rec-ns')).status, 200);
  assert.equal((await s.request('GET', `/apis/${RBAC}/v1/namespaces/rec-ns/roles/r`)).status, 200);
});

test('kubectl auth reconcile --remove-extra-permissions and --remove-extra-subjects leave exactly the manifest', async () => {
  await s.kubectl(['create', 'namespace', 'rec-x']);
  let r = await s.kubectl(['auth', 'reconcile', '-f', '-'], { input: list(role('rec-x', 'r', ['get', 'list']), binding('rec-x', 'b', 'r', ['amy', 'bob'])) });
  assert.equal(r.code, 0, r.stderr);
  r = await s.kubectl(['auth', 'reconcile', '-f', '-'], { input: list(role('rec-x', 'r', ['watch']), binding('rec-x', 'b', 'r', ['cat'])) });
  assert.equal(r.code, 0, r.stderr);
  let got = (await s.request('GET', `/apis/${RBAC}/v1/namespaces/rec-x/roles/r`)).json();
  assert.deepEqual(got.rules, [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list'] }, { apiGroups: [''], resources: ['configmaps'], verbs: ['watch'] }], 'union without the flags');
  r = await s.kubectl(['auth', 'reconcile', '--remove-extra-permissions', '--remove-extra-subjects', '-f', '-'], { input: list(role('rec-x', 'r', ['watch']), binding('rec-x', 'b', 'r', ['cat'])) });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'role.rbac.authorization.k8s.io/r reconciled\nrolebinding.rbac.authorization.k8s.io/b reconciled\n');
  got = (await s.request('GET', `/apis/${RBAC}/v1/namespaces/rec-x/roles/r`)).json();
  assert.deepEqual(got.rules, [{ apiGroups: [''], resources: ['configmaps'], verbs: ['watch'] }]);
  const b = (await s.request('GET', `/apis/${RBAC}/v1/namespaces/rec-x/rolebindings/b`)).json();
  assert.deepEqual(b.subjects.map((x: { name: string }) => x.name), ['cat']);
});

test('kubectl auth reconcile recreates a binding whose roleRef changed', async () => {
  await s.kubectl(['create', 'namespace', 'rec-ref']);
  let r = await s.kubectl(['auth', 'reconcile', '-f', '-'], { input: list(role('rec-ref', 'one', ['get']), role('rec-ref', 'two', ['list']), binding('rec-ref', 'b', 'one', ['amy'])) });
  assert.equal(r.code, 0, r.stderr);
  const before = (await s.request('GET', `/apis/${RBAC}/v1/namespaces/rec-ref/rolebindings/b`)).json();
  r = await s.kubectl(['auth', 'reconcile', '-f', '-'], { input: list(binding('rec-ref', 'b', 'two', ['amy'])) });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'rolebinding.rbac.authorization.k8s.io/b reconciled\n');
  const afterward = (await s.request('GET', `/apis/${RBAC}/v1/namespaces/rec-ref/rolebindings/b`)).json();
  assert.equal(afterward.roleRef.name, 'two');
  assert.notEqual(afterward.metadata.uid, before.metadata.uid, 'deleted and created again');
});
