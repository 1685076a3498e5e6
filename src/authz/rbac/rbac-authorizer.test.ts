import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Attributes } from '../authorizer.js';
import { PolicyIndex } from './policy-index.js';
import { RBACAuthorizer } from './rbac-authorizer.js';
import { RuleResolver } from './rule-resolver.js';
import { SyncGate } from './sync-gate.js';

function setup() {
  const index = new PolicyIndex();
  const gate = new SyncGate();
  gate.open();
  return { index, rbac: new RBACAuthorizer(new RuleResolver(index), gate) };
}

const user = (name: string, groups: string[] = ['system:authenticated']) => ({ name, groups });
const res = (u: { name: string; groups: string[] }, verb: string, resource: string, o: Partial<Attributes> = {}): Attributes => ({
  user: u, verb, isResourceRequest: true, path: '', namespace: '', apiGroup: '', apiVersion: 'v1', resource, subresource: '', name: '', ...o,
});
const url = (u: { name: string; groups: string[] }, verb: string, path: string): Attributes => ({
  user: u, verb, isResourceRequest: false, path, namespace: '', apiGroup: '', apiVersion: '', resource: '', subresource: '', name: '',
});

test('a ClusterRoleBinding to a group allows everywhere and names the binding, role and subject', () => {
  const { index, rbac } = setup();
  index.putClusterRole({ metadata: { name: 'reader' }, rules: [{ verbs: ['get', 'list'], apiGroups: [''], resources: ['pods'] }] });
  index.putClusterRoleBinding({ metadata: { name: 'readers' }, roleRef: { kind: 'ClusterRole', name: 'reader' }, subjects: [{ kind: 'Group', name: 'devs' }] });
  assert.deepEqual(rbac.authorize(res(user('jane', ['devs']), 'list', 'pods', { namespace: 'ns1' })), {
    decision: 'allow',
    reason: 'RBAC: allowed by ClusterRoleBinding "readers" of ClusterRole "reader" to Group "devs"',
  });
  assert.equal((rbac.authorize(res(user('jane'), 'list', 'pods')) as { decision: string }).decision, 'noOpinion');
  assert.equal((rbac.authorize(res(user('jane', ['devs']), 'delete', 'pods', { name: 'p' })) as { decision: string }).decision, 'noOpinion');
});

test('a RoleBinding grants only in its namespace; service-account subjects default to the binding namespace', () => {
  const { index, rbac } = setup();
  index.putRole({ metadata: { name: 'r', namespace: 'ns1' }, rules: [{ verbs: ['*'], apiGroups: ['apps'], resources: ['deployments'] }] });
  index.putRoleBinding({ metadata: { name: 'b', namespace: 'ns1' }, roleRef: { kind: 'Role', name: 'r' }, subjects: [{ kind: 'ServiceAccount', name: 'builder' }] });
  const sa = user('system:serviceaccount:ns1:builder', ['system:serviceaccounts', 'system:serviceaccounts:ns1', 'system:authenticated']);
  assert.deepEqual(rbac.authorize(res(sa, 'create', 'deployments', { apiGroup: 'apps', namespace: 'ns1' })), {
    decision: 'allow',
    reason: 'RBAC: allowed by RoleBinding "b/ns1" of Role "r" to ServiceAccount "builder/ns1"',
  });
  assert.equal((rbac.authorize(res(sa, 'create', 'deployments', { apiGroup: 'apps', namespace: 'ns2' })) as { decision: string }).decision, 'noOpinion');
  assert.equal((rbac.authorize(res(user('system:serviceaccount:ns2:builder'), 'create', 'deployments', { apiGroup: 'apps', namespace: 'ns1' })) as { decision: string }).decision, 'noOpinion');
});

test('sub-resources, */sub wildcards and resourceNames match as kube matches them', () => {
  const { index, rbac } = setup();
  index.putClusterRole({
    metadata: { name: 'r' },
    rules: [
      { verbs: ['get'], apiGroups: [''], resources: ['pods'] },
      { verbs: ['update'], apiGroups: ['*'], resources: ['*/scale'] },
      { verbs: ['get'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['cfg'] },
      { verbs: ['get'], apiGroups: [''], resources: ['secrets/*'] },
    ],
  });
  index.putClusterRoleBinding({ metadata: { name: 'b' }, roleRef: { kind: 'ClusterRole', name: 'r' }, subjects: [{ kind: 'User', name: 'u' }] });
  const u = user('u');
  const d = (a: Attributes) => (rbac.authorize(a) as { decision: string }).decision;
  assert.equal(d(res(u, 'get', 'pods', { name: 'p' })), 'allow');
  assert.equal(d(res(u, 'get', 'pods', { name: 'p', subresource: 'log' })), 'noOpinion', 'pods does not grant pods/log');
  assert.equal(d(res(u, 'update', 'deployments', { apiGroup: 'apps', name: 'd', subresource: 'scale' })), 'allow');
  assert.equal(d(res(u, 'update', 'deployments', { apiGroup: 'apps', name: 'd' })), 'noOpinion');
  assert.equal(d(res(u, 'get', 'configmaps', { name: 'cfg' })), 'allow');
  assert.equal(d(res(u, 'get', 'configmaps', { name: 'other' })), 'noOpinion');
  assert.equal(d(res(u, 'list', 'configmaps')), 'noOpinion', 'a list without a name never matches a named rule');
  assert.equal(d(res(u, 'get', 'secrets', { name: 's', subresource: 'x' })), 'noOpinion', 'secrets/* is no wildcard');
});

test('non-resource URLs: exact, trailing * prefix, and never from resource rules', () => {
  const { index, rbac } = setup();
  index.putClusterRole({ metadata: { name: 'r' }, rules: [{ verbs: ['get'], nonResourceURLs: ['/healthz/*', '/version'] }, { verbs: ['get'], apiGroups: ['*'], resources: ['*'] }] });
  index.putClusterRoleBinding({ metadata: { name: 'b' }, roleRef: { kind: 'ClusterRole', name: 'r' }, subjects: [{ kind: 'User', name: 'u' }] });
  const d = (p: string, verb = 'get') => (rbac.authorize(url(user('u'), verb, p)) as { decision: string }).decision;
  assert.equal(d('/healthz/etcd'), 'allow');
  assert.equal(d('/healthz'), 'noOpinion');
  assert.equal(d('/version'), 'allow');
  assert.equal(d('/version', 'post'), 'noOpinion');
  assert.equal(d('/metrics'), 'noOpinion');
});

test('a binding to a missing role is a resolution error in the reason', () => {
  const { index, rbac } = setup();
  index.putClusterRoleBinding({ metadata: { name: 'b' }, roleRef: { kind: 'ClusterRole', name: 'foo' }, subjects: [{ kind: 'User', name: 'u' }] });
  assert.deepEqual(rbac.authorize(res(user('u'), 'get', 'pods', { name: 'p' })), { decision: 'noOpinion', reason: 'RBAC: clusterrole.rbac.authorization.k8s.io "foo" not found' });
});

test('a ServiceAccount subject without namespace in a ClusterRoleBinding never matches; deleted bindings stop granting', () => {
  const { index, rbac } = setup();
  index.putClusterRole({ metadata: { name: 'all' }, rules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }] });
  index.putClusterRoleBinding({ metadata: { name: 'b' }, roleRef: { kind: 'ClusterRole', name: 'all' }, subjects: [{ kind: 'ServiceAccount', name: 'x' }, { kind: 'User', name: 'u' }] });
  assert.equal((rbac.authorize(res(user('system:serviceaccount::x'), 'get', 'pods', { name: 'p' })) as { decision: string }).decision, 'noOpinion');
  assert.equal((rbac.authorize(res(user('u'), 'get', 'pods', { name: 'p' })) as { decision: string }).decision, 'allow');
  index.deleteClusterRoleBinding('b');
  assert.equal((rbac.authorize(res(user('u'), 'get', 'pods', { name: 'p' })) as { decision: string }).decision, 'noOpinion');
});

test('the cost of a request does not depend on bindings naming other subjects', () => {
  const { index, rbac } = setup();
  index.putClusterRole({ metadata: { name: 'r' }, rules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }] });
  for (let i = 0; i < 5000; i++) index.putRoleBinding({ metadata: { name: `b${i}`, namespace: 'ns' }, roleRef: { kind: 'ClusterRole', name: 'r' }, subjects: [{ kind: 'User', name: `other-${i}` }] });
  let visited = 0;
  rbac.resolver.visitRulesFor(user('u'), 'ns', () => (visited++, true));
  assert.equal(visited, 0);
});
