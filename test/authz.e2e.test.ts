// RBAC end to end (auth.md §7–9): a matrix of users, groups and service-account identities × verbs × resources ×
// namespaces × sub-resources × non-resource URLs with kube's exact 403 texts; the default policy; escalation
// prevention with the bind/escalate verbs; ClusterRole aggregation; the review APIs and kubectl auth.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

let s: TestServer;
let dir: string;
const TOKENS: Record<string, string> = { jane: 'tok-jane', bob: 'tok-bob', sa: 'tok-sa', ann: 'tok-ann', node: 'tok-node' };

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kubelite-authz-'));
  const tokens = join(dir, 'tokens.csv');
  writeFileSync(
    tokens,
    [
      'tok-jane,jane,1,"dev"',
      'tok-bob,bob,2',
      'tok-sa,system:serviceaccount:ns2:builder,3,"system:serviceaccounts,system:serviceaccounts:ns2"',
      'tok-ann,ann,4',
      'tok-node,system:node:n1,5,"system:nodes"',
    ].join('\n') + '\n',
  );
  s = await startTestServer({ dataDir: dir, storageBackend: 'memory', tokenAuthFile: tokens });
  const apply = await s.kubectl(['apply', '-f', '-'], {
    input: JSON.stringify({
      apiVersion: 'v1',
      kind: 'List',
      items: [
        { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns1' } },
        { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns2' } },
        { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns3' } },
        {
          apiVersion: 'rbac.authorization.k8s.io/v1',
          kind: 'Role',
          metadata: { name: 'pod-reader', namespace: 'ns1' },
          rules: [
            { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] },
            { apiGroups: ['apps'], resources: ['deployments/scale'], verbs: ['update'] },
            { apiGroups: [''], resources: ['configmaps'], resourceNames: ['cfg'], verbs: ['get'] },
          ],
        },
        {
          apiVersion: 'rbac.authorization.k8s.io/v1',
          kind: 'RoleBinding',
          metadata: { name: 'jane-reads', namespace: 'ns1' },
          roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-reader' },
          subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'jane' }],
        },
        {
          apiVersion: 'rbac.authorization.k8s.io/v1',
          kind: 'ClusterRole',
          metadata: { name: 'node-watcher' },
          rules: [
            { apiGroups: [''], resources: ['nodes'], verbs: ['get', 'list'] },
            { nonResourceURLs: ['/metrics'], verbs: ['get'] },
          ],
        },
        {
          apiVersion: 'rbac.authorization.k8s.io/v1',
          kind: 'ClusterRoleBinding',
          metadata: { name: 'dev-watches-nodes' },
          roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'node-watcher' },
          subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: 'dev' }],
        },
        {
          apiVersion: 'rbac.authorization.k8s.io/v1',
          kind: 'RoleBinding',
          metadata: { name: 'builder-views', namespace: 'ns2' },
          roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' },
          subjects: [{ kind: 'ServiceAccount', name: 'builder' }],
        },
        {
          apiVersion: 'rbac.authorization.k8s.io/v1',
          kind: 'RoleBinding',
          metadata: { name: 'ann-admin', namespace: 'ns3' },
          roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'admin' },
          subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'ann' }],
        },
      ],
    }),
  });
  assert.equal(apply.code, 0, apply.stderr);
});
after(async () => {
  await s.close();
});

const as = (who: keyof typeof TOKENS | 'anonymous', body?: unknown, extra: Record<string, string> = {}) => ({
  cert: false,
  headers: { ...(who === 'anonymous' ? {} : { authorization: `Bearer ${TOKENS[who]}` }), ...(body ? { 'content-type': 'application/json' } : {}), ...extra },
  ...(body ? { body: JSON.stringify(body) } : {}),
});

/** Polls until the RBAC objects written above reach the authorizer (it reads them through the informers). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail('condition not reached');
}

interface Case {
  who: keyof typeof TOKENS | 'anonymous';
  method?: string;
  path: string;
  status: number;
  /** The 403 message (kube's text) when status is 403. */
  message?: string;
  details?: Record<string, string>;
}

const MATRIX: Case[] = [
  // a namespaced Role through a RoleBinding: only its verbs, only its namespace
  { who: 'jane', path: '/api/v1/namespaces/ns1/pods', status: 200 },
  { who: 'jane', path: '/api/v1/namespaces/ns2/pods', status: 403, message: 'pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "ns2"', details: { kind: 'pods' } },
  { who: 'jane', method: 'DELETE', path: '/api/v1/namespaces/ns1/pods/p1', status: 403, message: 'pods "p1" is forbidden: User "jane" cannot delete resource "pods" in API group "" in the namespace "ns1"', details: { name: 'p1', kind: 'pods' } },
  { who: 'jane', method: 'DELETE', path: '/api/v1/namespaces/ns1/pods', status: 403, message: 'pods is forbidden: User "jane" cannot deletecollection resource "pods" in API group "" in the namespace "ns1"', details: { kind: 'pods' } },
  { who: 'jane', path: '/api/v1/namespaces/ns1/pods?watch=true', status: 403, message: 'pods is forbidden: User "jane" cannot watch resource "pods" in API group "" in the namespace "ns1"', details: { kind: 'pods' } },
  // sub-resources: the rule on deployments/scale grants update, not get; pods does not grant pods/log
  { who: 'jane', path: '/apis/apps/v1/namespaces/ns1/deployments/web/scale', status: 403, message: 'deployments.apps "web" is forbidden: User "jane" cannot get resource "deployments/scale" in API group "apps" in the namespace "ns1"', details: { name: 'web', group: 'apps', kind: 'deployments' } },
  { who: 'jane', path: '/api/v1/namespaces/ns1/pods/p1/log', status: 403, message: 'pods "p1" is forbidden: User "jane" cannot get resource "pods/log" in API group "" in the namespace "ns1"', details: { name: 'p1', kind: 'pods' } },
  // resourceNames: the named config map is readable (and absent), others are not
  { who: 'jane', path: '/api/v1/namespaces/ns1/configmaps/cfg', status: 404 },
  { who: 'jane', path: '/api/v1/namespaces/ns1/configmaps/other', status: 403, message: 'configmaps "other" is forbidden: User "jane" cannot get resource "configmaps" in API group "" in the namespace "ns1"', details: { name: 'other', kind: 'configmaps' } },
  { who: 'jane', path: '/api/v1/namespaces/ns1/configmaps', status: 403, message: 'configmaps is forbidden: User "jane" cannot list resource "configmaps" in API group "" in the namespace "ns1"', details: { kind: 'configmaps' } },
  // a ClusterRoleBinding to a group: cluster scope and non-resource URLs
  { who: 'jane', path: '/api/v1/nodes', status: 200 },
  { who: 'bob', path: '/api/v1/nodes', status: 403, message: 'nodes is forbidden: User "bob" cannot list resource "nodes" in API group "" at the cluster scope', details: { kind: 'nodes' } },
  { who: 'bob', path: '/api/v1/nodes/n1', status: 403, message: 'nodes "n1" is forbidden: User "bob" cannot get resource "nodes" in API group "" at the cluster scope', details: { name: 'n1', kind: 'nodes' } },
  { who: 'bob', path: '/metrics', status: 403, message: 'forbidden: User "bob" cannot get path "/metrics"', details: {} },
  { who: 'bob', method: 'POST', path: '/version', status: 403, message: 'forbidden: User "bob" cannot post path "/version"', details: {} },
  { who: 'bob', path: '/apis/apps/v1/namespaces/ns1/deployments', status: 403, message: 'deployments.apps is forbidden: User "bob" cannot list resource "deployments" in API group "apps" in the namespace "ns1"', details: { group: 'apps', kind: 'deployments' } },
  // a service account through a RoleBinding to the view ClusterRole (subject namespace from the binding)
  { who: 'sa', path: '/api/v1/namespaces/ns2/configmaps', status: 200 },
  { who: 'sa', path: '/api/v1/namespaces/ns2/secrets', status: 403, message: 'secrets is forbidden: User "system:serviceaccount:ns2:builder" cannot list resource "secrets" in API group "" in the namespace "ns2"', details: { kind: 'secrets' } },
  { who: 'sa', path: '/api/v1/namespaces/ns1/configmaps', status: 403, message: 'configmaps is forbidden: User "system:serviceaccount:ns2:builder" cannot list resource "configmaps" in API group "" in the namespace "ns1"', details: { kind: 'configmaps' } },
  // the default policy: discovery for authenticated users, health and version for everyone
  { who: 'bob', path: '/apis', status: 200 },
  { who: 'bob', path: '/version', status: 200 },
  { who: 'anonymous', path: '/healthz', status: 200 },
  { who: 'anonymous', path: '/readyz', status: 200 },
  { who: 'anonymous', path: '/version', status: 200 },
  { who: 'anonymous', path: '/api', status: 403, message: 'forbidden: User "system:anonymous" cannot get path "/api"', details: {} },
  { who: 'anonymous', path: '/api/v1/namespaces/default/pods', status: 403, message: 'pods is forbidden: User "system:anonymous" cannot list resource "pods" in API group "" in the namespace "default"', details: { kind: 'pods' } },
  // admin through a RoleBinding: everything in its namespace except what admin leaves out
  { who: 'ann', path: '/api/v1/namespaces/ns3/secrets', status: 200 },
  { who: 'ann', method: 'DELETE', path: '/api/v1/namespaces/ns3', status: 403, message: 'namespaces "ns3" is forbidden: User "ann" cannot delete resource "namespaces" in API group "" in the namespace "ns3"', details: { name: 'ns3', kind: 'namespaces' } },
  // more request shapes: create, patch of a sub-resource, connect by POST, a list across namespaces, a named cluster object
  { who: 'bob', method: 'POST', path: '/api/v1/namespaces/ns1/configmaps', status: 403, message: 'configmaps is forbidden: User "bob" cannot create resource "configmaps" in API group "" in the namespace "ns1"', details: { kind: 'configmaps' } },
  { who: 'jane', method: 'PATCH', path: '/api/v1/namespaces/ns1/pods/p1/status', status: 403, message: 'pods "p1" is forbidden: User "jane" cannot patch resource "pods/status" in API group "" in the namespace "ns1"', details: { name: 'p1', kind: 'pods' } },
  { who: 'jane', method: 'POST', path: '/api/v1/namespaces/ns1/pods/p1/exec?command=ls&stdout=true', status: 403, message: 'pods "p1" is forbidden: User "jane" cannot create resource "pods/exec" in API group "" in the namespace "ns1"', details: { name: 'p1', kind: 'pods' } },
  { who: 'sa', path: '/api/v1/configmaps', status: 403, message: 'configmaps is forbidden: User "system:serviceaccount:ns2:builder" cannot list resource "configmaps" in API group "" at the cluster scope', details: { kind: 'configmaps' } },
  { who: 'jane', path: '/apis/rbac.authorization.k8s.io/v1/clusterroles/admin', status: 403, message: 'clusterroles.rbac.authorization.k8s.io "admin" is forbidden: User "jane" cannot get resource "clusterroles" in API group "rbac.authorization.k8s.io" at the cluster scope', details: { name: 'admin', group: 'rbac.authorization.k8s.io', kind: 'clusterroles' } },
  // a group the token gives a service account (system:serviceaccounts) through a default ClusterRoleBinding
  { who: 'sa', path: '/openid/v1/jwks', status: 200 },
  { who: 'bob', path: '/openid/v1/jwks', status: 403, message: 'forbidden: User "bob" cannot get path "/openid/v1/jwks"', details: {} },
];

test('the authorization matrix answers as kube-apiserver 1.33 with RBAC', async () => {
  await eventually(async () => (await s.request('GET', '/api/v1/namespaces/ns3/secrets', as('ann'))).status === 200);
  for (const c of MATRIX) {
    const r = await s.request(c.method ?? 'GET', c.path, as(c.who));
    const what = `${c.who} ${c.method ?? 'GET'} ${c.path}`;
    assert.equal(r.status, c.status, `${what}: ${r.body}`);
    if (c.status === 403) {
      assert.deepEqual(r.json(), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: c.message, reason: 'Forbidden', details: c.details, code: 403 }, what);
    }
  }
});

test('the default policy lists the 1.33 ClusterRoles, with bootstrapping labels and autoupdate annotations', async () => {
  const r = await s.request('GET', '/apis/rbac.authorization.k8s.io/v1/clusterroles?labelSelector=kubernetes.io/bootstrapping%3Drbac-defaults');
  const items = r.json().items as { metadata: { name: string; annotations: Record<string, string> } }[];
  const names = items.map((i) => i.metadata.name);
  for (const n of ['cluster-admin', 'admin', 'edit', 'view', 'system:basic-user', 'system:discovery', 'system:public-info-viewer', 'system:node', 'system:controller:namespace-controller', 'system:kube-scheduler']) {
    assert.ok(names.includes(n), n);
  }
  assert.ok(items.every((i) => i.metadata.annotations['rbac.authorization.kubernetes.io/autoupdate'] === 'true'));
  const admin = (await s.request('GET', '/apis/rbac.authorization.k8s.io/v1/clusterroles/admin')).json();
  assert.ok(admin.rules.some((rule: { resources?: string[] }) => rule.resources?.includes('localsubjectaccessreviews')), 'admin aggregates system:aggregate-to-admin');
  assert.ok(admin.rules.some((rule: { resources?: string[] }) => rule.resources?.includes('endpointslices')), 'admin aggregates view through edit');
});

test('escalation: a namespace admin cannot grant what it does not hold, with kube\'s message', async () => {
  const role = (name: string, rules: unknown[]) => ({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name, namespace: 'ns3' }, rules });
  let r = await s.request('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/ns3/roles', as('ann', role('secret-reader', [{ apiGroups: [''], resources: ['secrets'], verbs: ['get'] }])));
  assert.equal(r.status, 201, r.body);
  r = await s.request('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/ns3/roles', as('ann', role('too-much', [{ apiGroups: [''], resources: ['persistentvolumes', 'pods'], verbs: ['get', 'list'] }, { apiGroups: ['apps'], resources: ['deployments'], resourceNames: ['web'], verbs: ['escalate'] }])));
  assert.equal(r.status, 403);
  assert.deepEqual(r.json(), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message:
      'roles.rbac.authorization.k8s.io "too-much" is forbidden: user "ann" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n' +
      '{APIGroups:[""], Resources:["persistentvolumes"], Verbs:["get" "list"]}\n' +
      '{APIGroups:["apps"], Resources:["deployments"], ResourceNames:["web"], Verbs:["escalate"]}',
    reason: 'Forbidden',
    details: { name: 'too-much', group: 'rbac.authorization.k8s.io', kind: 'roles' },
    code: 403,
  });
  // An update is checked as a create is: the whole new rule list must be covered.
  r = await s.request('PATCH', '/apis/rbac.authorization.k8s.io/v1/namespaces/ns3/roles/secret-reader', {
    ...as('ann'),
    headers: { authorization: `Bearer ${TOKENS.ann}`, 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify({ rules: [{ apiGroups: [''], resources: ['secrets'], verbs: ['get'] }, { apiGroups: [''], resources: ['nodes'], verbs: ['list'] }] }),
  });
  assert.equal(r.status, 403);
  assert.equal(
    r.json().message,
    'roles.rbac.authorization.k8s.io "secret-reader" is forbidden: user "ann" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n' +
      '{APIGroups:[""], Resources:["nodes"], Verbs:["list"]}',
  );
  const binding = (name: string, roleName: string) => ({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    metadata: { name, namespace: 'ns3' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: roleName },
    subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'bob' }],
  });
  r = await s.request('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/ns3/rolebindings', as('ann', binding('bob-view', 'view')));
  assert.equal(r.status, 201, r.body);
  r = await s.request('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/ns3/rolebindings', as('ann', binding('bob-root', 'cluster-admin')));
  assert.equal(r.status, 403);
  assert.equal(
    r.json().message,
    'rolebindings.rbac.authorization.k8s.io "bob-root" is forbidden: user "ann" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n' +
      '{APIGroups:["*"], Resources:["*"], Verbs:["*"]}\n{NonResourceURLs:["*"], Verbs:["*"]}',
  );
  r = await s.request('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/ns3/rolebindings', as('ann', binding('bob-ghost', 'no-such-role')));
  assert.equal(r.status, 404);
  assert.equal(r.json().message, 'clusterroles.rbac.authorization.k8s.io "no-such-role" not found');
  // The bind verb on the referenced role lifts the check; so does escalate for roles.
  const grant = await s.request('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/ns3/roles', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(role('binder', [
      { apiGroups: ['rbac.authorization.k8s.io'], resources: ['clusterroles'], resourceNames: ['cluster-admin'], verbs: ['bind'] },
      // kube asks for escalate with the request's name, which a create does not have: no resourceNames here.
      { apiGroups: ['rbac.authorization.k8s.io'], resources: ['roles'], verbs: ['escalate'] },
    ])),
  });
  assert.equal(grant.status, 201, grant.body);
  const grantB = await s.kubectl(['create', 'rolebinding', 'ann-binds', '-n', 'ns3', '--role=binder', '--user=ann']);
  assert.equal(grantB.code, 0, grantB.stderr);
  await eventually(async () => (await s.request('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/ns3/rolebindings?dryRun=All', as('ann', binding('bob-root', 'cluster-admin')))).status === 201);
  r = await s.request('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/ns3/roles', as('ann', role('too-much', [{ apiGroups: [''], resources: ['persistentvolumes'], verbs: ['get'] }])));
  assert.equal(r.status, 201, r.body);
});

test('an aggregationRule needs cluster-admin; labelled ClusterRoles are aggregated into view', async () => {
  const agg = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'ann-agg' }, aggregationRule: { clusterRoleSelectors: [{ matchLabels: { x: 'y' } }] } };
  // ann may create clusterroles only through escalate? she has no clusterroles create at all: the authorizer refuses first.
  let r = await s.request('POST', '/apis/rbac.authorization.k8s.io/v1/clusterroles', as('ann', agg));
  assert.equal(r.status, 403);
  assert.equal(r.json().message, 'clusterroles.rbac.authorization.k8s.io is forbidden: User "ann" cannot create resource "clusterroles" in API group "rbac.authorization.k8s.io" at the cluster scope');
  const widget = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'widget-viewer', labels: { 'rbac.authorization.k8s.io/aggregate-to-view': 'true' } }, rules: [{ apiGroups: ['example.com'], resources: ['widgets'], verbs: ['get'] }] };
  r = await s.request('POST', '/apis/rbac.authorization.k8s.io/v1/clusterroles', { body: JSON.stringify(widget), headers: { 'content-type': 'application/json' } });
  assert.equal(r.status, 201, r.body);
  const hasWidgets = async (role: string) => ((await s.request('GET', `/apis/rbac.authorization.k8s.io/v1/clusterroles/${role}`)).json().rules ?? []).some((x: { resources?: string[] }) => x.resources?.includes('widgets'));
  await eventually(async () => (await hasWidgets('view')) && (await hasWidgets('admin')));
  r = await s.request('DELETE', '/apis/rbac.authorization.k8s.io/v1/clusterroles/widget-viewer');
  assert.equal(r.status, 200);
  await eventually(async () => !(await hasWidgets('view')));
});

/** A kubeconfig for a token user, so kubectl runs as that user. */
function kubeconfigFor(who: keyof typeof TOKENS): string {
  const path = join(dir, `kubeconfig-${who}`);
  writeFileSync(
    path,
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'k', cluster: { server: s.url, 'certificate-authority-data': Buffer.from(s.ca).toString('base64') } }],
      users: [{ name: who, user: { token: TOKENS[who] } }],
      contexts: [{ name: 'k', context: { cluster: 'k', user: who } }],
      'current-context': 'k',
    }),
  );
  return path;
}

test('kubectl auth can-i answers for the caller, with sub-resources and -n', async () => {
  const kc = kubeconfigFor('jane');
  const can = (...args: string[]) => s.kubectl(['--kubeconfig', kc, 'auth', 'can-i', ...args]);
  let r = await can('list', 'pods', '-n', 'ns1');
  assert.deepEqual([r.code, r.stdout], [0, 'yes\n']);
  r = await can('list', 'pods', '-n', 'ns2');
  assert.deepEqual([r.code, r.stdout], [1, 'no\n']);
  r = await can('update', 'deployments.apps', '--subresource=scale', '-n', 'ns1');
  assert.deepEqual([r.code, r.stdout], [0, 'yes\n']);
  r = await can('get', 'deployments.apps', '--subresource=scale', '-n', 'ns1');
  assert.deepEqual([r.code, r.stdout], [1, 'no\n']);
  r = await can('get', 'configmaps/cfg', '-n', 'ns1');
  assert.deepEqual([r.code, r.stdout], [0, 'yes\n']);
  r = await can('get', '/metrics');
  assert.deepEqual([r.code, r.stdout], [0, 'yes\n']);
});

test('kubectl auth can-i --as / --as-group answers for the impersonated user; impersonating needs the impersonate verb', async () => {
  const can = (...args: string[]) => s.kubectl(['auth', 'can-i', ...args]);
  let r = await can('list', 'pods', '-n', 'ns1', '--as', 'jane');
  assert.deepEqual([r.code, r.stdout], [0, 'yes\n']);
  // --as alone gives the user without its token's groups: the "dev" ClusterRoleBinding does not apply.
  r = await can('list', 'nodes', '--as', 'jane');
  assert.deepEqual([r.code, r.stdout], [1, 'no\n']);
  r = await can('list', 'nodes', '--as', 'jane', '--as-group', 'dev');
  assert.deepEqual([r.code, r.stdout], [0, 'yes\n']);
  r = await can('list', 'configmaps', '-n', 'ns2', '--as', 'system:serviceaccount:ns2:builder');
  assert.deepEqual([r.code, r.stdout], [0, 'yes\n']);
  r = await can('get', 'secrets', '-n', 'ns2', '--as', 'system:serviceaccount:ns2:builder');
  assert.deepEqual([r.code, r.stdout], [1, 'no\n']);
  r = await can('update', 'deployments.apps', '--subresource=scale', '-n', 'ns1', '--as', 'jane');
  assert.deepEqual([r.code, r.stdout], [0, 'yes\n']);
  r = await can('--list', '-n', 'ns1', '--as', 'jane');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^pods\s+\[\]\s+\[\]\s+\[get list\]$/m);
  assert.doesNotMatch(r.stdout, /^nodes\s/m);
  r = await s.kubectl(['--kubeconfig', kubeconfigFor('bob'), 'auth', 'can-i', 'list', 'pods', '-n', 'ns1', '--as', 'jane']);
  assert.equal(r.code, 1);
  assert.equal(r.stderr, 'Error from server (Forbidden): users "jane" is forbidden: User "bob" cannot impersonate resource "users" in API group "" at the cluster scope\n');
});

test('kubectl auth can-i --list prints the rules of SelfSubjectRulesReview', async () => {
  const r = await s.kubectl(['--kubeconfig', kubeconfigFor('jane'), 'auth', 'can-i', '--list', '-n', 'ns1']);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n').map((l) => l.trim().split(/\s{2,}/));
  const has = (row: string[]) => assert.ok(lines.some((l) => JSON.stringify(l) === JSON.stringify(row)), `${row.join(' | ')}\n${r.stdout}`);
  has(['Resources', 'Non-Resource URLs', 'Resource Names', 'Verbs']);
  has(['pods', '[]', '[]', '[get list]']);
  has(['deployments.apps/scale', '[]', '[]', '[update]']);
  has(['configmaps', '[]', '[cfg]', '[get]']);
  has(['nodes', '[]', '[]', '[get list]']);
  has(['[/metrics]', '[]', '[get]']);
  has(['selfsubjectaccessreviews.authorization.k8s.io', '[]', '[]', '[create]']);
});

test('SelfSubjectRulesReview: rules in chain order, complete for RBAC; no namespace is 400', async () => {
  let r = await s.request('POST', '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', as('sa', { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', spec: { namespace: 'ns2' } }));
  assert.equal(r.status, 201, r.body);
  const status = r.json().status;
  assert.equal(status.incomplete, false);
  assert.equal(status.evaluationError, undefined);
  assert.ok(status.resourceRules.some((x: { resources?: string[] }) => x.resources?.includes('configmaps')));
  assert.ok(status.nonResourceRules.some((x: { nonResourceURLs?: string[] }) => x.nonResourceURLs?.includes('/openid/v1/jwks')), 'system:service-account-issuer-discovery');
  r = await s.request('POST', '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', as('sa', { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', spec: {} }));
  assert.equal(r.status, 400);
  assert.equal(r.json().message, 'no namespace on request');
});

test('SubjectAccessReview and LocalSubjectAccessReview give RBAC\'s reasons', async () => {
  const sar = (spec: unknown) => ({ apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec });
  let r = await s.request('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(sar({ user: 'jane', groups: ['dev'], resourceAttributes: { namespace: 'ns1', verb: 'get', resource: 'pods', name: 'p' } })) });
  assert.equal(r.status, 201);
  assert.deepEqual(r.json().status, { allowed: true, reason: 'RBAC: allowed by RoleBinding "jane-reads/ns1" of Role "pod-reader" to User "jane"' });
  r = await s.request('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(sar({ user: 'x', groups: ['dev'], nonResourceAttributes: { verb: 'get', path: '/metrics' } })) });
  assert.deepEqual(r.json().status, { allowed: true, reason: 'RBAC: allowed by ClusterRoleBinding "dev-watches-nodes" of ClusterRole "node-watcher" to Group "dev"' });
  r = await s.request('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(sar({ user: 'bob', resourceAttributes: { namespace: 'ns1', verb: 'get', resource: 'pods' } })) });
  assert.deepEqual(r.json().status, { allowed: false });
  // ann is admin in ns3: admin includes localsubjectaccessreviews
  const lsar = { apiVersion: 'authorization.k8s.io/v1', kind: 'LocalSubjectAccessReview', metadata: { namespace: 'ns3' }, spec: { user: 'bob', resourceAttributes: { namespace: 'ns3', verb: 'list', resource: 'pods' } } };
  r = await s.request('POST', '/apis/authorization.k8s.io/v1/namespaces/ns3/localsubjectaccessreviews', as('ann', lsar));
  assert.equal(r.status, 201, r.body);
  assert.deepEqual(r.json().status, { allowed: true, reason: 'RBAC: allowed by RoleBinding "bob-view/ns3" of ClusterRole "view" to User "bob"' });
  r = await s.request('POST', '/apis/authorization.k8s.io/v1/namespaces/ns1/localsubjectaccessreviews', as('ann', { ...lsar, metadata: { namespace: 'ns1' } }));
  assert.equal(r.status, 403);
  assert.equal(r.json().message, 'localsubjectaccessreviews.authorization.k8s.io is forbidden: User "ann" cannot create resource "localsubjectaccessreviews" in API group "authorization.k8s.io" in the namespace "ns1"');
});

test('kubectl auth reconcile creates, then leaves alone, then adds missing rules and subjects', async () => {
  const manifest = (verbs: string[], users: string[]) =>
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'List',
      items: [
        { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'rec', namespace: 'ns2' }, rules: [{ apiGroups: [''], resources: ['services'], verbs }] },
        {
          apiVersion: 'rbac.authorization.k8s.io/v1',
          kind: 'RoleBinding',
          metadata: { name: 'rec', namespace: 'ns2' },
          roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'rec' },
          subjects: users.map((name) => ({ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name })),
        },
      ],
    });
  let r = await s.kubectl(['auth', 'reconcile', '-f', '-'], { input: manifest(['get'], ['bob']) });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'role.rbac.authorization.k8s.io/rec reconciled\nrolebinding.rbac.authorization.k8s.io/rec reconciled\n');
  assert.equal((await s.request('GET', '/apis/rbac.authorization.k8s.io/v1/namespaces/ns2/roles/rec')).status, 200);
  r = await s.kubectl(['auth', 'reconcile', '-f', '-'], { input: manifest(['get'], ['bob']) });
  assert.equal(r.stdout, 'role.rbac.authorization.k8s.io/rec reconciled\nrolebinding.rbac.authorization.k8s.io/rec reconciled\n');
  r = await s.kubectl(['auth', 'reconcile', '-f', '-'], { input: manifest(['list'], ['amy']) });
  assert.equal(r.code, 0, r.stderr);
  const role = (await s.request('GET', '/apis/rbac.authorization.k8s.io/v1/namespaces/ns2/roles/rec')).json();
  assert.deepEqual(role.rules.map((x: { verbs: string[] }) => x.verbs), [['get'], ['list']]);
  const rb = (await s.request('GET', '/apis/rbac.authorization.k8s.io/v1/namespaces/ns2/rolebindings/rec')).json();
  assert.deepEqual(rb.subjects.map((x: { name: string }) => x.name), ['bob', 'amy']);
});

test('Node authorizer: a node reads the secrets of pods bound to it, and nothing else', async () => {
  const post = async (path: string, obj: unknown) => {
    const r = await s.request('POST', path, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(obj) });
    assert.equal(r.status, 201, r.body);
  };
  for (const name of ['s1', 's2']) await post('/api/v1/namespaces/ns1/secrets', { apiVersion: 'v1', kind: 'Secret', metadata: { name } });
  await post('/api/v1/namespaces/ns1/pods', {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web' },
    spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'nginx' }], volumes: [{ name: 'v', secret: { secretName: 's1' } }] },
  });
  let r = await s.request('GET', '/api/v1/namespaces/ns1/secrets/s1', as('node'));
  assert.equal(r.status, 200, r.body);
  r = await s.request('GET', '/api/v1/namespaces/ns1/secrets/s2', as('node'));
  assert.equal(r.status, 403);
  assert.equal(r.json().message, 'secrets "s2" is forbidden: User "system:node:n1" cannot get resource "secrets" in API group "" in the namespace "ns1": no relationship found between node \'n1\' and this object');
  r = await s.request('GET', '/api/v1/nodes', as('node'));
  assert.equal(r.json().message, 'nodes is forbidden: User "system:node:n1" cannot list resource "nodes" in API group "" at the cluster scope: node \'n1\' cannot read all nodes, only its own Node object');
  assert.equal((await s.request('GET', '/api/v1/namespaces/ns1/services', as('node'))).status, 200);
  // Pods: reads of its own pods, lists only with its spec.nodeName field selector (AuthorizeWithSelectors).
  assert.equal((await s.request('GET', '/api/v1/namespaces/ns1/pods/web', as('node'))).status, 200);
  assert.equal((await s.request('GET', '/api/v1/pods?fieldSelector=spec.nodeName%3Dn1', as('node'))).status, 200);
  r = await s.request('GET', '/api/v1/pods', as('node'));
  assert.equal(r.status, 403);
  assert.equal(r.json().message, 'pods is forbidden: User "system:node:n1" cannot list resource "pods" in API group "" at the cluster scope: can only list/watch pods with spec.nodeName field selector');
  r = await s.request('GET', '/api/v1/pods?fieldSelector=spec.nodeName%3Dn2', as('node'));
  assert.equal(r.status, 403);
  // A SubjectAccessReview carries the selector too.
  const sar = (fieldSelector: unknown) => ({ apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: { user: 'system:node:n1', groups: ['system:nodes'], resourceAttributes: { verb: 'list', resource: 'pods', fieldSelector } } });
  r = await s.request('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(sar({ rawSelector: 'spec.nodeName=n1' })) });
  assert.deepEqual(r.json().status, { allowed: true });
  r = await s.request('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(sar({ requirements: [{ key: 'spec.nodeName', operator: 'In', values: ['n2'] }] })) });
  assert.deepEqual(r.json().status, { allowed: false, reason: 'can only list/watch pods with spec.nodeName field selector' });
});

test('NodeRestriction: a node writes only its own Node and mirror pods bound to itself', async () => {
  const asNode = (body: unknown) => as('node', body);
  const nodeObj = (name: string, labels: Record<string, string> = {}) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels } });
  let r = await s.request('POST', '/api/v1/nodes', asNode(nodeObj('n2')));
  assert.equal(r.status, 403);
  assert.equal(r.json().message, 'nodes "n2" is forbidden: node "n1" is not allowed to modify node "n2"');
  r = await s.request('POST', '/api/v1/nodes', asNode(nodeObj('n1', { 'node-restriction.kubernetes.io/pool': 'a', 'kubernetes.io/hostname': 'n1' })));
  assert.equal(r.status, 403);
  assert.equal(r.json().message, 'nodes "n1" is forbidden: node "n1" is not allowed to set the following labels: node-restriction.kubernetes.io/pool');
  r = await s.request('POST', '/api/v1/nodes', asNode(nodeObj('n1', { 'kubernetes.io/hostname': 'n1' })));
  assert.equal(r.status, 201, r.body);
  const pod = (annotations: Record<string, string>, nodeName: string) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'static', annotations },
    spec: { nodeName, containers: [{ name: 'c', image: 'nginx' }] },
  });
  r = await s.request('POST', '/api/v1/namespaces/ns1/pods', asNode(pod({}, 'n1')));
  assert.equal(r.status, 403);
  assert.equal(r.json().message, 'pods "static" is forbidden: pod does not have "kubernetes.io/config.mirror" annotation, node "n1" can only create mirror pods');
  r = await s.request('POST', '/api/v1/namespaces/ns1/pods', asNode(pod({ 'kubernetes.io/config.mirror': 'x' }, 'n2')));
  assert.equal(r.json().message, 'pods "static" is forbidden: node "n1" can only create pods with spec.nodeName set to itself');
  r = await s.request('POST', '/api/v1/namespaces/ns1/pods', asNode(pod({ 'kubernetes.io/config.mirror': 'x' }, 'n1')));
  assert.equal(r.status, 201, r.body);
  const other = await s.request('POST', '/api/v1/namespaces/ns1/pods', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...pod({}, 'n2'), metadata: { name: 'elsewhere' } }) });
  assert.equal(other.status, 201, other.body);
  r = await s.request('DELETE', '/api/v1/namespaces/ns1/pods/elsewhere', as('node'));
  assert.equal(r.status, 403);
  assert.equal(r.json().message, 'pods "elsewhere" is forbidden: node "n1" can only delete pods with spec.nodeName set to itself');
  r = await s.request('DELETE', '/api/v1/namespaces/ns1/pods/static', as('node'));
  assert.equal(r.status, 200, r.body);
});

test('access reviews are validated as kube validates them, every error at once', async () => {
  const post = (path: string, obj: unknown) => s.request('POST', path, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(obj) });
  let r = await post('/apis/authorization.k8s.io/v1/subjectaccessreviews', { apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: {} });
  assert.equal(r.status, 422);
  assert.equal(r.json().message, 'SubjectAccessReview.authorization.k8s.io "" is invalid: [spec.resourceAttributes: Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified, spec.user: Invalid value: "": at least one of user or group must be specified]');
  const lsar = (spec: unknown, metadata: unknown = {}) => ({ apiVersion: 'authorization.k8s.io/v1', kind: 'LocalSubjectAccessReview', metadata, spec });
  r = await post('/apis/authorization.k8s.io/v1/namespaces/ns1/localsubjectaccessreviews', lsar({ user: 'u', resourceAttributes: { namespace: 'ns2', verb: 'get', resource: 'pods' }, nonResourceAttributes: { path: '/x', verb: 'get' } }));
  assert.equal(r.status, 422);
  assert.equal(
    r.json().message,
    'LocalSubjectAccessReview.authorization.k8s.io "" is invalid: [spec.nonResourceAttributes: Invalid value: authorization.NonResourceAttributes{Path:"/x", Verb:"get"}: cannot be specified in combination with resourceAttributes, spec.resourceAttributes.namespace: Invalid value: "ns2": must match metadata.namespace, spec.nonResourceAttributes: Invalid value: authorization.NonResourceAttributes{Path:"/x", Verb:"get"}: disallowed on this kind of request]',
  );
  r = await post('/apis/authorization.k8s.io/v1/namespaces/ns1/localsubjectaccessreviews', lsar({ user: 'u', resourceAttributes: { namespace: 'ns1', verb: 'get', resource: 'pods' } }, { namespace: 'ns2' }));
  assert.equal(r.status, 400);
  assert.equal(r.json().message, 'the namespace of the provided object does not match the namespace sent on the request');
  r = await post('/apis/authorization.k8s.io/v1/namespaces/ns1/localsubjectaccessreviews', lsar({ user: 'jane', resourceAttributes: { namespace: 'ns1', verb: 'list', resource: 'pods' } }));
  assert.equal(r.status, 201, r.body);
  assert.equal(r.json().status.allowed, true);
});
