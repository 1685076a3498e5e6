// Local security (issue 24): what other local users could read, what the logs hold, and what a certificate without
// system:masters may do. The data dir and its directories are 0700 (also when they existed wider), the database and
// its WAL, private keys and kubeconfigs 0600 (an existing kubeconfig is tightened); a Secret's value never reaches
// the logs at the highest verbosity; the default authorization (RBAC) denies what no rule allows, with kube's
// message, and a valid certificate gets exactly the rights bound to it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { startTestServer, type RawRequestOptions, type TestServer } from '../../src/testing/test-server.js';
import { makeCert, type TestCert } from '../../src/testing/test-pki.js';

let s: TestServer;
let parent: string;
let dataDir: string;
let eve: TestCert;
/** A system:masters certificate from the same client CA (--client-ca-file replaces the server's own). */
let admin: TestCert;
const logs: string[] = [];
const SECRET_VALUE = `s3cr3t-${process.pid}-${Date.now()}`;

before(async () => {
  parent = mkdtempSync(join(tmpdir(), 'kubelite-security-'));
  dataDir = join(parent, 'data');
  mkdirSync(dataDir, { mode: 0o755 });
  chmodSync(dataDir, 0o755);
  writeFileSync(join(dataDir, 'kubeconfig'), 'apiVersion: v1\nkind: Config\nclusters: []\ncontexts: []\nusers: []\n', { mode: 0o644 });
  chmodSync(join(dataDir, 'kubeconfig'), 0o644);
  const root = await makeCert({ subject: 'CN=local-client-ca', ca: true });
  eve = await makeCert({ subject: 'CN=eve,O=developers', issuer: root });
  admin = await makeCert({ subject: 'CN=local-admin,O=system:masters', issuer: root });
  writeFileSync(join(parent, 'client-ca.crt'), root.cert);
  const sink = { write: (line: string) => void logs.push(line) };
  s = await startTestServer({ dataDir, verbosity: 10, clientCAFile: join(parent, 'client-ca.crt') }, pino({ level: 'trace' }, sink));
});
after(async () => {
  await s.close();
  rmSync(parent, { recursive: true, force: true });
});

const req = (method: string, path: string, opts: RawRequestOptions = {}) => s.request(method, path, { clientCert: admin, ...opts });

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    out.push(p);
    if (statSync(p).isDirectory()) walk(p, out);
  }
  return out;
}

test('the data dir and its directories are 0700; the database, its WAL, keys and the kubeconfig 0600; certificates readable, never writable by others', async () => {
  // A write, so the WAL exists.
  const w = await req('POST', '/api/v1/namespaces/default/configmaps', { headers: { 'content-type': 'application/json' }, body: '{"metadata":{"name":"mode-check"}}' });
  assert.equal(w.status, 201);
  // The service-account key kubelite generates is written once made: start-up does not wait for it.
  for (let i = 0; i < 300 && !existsSync(join(dataDir, 'pki', 'sa.key')); i++) await new Promise((r) => setTimeout(r, 50));
  const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);
  assert.equal(mode(dataDir), '700');
  const files = walk(dataDir);
  const names = files.map((f) => f.slice(dataDir.length + 1));
  for (const must of ['kubelite.db', 'kubeconfig', 'pki/ca.key', 'pki/apiserver.key', 'pki/admin.key', 'pki/sa.key']) assert.ok(names.includes(must), `${must} missing: ${names}`);
  for (const f of files) {
    const rel = f.slice(dataDir.length + 1);
    if (statSync(f).isDirectory()) assert.equal(mode(f), '700', rel);
    else if (rel.endsWith('.crt')) assert.equal(statSync(f).mode & 0o022, 0, `${rel} is ${mode(f)}`);
    else if (!rel.startsWith('kubectl-cache')) assert.equal(mode(f), '600', rel);
  }
});

test('a Secret written, patched and read is not in the logs at the highest verbosity', async () => {
  const b64 = Buffer.from(SECRET_VALUE).toString('base64');
  const path = '/api/v1/namespaces/default/secrets';
  const c = await req('POST', path, { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'logged' }, data: { a: b64 }, stringData: { b: SECRET_VALUE } }) });
  assert.equal(c.status, 201, c.body);
  const p = await req('PATCH', `${path}/logged`, { headers: { 'content-type': 'application/merge-patch+json' }, body: JSON.stringify({ stringData: { c: SECRET_VALUE } }) });
  assert.equal(p.status, 200, p.body);
  const bad = await req('POST', path, { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'Bad_Name' }, stringData: { b: SECRET_VALUE } }) });
  assert.equal(bad.status, 422);
  assert.equal((await req('GET', `${path}/logged`)).status, 200);
  assert.ok(logs.length > 0, 'nothing was logged');
  const leaked = logs.filter((l) => l.includes(SECRET_VALUE) || l.includes(b64));
  assert.deepEqual(leaked, []);
});

test('a certificate without system:masters gets exactly the RBAC rights bound to it', async () => {
  const asEve = (method: string, p: string, body?: string) => s.request(method, p, { clientCert: eve, headers: body ? { 'content-type': 'application/json' } : {}, body });
  const forbidden = (r: { status: number; body: string }, message: string) => {
    assert.equal(r.status, 403, r.body);
    const st = JSON.parse(r.body);
    assert.deepEqual([st.reason, st.message], ['Forbidden', message]);
  };
  const CMS = '/api/v1/namespaces/default/configmaps';
  forbidden(await asEve('GET', CMS), 'configmaps is forbidden: User "eve" cannot list resource "configmaps" in API group "" in the namespace "default"');
  forbidden(await asEve('GET', '/api/v1/namespaces'), 'namespaces is forbidden: User "eve" cannot list resource "namespaces" in API group "" at the cluster scope');

  const role = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'cm-reader', namespace: 'default' }, rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list'] }] };
  const binding = {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    metadata: { name: 'eve-reads', namespace: 'default' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'cm-reader' },
    subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'eve' }],
  };
  assert.equal((await req('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/default/roles', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(role) })).status, 201);
  assert.equal((await req('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/default/rolebindings', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(binding) })).status, 201);
  let list = await asEve('GET', CMS);
  for (let i = 0; i < 100 && list.status === 403; i++) {
    await new Promise((r) => setTimeout(r, 50));
    list = await asEve('GET', CMS);
  }
  assert.equal(list.status, 200, list.body);
  assert.equal((await asEve('GET', `${CMS}/kube-root-ca.crt`)).status, 200);
  forbidden(await asEve('POST', CMS, '{"metadata":{"name":"by-eve"}}'), 'configmaps is forbidden: User "eve" cannot create resource "configmaps" in API group "" in the namespace "default"');
  forbidden(await asEve('DELETE', `${CMS}/kube-root-ca.crt`), 'configmaps "kube-root-ca.crt" is forbidden: User "eve" cannot delete resource "configmaps" in API group "" in the namespace "default"');
  forbidden(await asEve('GET', '/api/v1/namespaces/kube-system/configmaps'), 'configmaps is forbidden: User "eve" cannot list resource "configmaps" in API group "" in the namespace "kube-system"');
  forbidden(await asEve('GET', '/api/v1/namespaces/default/secrets'), 'secrets is forbidden: User "eve" cannot list resource "secrets" in API group "" in the namespace "default"');
  forbidden(await asEve('GET', `${CMS}?watch=true`), 'configmaps is forbidden: User "eve" cannot watch resource "configmaps" in API group "" in the namespace "default"');
});
