// The default RBAC policy is reconciled at every start (auth.md §7.5): missing objects and rules come back, extra
// rules stay, and objects annotated rbac.authorization.kubernetes.io/autoupdate=false are left alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer } from '../src/testing/test-server.js';

const CR = '/apis/rbac.authorization.k8s.io/v1/clusterroles';
const CRB = '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings';
const json = { 'content-type': 'application/merge-patch+json' };

test('a restart restores the default policy except what is reconcile-protected', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kubelite-rbac-boot-'));
  let s = await startTestServer({ dataDir });
  try {
    // Narrow system:discovery and add a rule of our own; protect and empty system:basic-user; drop a binding.
    let r = await s.request('PATCH', `${CR}/system:discovery`, { headers: json, body: JSON.stringify({ rules: [{ verbs: ['get'], nonResourceURLs: ['/custom'] }] }) });
    assert.equal(r.status, 200, r.body);
    r = await s.request('PATCH', `${CR}/system:basic-user`, { headers: json, body: JSON.stringify({ metadata: { annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'false' } }, rules: [] }) });
    assert.equal(r.status, 200, r.body);
    r = await s.request('DELETE', `${CRB}/system:public-info-viewer`);
    assert.equal(r.status, 200, r.body);
    assert.equal((await s.request('GET', '/healthz', { cert: false })).status, 403);
    await s.close();
    s = await startTestServer({ dataDir });
    const discovery = (await s.request('GET', `${CR}/system:discovery`)).json();
    assert.deepEqual(discovery.rules[0], { verbs: ['get'], nonResourceURLs: ['/custom'] }, 'extra rules stay first');
    assert.deepEqual(
      discovery.rules.slice(1).map((x: { nonResourceURLs: string[] }) => x.nonResourceURLs[0]),
      ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/'],
      'missing permissions are appended as atomic rules',
    );
    const basic = (await s.request('GET', `${CR}/system:basic-user`)).json();
    assert.deepEqual(basic.rules, [], 'autoupdate=false is honoured');
    assert.equal((await s.request('GET', `${CRB}/system:public-info-viewer`)).status, 200);
    assert.equal((await s.request('GET', '/healthz', { cert: false })).status, 200);
  } finally {
    await s.close();
  }
});
