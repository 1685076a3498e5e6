import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildTable } from '../../endpoints/table/table.js';
import { printerFor } from '../../registry/resources/index.js';

const now = new Date('2025-06-01T12:00:00Z');
const created = '2025-06-01T11:00:00Z';
const row = (group: string, resource: string, obj: object): unknown[] => printerFor(group, resource)!.row(obj, now.getTime()).cells;
const names = (group: string, resource: string): string => printerFor(group, resource)!.columns.map((c) => `${c.name}:${c.type}:${c.priority}`).join(' ');

test('role bindings: Role kind/name and wide subjects', () => {
  const rb = {
    metadata: { name: 'rb', creationTimestamp: created },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' },
    subjects: [
      { kind: 'User', name: 'alice' },
      { kind: 'User', name: 'bob' },
      { kind: 'Group', name: 'devs' },
      { kind: 'ServiceAccount', name: 'default', namespace: 'ci' },
    ],
  };
  assert.deepEqual(row('rbac.authorization.k8s.io', 'rolebindings', rb), ['rb', 'ClusterRole/view', '60m', 'alice, bob', 'devs', 'ci/default']);
  assert.deepEqual(row('rbac.authorization.k8s.io', 'clusterrolebindings', { metadata: { name: 'c' }, roleRef: { kind: 'ClusterRole', name: 'admin' } }), ['c', 'ClusterRole/admin', '<unknown>', '', '', '']);
  assert.equal(names('rbac.authorization.k8s.io', 'clusterrolebindings'), 'Name:string:0 Role:string:0 Age:string:0 Users:string:1 Groups:string:1 ServiceAccounts:string:1');
});

test('certificate signing requests', () => {
  const csr = {
    metadata: { name: 'csr-1', creationTimestamp: created },
    spec: { signerName: 'kubernetes.io/kube-apiserver-client', username: 'alice', expirationSeconds: 86400 },
    status: { conditions: [{ type: 'Approved', status: 'True' }], certificate: 'LS0t' },
  };
  assert.deepEqual(row('certificates.k8s.io', 'certificatesigningrequests', csr), ['csr-1', '60m', 'kubernetes.io/kube-apiserver-client', 'alice', '24h', 'Approved,Issued']);
  const denied = { metadata: { name: 'd' }, spec: { username: 'bob' }, status: { conditions: [{ type: 'Approved' }, { type: 'Denied' }, { type: 'Failed' }] } };
  assert.deepEqual(row('certificates.k8s.io', 'certificatesigningrequests', denied), ['d', '<unknown>', '<none>', 'bob', '<none>', 'Denied,Failed']);
  assert.equal(row('certificates.k8s.io', 'certificatesigningrequests', { metadata: { name: 'p' } })[5], 'Pending');
  assert.equal(names('certificates.k8s.io', 'certificatesigningrequests'), 'Name:string:0 Age:string:0 SignerName:string:0 Requestor:string:0 RequestedDuration:string:0 Condition:string:0');
});

test('webhook configurations and admission policies', () => {
  assert.deepEqual(row('admissionregistration.k8s.io', 'validatingwebhookconfigurations', { metadata: { name: 'v', creationTimestamp: created }, webhooks: [{}, {}] }), ['v', 2, '60m']);
  assert.deepEqual(row('admissionregistration.k8s.io', 'mutatingwebhookconfigurations', { metadata: { name: 'm' } }), ['m', 0, '<unknown>']);
  assert.equal(names('admissionregistration.k8s.io', 'mutatingwebhookconfigurations'), 'Name:string:0 Webhooks:integer:0 Age:string:0');
  const vap = { metadata: { name: 'p', creationTimestamp: created }, spec: { paramKind: { apiVersion: 'v1', kind: 'ConfigMap' }, validations: [{ expression: 'true' }] } };
  assert.deepEqual(row('admissionregistration.k8s.io', 'validatingadmissionpolicies', vap), ['p', 1, 'v1/ConfigMap', '60m']);
  assert.deepEqual(row('admissionregistration.k8s.io', 'validatingadmissionpolicies', { metadata: { name: 'q' }, spec: {} }).slice(1, 3), [0, '<unset>']);
  const binding = (paramRef?: object) => ({ metadata: { name: 'b', creationTimestamp: created }, spec: { policyName: 'p', paramRef } });
  const b = 'validatingadmissionpolicybindings';
  assert.deepEqual(row('admissionregistration.k8s.io', b, binding({ name: 'cfg', namespace: 'ns' })), ['b', 'p', 'ns/cfg', '60m']);
  assert.equal(row('admissionregistration.k8s.io', b, binding({ name: 'cfg' }))[2], '*/cfg');
  assert.equal(row('admissionregistration.k8s.io', b, binding())[2], '<unset>');
  assert.equal(
    row('admissionregistration.k8s.io', b, binding({ selector: { matchLabels: { b: '2', a: '1' }, matchExpressions: [{ key: 'k', operator: 'In', values: ['x', 'y'] }] } }))[2],
    '&LabelSelector{MatchLabels:map[string]string{a: 1,b: 2,},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:k,Operator:In,Values:[x y],},},}',
  );
  assert.equal(row('admissionregistration.k8s.io', b, binding({ selector: {} }))[2], '&LabelSelector{MatchLabels:map[string]string{},MatchExpressions:[]LabelSelectorRequirement{},}');
});

test('flow schemas: list sorted by matching precedence then name', () => {
  const fs = (name: string, precedence: number, extra: object = {}) => ({
    metadata: { name, creationTimestamp: created },
    spec: { priorityLevelConfiguration: { name: 'workload-low' }, matchingPrecedence: precedence, ...extra },
  });
  const t = buildTable({
    group: 'flowcontrol.apiserver.k8s.io',
    resource: 'flowschemas',
    objects: [fs('b', 9000), fs('exempt', 1), fs('a', 9000, { distinguisherMethod: { type: 'ByUser' } })],
    tableApiVersion: 'meta.k8s.io/v1',
    includeObject: 'None',
    now,
  });
  assert.deepEqual(t.rows!.map((r) => r.cells), [
    ['exempt', 'workload-low', 1, '<none>', '60m', '?'],
    ['a', 'workload-low', 9000, 'ByUser', '60m', '?'],
    ['b', 'workload-low', 9000, '<none>', '60m', '?'],
  ]);
  const dangling = { ...fs('d', 100), status: { conditions: [{ type: 'Dangling', status: 'False' }] } };
  assert.equal(row('flowcontrol.apiserver.k8s.io', 'flowschemas', dangling)[5], 'False');
});

test('priority level configurations', () => {
  const limited = {
    metadata: { name: 'workload-low', creationTimestamp: created },
    spec: { type: 'Limited', limited: { nominalConcurrencyShares: 100, limitResponse: { type: 'Queue', queuing: { queues: 128, handSize: 6, queueLengthLimit: 50 } } } },
  };
  assert.deepEqual(row('flowcontrol.apiserver.k8s.io', 'prioritylevelconfigurations', limited), ['workload-low', 'Limited', 100, 128, 6, 50, '60m']);
  const reject = { metadata: { name: 'r' }, spec: { type: 'Limited', limited: { nominalConcurrencyShares: 5, limitResponse: { type: 'Reject' } } } };
  assert.deepEqual(row('flowcontrol.apiserver.k8s.io', 'prioritylevelconfigurations', reject).slice(1, 6), ['Limited', 5, '<none>', '<none>', '<none>']);
  const exempt = { metadata: { name: 'exempt' }, spec: { type: 'Exempt', exempt: {} } };
  assert.deepEqual(row('flowcontrol.apiserver.k8s.io', 'prioritylevelconfigurations', exempt).slice(1, 6), ['Exempt', '<none>', '<none>', '<none>', '<none>']);
});

test('leases, priority classes, runtime classes, pod disruption budgets', () => {
  assert.deepEqual(row('coordination.k8s.io', 'leases', { metadata: { name: 'kube-scheduler', creationTimestamp: created }, spec: { holderIdentity: 'sched_1' } }), ['kube-scheduler', 'sched_1', '60m']);
  assert.deepEqual(row('coordination.k8s.io', 'leases', { metadata: { name: 'l' }, spec: {} }), ['l', '', '<unknown>']);
  assert.deepEqual(row('scheduling.k8s.io', 'priorityclasses', { metadata: { name: 'system-cluster-critical', creationTimestamp: created }, value: 2000000000, preemptionPolicy: 'PreemptLowerPriority' }), [
    'system-cluster-critical', 2000000000, false, '60m', 'PreemptLowerPriority',
  ]);
  assert.equal(names('scheduling.k8s.io', 'priorityclasses'), 'Name:string:0 Value:integer:0 Global-Default:boolean:0 Age:string:0 PreemptionPolicy:string:0');
  assert.deepEqual(row('node.k8s.io', 'runtimeclasses', { metadata: { name: 'gvisor', creationTimestamp: created }, handler: 'runsc' }), ['gvisor', 'runsc', '60m']);
  assert.deepEqual(row('policy', 'poddisruptionbudgets', { metadata: { name: 'pdb', creationTimestamp: created }, spec: { minAvailable: '50%' }, status: { disruptionsAllowed: 1 } }), ['pdb', '50%', 'N/A', 1, '60m']);
  assert.deepEqual(row('policy', 'poddisruptionbudgets', { metadata: { name: 'x' }, spec: { maxUnavailable: 1 } }).slice(1, 4), ['N/A', '1', 0]);
});

test('horizontal pod autoscalers (v2 and v1)', () => {
  const v2 = {
    apiVersion: 'autoscaling/v2',
    metadata: { name: 'web', creationTimestamp: created },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      minReplicas: 2,
      maxReplicas: 10,
      metrics: [
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } },
        { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '500Mi' } } },
        { type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '1k' } } },
      ],
    },
    status: { currentReplicas: 3, currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 42, averageValue: '100m' } } }] },
  };
  assert.deepEqual(row('autoscaling', 'horizontalpodautoscalers', v2), ['web', 'Deployment/web', 'cpu: 42%/80%, memory: <unknown>/500Mi + 1 more...', '2', 10, 3, '60m']);
  const v1 = { apiVersion: 'autoscaling/v1', metadata: { name: 'old' }, spec: { scaleTargetRef: { kind: 'Deployment', name: 'old' }, maxReplicas: 5, targetCPUUtilizationPercentage: 50 }, status: { currentReplicas: 1 } };
  assert.deepEqual(row('autoscaling', 'horizontalpodautoscalers', v1), ['old', 'Deployment/old', 'cpu: <unknown>/50%', '<unset>', 5, 1, '<unknown>']);
  assert.equal(row('autoscaling', 'horizontalpodautoscalers', { metadata: { name: 'n' }, spec: {} })[2], '<none>');
});

test('API services', () => {
  const svc = (spec: object, conditions: object[]) => ({ metadata: { name: 'v1beta1.metrics.k8s.io', creationTimestamp: created }, spec, status: { conditions } });
  assert.deepEqual(row('apiregistration.k8s.io', 'apiservices', svc({ service: { namespace: 'kube-system', name: 'metrics-server' } }, [{ type: 'Available', status: 'False', reason: 'MissingEndpoints' }])), [
    'v1beta1.metrics.k8s.io', 'kube-system/metrics-server', 'False (MissingEndpoints)', '60m',
  ]);
  assert.deepEqual(row('apiregistration.k8s.io', 'apiservices', svc({}, [])).slice(1, 3), ['Local', 'Unknown']);
  assert.deepEqual(row('apiregistration.k8s.io', 'apiservices', svc({}, [{ type: 'Available', status: 'True', reason: 'Passed' }]))[2], 'True');
});

test('dynamic resource allocation, storage versions and migrations', () => {
  const claim = (extra: object) => ({ metadata: { name: 'c', creationTimestamp: created }, ...extra });
  assert.deepEqual(row('resource.k8s.io', 'resourceclaims', claim({ status: {} })), ['c', 'pending', '60m']);
  assert.equal(row('resource.k8s.io', 'resourceclaims', claim({ status: { allocation: {}, reservedFor: [{ name: 'p' }] } }))[1], 'allocated,reserved');
  assert.equal(row('resource.k8s.io', 'resourceclaims', { metadata: { name: 'c', deletionTimestamp: created }, status: {} })[1], 'deleted');
  assert.deepEqual(row('resource.k8s.io', 'resourceslices', { metadata: { name: 's', creationTimestamp: created }, spec: { nodeName: 'n1', driver: 'gpu.example.com', pool: { name: 'p1' } } }), ['s', 'n1', 'gpu.example.com', 'p1', '60m']);
  assert.deepEqual(row('resource.k8s.io', 'deviceclasses', { metadata: { name: 'gpu', creationTimestamp: created } }), ['gpu', '60m']);
  const sv = { metadata: { name: 'apps.deployments' }, status: { commonEncodingVersion: 'apps/v1', storageVersions: [{ apiServerID: 'a', encodingVersion: 'apps/v1' }] } };
  assert.deepEqual(row('internal.apiserver.k8s.io', 'storageversions', sv), ['apps.deployments', 'apps/v1', 'a=apps/v1', '<unknown>']);
  const svm = { metadata: { name: 'm' }, spec: { resource: { group: 'apps', version: 'v1', resource: 'deployments' } } };
  assert.deepEqual(row('storagemigration.k8s.io', 'storageversionmigrations', svm), ['m', 'deployments.v1.apps']);
  assert.equal(printerFor('storagemigration.k8s.io', 'storageversionmigrations')!.columns[0]!.format, '');
});
