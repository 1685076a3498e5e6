// The default policy against kube 1.33's bootstrap policy (auth.md §7.6, written from the 1.33 bootstrappolicy
// sources and testdata): every name, every binding's subjects, and the rules of the roles clients rely on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bindingObject,
  clusterRoleObject,
  DEFAULT_CLUSTER_ROLE_BINDINGS,
  DEFAULT_CLUSTER_ROLES,
  DEFAULT_CONTROLLER_ROLES,
  DEFAULT_ROLE_BINDINGS,
  DEFAULT_ROLES,
  parseRule,
} from './bootstrap-policy.js';

const CLUSTER_ROLES_133 = [
  'admin', 'cluster-admin', 'edit', 'system:aggregate-to-admin', 'system:aggregate-to-edit', 'system:aggregate-to-view', 'system:auth-delegator',
  'system:basic-user', 'system:certificates.k8s.io:certificatesigningrequests:nodeclient', 'system:certificates.k8s.io:certificatesigningrequests:selfnodeclient',
  'system:certificates.k8s.io:kube-apiserver-client-approver', 'system:certificates.k8s.io:kube-apiserver-client-kubelet-approver',
  'system:certificates.k8s.io:kubelet-serving-approver', 'system:certificates.k8s.io:legacy-unknown-approver', 'system:discovery', 'system:heapster',
  'system:kube-aggregator', 'system:kube-controller-manager', 'system:kube-dns', 'system:kube-scheduler', 'system:kubelet-api-admin', 'system:monitoring',
  'system:node', 'system:node-bootstrapper', 'system:node-problem-detector', 'system:node-proxier', 'system:persistent-volume-provisioner',
  'system:public-info-viewer', 'system:service-account-issuer-discovery', 'system:volume-scheduler', 'view',
];

const CONTROLLERS_133 = [
  'attachdetach-controller', 'certificate-controller', 'clusterrole-aggregation-controller', 'cronjob-controller', 'daemon-set-controller',
  'deployment-controller', 'disruption-controller', 'endpoint-controller', 'endpointslice-controller', 'endpointslicemirroring-controller',
  'ephemeral-volume-controller', 'expand-controller', 'generic-garbage-collector', 'horizontal-pod-autoscaler', 'job-controller',
  'legacy-service-account-token-cleaner', 'namespace-controller', 'node-controller', 'persistent-volume-binder', 'pod-garbage-collector',
  'pv-protection-controller', 'pvc-protection-controller', 'replicaset-controller', 'replication-controller', 'resourcequota-controller',
  'root-ca-cert-publisher', 'route-controller', 'selinux-warning-controller', 'service-account-controller', 'service-cidrs-controller',
  'service-controller', 'statefulset-controller', 'ttl-after-finished-controller', 'ttl-controller', 'validatingadmissionpolicy-status-controller',
];

test('every 1.33 ClusterRole and controller role, and nothing else', () => {
  assert.deepEqual(DEFAULT_CLUSTER_ROLES.map((r) => r.name).sort(), [...CLUSTER_ROLES_133].sort());
  assert.deepEqual(DEFAULT_CONTROLLER_ROLES.map((r) => r.name).sort(), CONTROLLERS_133.map((c) => `system:controller:${c}`).sort());
});

test('ClusterRoleBindings: names, roleRefs and subjects', () => {
  const byName = new Map(DEFAULT_CLUSTER_ROLE_BINDINGS.map((b) => [b.name, b]));
  const subjects = (n: string) => byName.get(n)!.subjects.map((s) => `${s.kind}:${s.namespace ? `${s.namespace}/` : ''}${s.name}`);
  assert.deepEqual(subjects('cluster-admin'), ['Group:system:masters']);
  assert.deepEqual(subjects('system:basic-user'), ['Group:system:authenticated']);
  assert.deepEqual(subjects('system:discovery'), ['Group:system:authenticated']);
  assert.deepEqual(subjects('system:public-info-viewer'), ['Group:system:authenticated', 'Group:system:unauthenticated']);
  assert.deepEqual(subjects('system:monitoring'), ['Group:system:monitoring']);
  assert.deepEqual(subjects('system:kube-controller-manager'), ['User:system:kube-controller-manager']);
  assert.deepEqual(subjects('system:kube-scheduler'), ['User:system:kube-scheduler']);
  assert.deepEqual(subjects('system:volume-scheduler'), ['User:system:kube-scheduler']);
  assert.deepEqual(subjects('system:kube-dns'), ['ServiceAccount:kube-system/kube-dns']);
  assert.deepEqual(subjects('system:node-proxier'), ['User:system:kube-proxy']);
  assert.deepEqual(subjects('system:service-account-issuer-discovery'), ['Group:system:serviceaccounts']);
  assert.deepEqual(subjects('system:node'), []);
  assert.equal(bindingObject(byName.get('system:node')!).subjects, undefined, 'system:node is bound to nobody');
  for (const c of CONTROLLERS_133) assert.deepEqual(subjects(`system:controller:${c}`), [`ServiceAccount:kube-system/${c}`]);
  assert.equal(DEFAULT_CLUSTER_ROLE_BINDINGS.length, 12 + CONTROLLERS_133.length);
  for (const b of DEFAULT_CLUSTER_ROLE_BINDINGS) assert.deepEqual(b.roleRef, { kind: 'ClusterRole', name: b.name });
});

test('namespaced Roles and RoleBindings of kube-system and kube-public', () => {
  assert.deepEqual(DEFAULT_ROLES.map((r) => `${r.namespace}/${r.name}`), [
    'kube-system/extension-apiserver-authentication-reader',
    'kube-system/system::leader-locking-kube-controller-manager',
    'kube-system/system::leader-locking-kube-scheduler',
    'kube-system/system:controller:bootstrap-signer',
    'kube-system/system:controller:cloud-provider',
    'kube-system/system:controller:token-cleaner',
    'kube-public/system:controller:bootstrap-signer',
  ]);
  assert.deepEqual(DEFAULT_ROLE_BINDINGS.map((b) => `${b.namespace}/${b.name}->${b.roleRef.name}`), [
    'kube-system/system::extension-apiserver-authentication-reader->extension-apiserver-authentication-reader',
    'kube-system/system::leader-locking-kube-controller-manager->system::leader-locking-kube-controller-manager',
    'kube-system/system::leader-locking-kube-scheduler->system::leader-locking-kube-scheduler',
    'kube-system/system:controller:bootstrap-signer->system:controller:bootstrap-signer',
    'kube-system/system:controller:cloud-provider->system:controller:cloud-provider',
    'kube-system/system:controller:token-cleaner->system:controller:token-cleaner',
    'kube-public/system:controller:bootstrap-signer->system:controller:bootstrap-signer',
  ]);
});

test('rules of the roles clients rely on, and the objects as served', () => {
  const rulesOf = (name: string) => [...DEFAULT_CLUSTER_ROLES, ...DEFAULT_CONTROLLER_ROLES].find((r) => r.name === name)!.rules;
  assert.deepEqual(rulesOf('system:public-info-viewer'), [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/livez', '/readyz', '/version', '/version/'] }]);
  assert.deepEqual(rulesOf('system:basic-user'), [
    { verbs: ['create'], apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'] },
    { verbs: ['create'], apiGroups: ['authentication.k8s.io'], resources: ['selfsubjectreviews'] },
  ]);
  assert.deepEqual(rulesOf('cluster-admin'), [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }, { verbs: ['*'], nonResourceURLs: ['*'] }]);
  assert.deepEqual(rulesOf('system:certificates.k8s.io:legacy-unknown-approver'), [{ verbs: ['approve'], apiGroups: ['certificates.k8s.io'], resources: ['signers'], resourceNames: ['kubernetes.io/legacy-unknown'] }]);
  assert.deepEqual(rulesOf('system:controller:namespace-controller').at(-1), parseRule('*/* : delete,deletecollection,get,list,watch'), 'namespace-controller has no events rule');
  assert.deepEqual(rulesOf('system:controller:job-controller').at(-1), { verbs: ['create', 'patch', 'update'], apiGroups: ['', 'events.k8s.io'], resources: ['events'] });
  assert.equal(rulesOf('system:aggregate-to-view').length, 10);
  assert.equal(rulesOf('system:aggregate-to-edit').length, 13);
  assert.equal(rulesOf('system:node').length, 22);
  const view = clusterRoleObject(DEFAULT_CLUSTER_ROLES.find((r) => r.name === 'view')!);
  assert.deepEqual(view.metadata, {
    name: 'view',
    labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults', 'rbac.authorization.k8s.io/aggregate-to-edit': 'true' },
    annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'true' },
  });
  assert.deepEqual(view.aggregationRule, { clusterRoleSelectors: [{ matchLabels: { 'rbac.authorization.k8s.io/aggregate-to-view': 'true' } }] });
});
