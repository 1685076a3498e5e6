// The kinds' Go defaulting functions applied by schema, as kube's generated SetObjectDefaults_<Kind> apply them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinKindSchema } from '../../schema/builtin-schemas.js';
import { applyTypeDefaults } from '../../schema/type-defaulting.js';
import { builtinTypeDefaulters } from './index.js';
import { defaultPullPolicy } from './core/pod-spec-defaults.js';

function defaulted(group: string, version: string, kind: string, obj: object): Record<string, any> {
  const node = builtinKindSchema(group, version, kind);
  assert.ok(node, `${kind} schema`);
  const copy = structuredClone(obj);
  applyTypeDefaults(copy, node, builtinTypeDefaulters);
  return copy as Record<string, any>;
}

const container = { name: 'c', image: 'nginx' };
const defaultedContainer = {
  name: 'c',
  image: 'nginx',
  imagePullPolicy: 'Always',
  terminationMessagePath: '/dev/termination-log',
  terminationMessagePolicy: 'File',
};
const defaultedPodSpec = {
  containers: [defaultedContainer],
  dnsPolicy: 'ClusterFirst',
  restartPolicy: 'Always',
  schedulerName: 'default-scheduler',
  securityContext: {},
  terminationGracePeriodSeconds: 30,
};

test('image pull policy follows the tag: latest or none is Always, anything else (digest, unparsable) IfNotPresent', () => {
  assert.equal(defaultPullPolicy('nginx'), 'Always');
  assert.equal(defaultPullPolicy('nginx:latest'), 'Always');
  assert.equal(defaultPullPolicy('registry.k8s.io:5000/pause'), 'Always');
  assert.equal(defaultPullPolicy('nginx:1.27'), 'IfNotPresent');
  assert.equal(defaultPullPolicy(`nginx@sha256:${'a'.repeat(64)}`), 'IfNotPresent');
  assert.equal(defaultPullPolicy(`nginx:latest@sha256:${'a'.repeat(64)}`), 'Always');
  assert.equal(defaultPullPolicy('localhost:5000/app:v2'), 'IfNotPresent');
  assert.equal(defaultPullPolicy('Nginx'), 'IfNotPresent');
  assert.equal(defaultPullPolicy(''), 'IfNotPresent');
});

test('a Pod gets the PodSpec, container, probe and volume defaults and the Pod-only ones', () => {
  const pod = defaulted('', 'v1', 'Pod', {
    spec: {
      hostNetwork: true,
      containers: [{ ...container, ports: [{ containerPort: 80 }], resources: { limits: { cpu: '1' } }, readinessProbe: { httpGet: { port: 80 } }, env: [{ name: 'N', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }] }],
      volumes: [{ name: 'a' }, { name: 'b', secret: { secretName: 's' } }, { name: 'c', hostPath: { path: '/x' } }],
    },
  });
  assert.deepEqual(pod.spec.containers[0], {
    ...defaultedContainer,
    ports: [{ containerPort: 80, hostPort: 80, protocol: 'TCP' }],
    resources: { limits: { cpu: '1' }, requests: { cpu: '1' } },
    readinessProbe: { httpGet: { port: 80, path: '/', scheme: 'HTTP' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 },
    env: [{ name: 'N', valueFrom: { fieldRef: { fieldPath: 'metadata.name', apiVersion: 'v1' } } }],
  });
  assert.deepEqual(pod.spec.volumes, [
    { name: 'a', emptyDir: {} },
    { name: 'b', secret: { secretName: 's', defaultMode: 420 } },
    { name: 'c', hostPath: { path: '/x', type: '' } },
  ]);
  assert.equal(pod.spec.enableServiceLinks, true);
  assert.equal(pod.spec.dnsPolicy, 'ClusterFirst');
  assert.deepEqual(pod.spec.securityContext, {});
});

test('templates get PodSpec defaults but not the Pod-only ones; serviceAccount mirrors serviceAccountName', () => {
  const d = defaulted('apps', 'v1', 'Deployment', { spec: { template: { spec: { serviceAccount: 'sa', containers: [{ ...container, resources: { limits: { cpu: '1' } } }] } } } });
  assert.deepEqual(d.spec, {
    replicas: 1,
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
    revisionHistoryLimit: 10,
    progressDeadlineSeconds: 600,
    template: { spec: { ...defaultedPodSpec, serviceAccount: 'sa', serviceAccountName: 'sa', containers: [{ ...defaultedContainer, resources: { limits: { cpu: '1' } } }] } },
  });
});

test('StatefulSet, DaemonSet and ReplicaSet defaults; claim templates are whole PersistentVolumeClaims', () => {
  const ss = defaulted('apps', 'v1', 'StatefulSet', { spec: { template: { spec: { containers: [container] } }, volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: {} }] } });
  assert.equal(ss.spec.podManagementPolicy, 'OrderedReady');
  assert.deepEqual(ss.spec.updateStrategy, { type: 'RollingUpdate', rollingUpdate: { partition: 0 } });
  assert.deepEqual(ss.spec.persistentVolumeClaimRetentionPolicy, { whenDeleted: 'Retain', whenScaled: 'Retain' });
  assert.equal(ss.spec.replicas, 1);
  assert.equal(ss.spec.revisionHistoryLimit, 10);
  assert.deepEqual(ss.spec.volumeClaimTemplates, [{ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data' }, spec: { volumeMode: 'Filesystem' }, status: { phase: 'Pending' } }]);
  const onDelete = defaulted('apps', 'v1', 'StatefulSet', { spec: { updateStrategy: { type: 'OnDelete' } } });
  assert.deepEqual(onDelete.spec.updateStrategy, { type: 'OnDelete' });
  const ds = defaulted('apps', 'v1', 'DaemonSet', { spec: {} });
  assert.deepEqual(ds.spec, { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } }, revisionHistoryLimit: 10 });
  assert.deepEqual(defaulted('apps', 'v1', 'ReplicaSet', { spec: { replicas: 0 } }).spec, { replicas: 0 });
});

test('Job defaults copy the template labels; a CronJob job template gets no Job defaults', () => {
  const job = defaulted('batch', 'v1', 'Job', { spec: { template: { metadata: { labels: { a: 'b' } }, spec: { containers: [container], restartPolicy: 'Never' } } } });
  assert.deepEqual(job.metadata, { labels: { a: 'b' } });
  const { template: _t, ...spec } = job.spec;
  assert.deepEqual(spec, { completions: 1, parallelism: 1, backoffLimit: 6, completionMode: 'NonIndexed', suspend: false, podReplacementPolicy: 'TerminatingOrFailed', manualSelector: false });
  const perIndex = defaulted('batch', 'v1', 'Job', { spec: { completions: 3, backoffLimitPerIndex: 1, podFailurePolicy: { rules: [] } } });
  assert.equal(perIndex.spec.parallelism, 1);
  assert.equal(perIndex.spec.backoffLimit, 2147483647);
  assert.equal(perIndex.spec.podReplacementPolicy, 'Failed');
  const cj = defaulted('batch', 'v1', 'CronJob', { spec: { schedule: '* * * * *', jobTemplate: { spec: { template: { spec: { containers: [container] } } } } } });
  assert.deepEqual(cj.spec, {
    schedule: '* * * * *',
    concurrencyPolicy: 'Allow',
    suspend: false,
    successfulJobsHistoryLimit: 3,
    failedJobsHistoryLimit: 1,
    jobTemplate: { spec: { template: { spec: defaultedPodSpec } } },
  });
});

test('Service defaults depend on the type; session affinity config only with ClientIP', () => {
  const lb = defaulted('', 'v1', 'Service', { spec: { type: 'LoadBalancer', ports: [{ port: 80 }, { port: 81, targetPort: 'http', protocol: 'UDP' }], sessionAffinity: 'ClientIP' } });
  assert.deepEqual(lb.spec, {
    type: 'LoadBalancer',
    ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }, { port: 81, targetPort: 'http', protocol: 'UDP' }],
    sessionAffinity: 'ClientIP',
    sessionAffinityConfig: { clientIP: { timeoutSeconds: 10800 } },
    externalTrafficPolicy: 'Cluster',
    internalTrafficPolicy: 'Cluster',
    allocateLoadBalancerNodePorts: true,
  });
  const en = defaulted('', 'v1', 'Service', { spec: { type: 'ExternalName', externalName: 'x.example', sessionAffinityConfig: { clientIP: {} } } });
  assert.deepEqual(en.spec, { type: 'ExternalName', externalName: 'x.example', sessionAffinity: 'None' });
});

test('other kinds: Secret, PVC, PV, NetworkPolicy, RoleBinding, StorageClass, CSIDriver, PriorityClass, HPA, EndpointSlice', () => {
  assert.equal(defaulted('', 'v1', 'Secret', {}).type, 'Opaque');
  assert.deepEqual(defaulted('', 'v1', 'PersistentVolumeClaim', { spec: {} }), { spec: { volumeMode: 'Filesystem' }, status: { phase: 'Pending' } });
  assert.deepEqual(defaulted('', 'v1', 'PersistentVolume', { spec: {} }), { spec: { persistentVolumeReclaimPolicy: 'Retain', volumeMode: 'Filesystem' }, status: { phase: 'Pending' } });
  assert.deepEqual(defaulted('networking.k8s.io', 'v1', 'NetworkPolicy', { spec: { egress: [{ ports: [{ port: 53 }] }] } }).spec, {
    egress: [{ ports: [{ port: 53, protocol: 'TCP' }] }],
    policyTypes: ['Ingress', 'Egress'],
  });
  assert.deepEqual(
    defaulted('rbac.authorization.k8s.io', 'v1', 'RoleBinding', { roleRef: { kind: 'Role', name: 'r' }, subjects: [{ kind: 'User', name: 'u' }, { kind: 'ServiceAccount', name: 's' }] }),
    { roleRef: { kind: 'Role', name: 'r', apiGroup: 'rbac.authorization.k8s.io' }, subjects: [{ kind: 'User', name: 'u', apiGroup: 'rbac.authorization.k8s.io' }, { kind: 'ServiceAccount', name: 's', apiGroup: '' }] },
  );
  assert.deepEqual(defaulted('storage.k8s.io', 'v1', 'StorageClass', { provisioner: 'p' }), { provisioner: 'p', reclaimPolicy: 'Delete', volumeBindingMode: 'Immediate' });
  assert.deepEqual(defaulted('storage.k8s.io', 'v1', 'CSIDriver', {}).spec, {
    attachRequired: true,
    podInfoOnMount: false,
    storageCapacity: false,
    fsGroupPolicy: 'ReadWriteOnceWithFSType',
    requiresRepublish: false,
    seLinuxMount: false,
    volumeLifecycleModes: ['Persistent'],
  });
  assert.equal(defaulted('scheduling.k8s.io', 'v1', 'PriorityClass', { value: 1 }).preemptionPolicy, 'PreemptLowerPriority');
  assert.deepEqual(defaulted('autoscaling', 'v2', 'HorizontalPodAutoscaler', { spec: { maxReplicas: 3 } }).spec, {
    maxReplicas: 3,
    minReplicas: 1,
    metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }],
  });
  assert.deepEqual(defaulted('discovery.k8s.io', 'v1', 'EndpointSlice', { ports: [{ port: 80 }] }).ports, [{ port: 80, name: '', protocol: 'TCP' }]);
});
