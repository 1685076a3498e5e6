import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildTable } from '../../endpoints/table/table.js';
import { printerFor } from '../../registry/resources/index.js';

const now = new Date('2025-06-01T12:00:00Z');
const created = '2025-06-01T11:00:00Z';
const NAME = { name: 'Name', type: 'string', format: 'name', description: 'Name of the object, unique within its namespace', priority: 0 };
const AGE = { name: 'Age', type: 'string', format: '', description: 'Time elapsed since the object was created', priority: 0 };

const row = (group: string, resource: string, obj: object): unknown[] => printerFor(group, resource)!.row(obj, now.getTime()).cells;
const table = (group: string, resource: string, objects: object[]) =>
  JSON.parse(JSON.stringify(buildTable({ group, resource, objects, tableApiVersion: 'meta.k8s.io/v1', includeObject: 'None', listMeta: { resourceVersion: '10' }, now })));

test('secret Table: Type and Data count', () => {
  const t = table('', 'secrets', [{ metadata: { name: 's', creationTimestamp: created }, type: 'kubernetes.io/tls', data: { 'tls.crt': 'QQ==', 'tls.key': 'Qg==' } }]);
  assert.deepEqual(t, {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion: '10' },
    columnDefinitions: [
      NAME,
      { name: 'Type', type: 'string', format: '', description: 'Type of the secret', priority: 0 },
      { name: 'Data', type: 'string', format: '', description: 'Number of entries in data', priority: 0 },
      AGE,
    ],
    rows: [{ cells: ['s', 'kubernetes.io/tls', 2, '60m'], object: null }],
  });
});

test('namespace Table: Status is the phase', () => {
  const t = table('', 'namespaces', [
    { metadata: { name: 'default', creationTimestamp: '2025-05-01T12:00:00Z' }, status: { phase: 'Active' } },
    { metadata: { name: 'gone', creationTimestamp: created, deletionTimestamp: created }, status: { phase: 'Terminating' } },
  ]);
  assert.deepEqual(t.columnDefinitions, [NAME, { name: 'Status', type: 'string', format: '', description: 'Lifecycle phase of the namespace', priority: 0 }, AGE]);
  assert.deepEqual(t.rows, [
    { cells: ['default', 'Active', '31d'], object: null },
    { cells: ['gone', 'Terminating', '60m'], object: null },
  ]);
});

test('service accounts and configmaps count their entries', () => {
  assert.deepEqual(row('', 'serviceaccounts', { metadata: { name: 'default', creationTimestamp: created } }), ['default', 0, '60m']);
  assert.deepEqual(row('', 'serviceaccounts', { metadata: { name: 'x' }, secrets: [{ name: 'a' }] }), ['x', 1, '<unknown>']);
  assert.deepEqual(row('', 'configmaps', { metadata: { name: 'empty', creationTimestamp: created } }), ['empty', 0, '60m']);
});

test('service Table: types, external IPs and ports', () => {
  const t = table('', 'services', [
    {
      metadata: { name: 'kubernetes', creationTimestamp: created },
      spec: { type: 'ClusterIP', clusterIP: '10.96.0.1', clusterIPs: ['10.96.0.1'], ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }] },
    },
  ]);
  assert.deepEqual(t.columnDefinitions, [
    NAME,
    { name: 'Type', type: 'string', format: '', description: 'How the service is exposed', priority: 0 },
    { name: 'Cluster-IP', type: 'string', format: '', description: 'Cluster-internal IP address of the service', priority: 0 },
    { name: 'External-IP', type: 'string', format: '', description: 'Externally reachable addresses of the service', priority: 0 },
    { name: 'Port(s)', type: 'string', format: '', description: 'Ports the service exposes', priority: 0 },
    AGE,
    { name: 'Selector', type: 'string', format: '', description: 'Label selector of the pods backing the service', priority: 1 },
  ]);
  assert.deepEqual(t.rows[0].cells, ['kubernetes', 'ClusterIP', '10.96.0.1', '<none>', '443/TCP', '60m', '<none>']);

  const np = { metadata: { name: 'np' }, spec: { type: 'NodePort', clusterIPs: ['10.0.0.9'], externalIPs: ['1.2.3.4'], selector: { b: '2', a: '1' }, ports: [{ port: 80, nodePort: 30080, protocol: 'TCP' }, { port: 53, protocol: 'UDP' }] } };
  assert.deepEqual(row('', 'services', np), ['np', 'NodePort', '10.0.0.9', '1.2.3.4', '80:30080/TCP,53/UDP', '<unknown>', 'a=1,b=2']);
  const lbPending = { metadata: { name: 'lb' }, spec: { type: 'LoadBalancer', clusterIPs: ['10.0.0.8'], ports: [{ port: 80, nodePort: 31000, protocol: 'TCP' }] } };
  assert.equal(row('', 'services', lbPending)[3], '<pending>');
  const lb = { ...lbPending, spec: { ...lbPending.spec, externalIPs: ['9.9.9.9'] }, status: { loadBalancer: { ingress: [{ ip: '5.5.5.5' }, { hostname: 'a.example.com' }, { ip: '5.5.5.5' }] } } };
  assert.equal(row('', 'services', lb)[3], '5.5.5.5,a.example.com,9.9.9.9');
  const ext = { metadata: { name: 'e' }, spec: { type: 'ExternalName', externalName: 'db.example.com' } };
  assert.deepEqual(row('', 'services', ext).slice(1, 5), ['ExternalName', '<none>', 'db.example.com', '<none>']);
  const headless = { metadata: { name: 'h' }, spec: { clusterIP: 'None', clusterIPs: ['None'], ports: [{ port: 80 }] } };
  assert.deepEqual(row('', 'services', headless).slice(1, 5), ['ClusterIP', 'None', '<none>', '80/TCP']);
});

test('endpoints list up to three addresses', () => {
  const ep = {
    metadata: { name: 'web', creationTimestamp: created },
    subsets: [
      { addresses: [{ ip: '10.0.0.1' }, { ip: '10.0.0.2' }], ports: [{ port: 80 }, { port: 443 }] },
      { addresses: [{ ip: 'fd00::1' }], ports: [{ port: 8080 }] },
    ],
  };
  assert.deepEqual(row('', 'endpoints', ep), ['web', '10.0.0.1:80,10.0.0.2:80,10.0.0.1:443 + 2 more...', '60m']);
  assert.deepEqual(row('', 'endpoints', { metadata: { name: 'v6' }, subsets: [{ addresses: [{ ip: 'fd00::1' }], ports: [{ port: 80 }] }] })[1], '[fd00::1]:80');
  assert.deepEqual(row('', 'endpoints', { metadata: { name: 'none' } })[1], '<none>');
  assert.deepEqual(row('', 'endpoints', { metadata: { name: 'noports' }, subsets: [{ addresses: [{ ip: '10.0.0.1' }] }] })[1], '10.0.0.1');
});

test('event Table (core/v1): columns and cells', () => {
  const ev = {
    metadata: { name: 'web.17a', namespace: 'default', creationTimestamp: '2025-06-01T11:50:00Z' },
    involvedObject: { kind: 'Pod', name: 'web', fieldPath: 'spec.containers{web}' },
    reason: 'Pulled',
    message: '  Successfully pulled image  \n',
    source: { component: 'kubelet', host: 'node-1' },
    firstTimestamp: '2025-06-01T11:50:00Z',
    lastTimestamp: '2025-06-01T11:58:00Z',
    count: 4,
    type: 'Normal',
  };
  const t = table('', 'events', [ev]);
  assert.deepEqual(
    t.columnDefinitions.map((c: { name: string; priority: number; format: string }) => [c.name, c.priority, c.format]),
    [
      ['Last Seen', 0, ''],
      ['Type', 0, ''],
      ['Reason', 0, ''],
      ['Object', 0, ''],
      ['Subobject', 1, ''],
      ['Source', 1, ''],
      ['Message', 0, ''],
      ['First Seen', 1, ''],
      ['Count', 1, ''],
      ['Name', 1, 'name'],
    ],
  );
  assert.deepEqual(t.rows[0].cells, ['2m', 'Normal', 'Pulled', 'pod/web', 'spec.containers{web}', 'kubelet, node-1', 'Successfully pulled image', '10m', 4, 'web.17a']);
});

test('events without timestamps or counts (new API style) and with series', () => {
  const singleton = {
    metadata: { name: 'e1' },
    involvedObject: { kind: 'Node' },
    eventTime: '2025-06-01T11:59:29.500000Z',
    reportingComponent: 'scheduler',
    reportingInstance: 'sched-1',
    type: 'Warning',
    reason: 'R',
    message: 'm',
  };
  assert.deepEqual(row('', 'events', singleton), ['30s', 'Warning', 'R', 'node', '', 'scheduler, sched-1', 'm', '30s', 1, 'e1']);
  const series = { ...singleton, series: { count: 7, lastObservedTime: '2025-06-01T11:59:50.000000Z' } };
  assert.deepEqual(row('', 'events', series).slice(0, 1).concat(row('', 'events', series).slice(7, 9)), ['10s', '30s', 7]);
  assert.deepEqual(row('', 'events', { metadata: { name: 'z' } }), ['<unknown>', '', '', '', '', '', '', '<unknown>', 1, 'z']);
});

test('events.k8s.io/v1 events are read through their core names', () => {
  const ev = {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: { name: 'web.17b', namespace: 'default' },
    eventTime: '2025-06-01T11:55:00.000000Z',
    regarding: { kind: 'Deployment', name: 'web' },
    note: 'Scaled up',
    reason: 'ScalingReplicaSet',
    type: 'Normal',
    reportingController: 'deployment-controller',
    reportingInstance: '',
    deprecatedCount: 2,
    deprecatedFirstTimestamp: '2025-06-01T11:40:00Z',
    deprecatedLastTimestamp: '2025-06-01T11:57:00Z',
    deprecatedSource: { component: 'deployment-controller' },
  };
  assert.deepEqual(row('events.k8s.io', 'events', ev), ['3m', 'Normal', 'ScalingReplicaSet', 'deployment/web', '', 'deployment-controller', 'Scaled up', '20m', 2, 'web.17b']);
});

test('nodes: status, roles and system info', () => {
  const node = {
    metadata: { name: 'n1', creationTimestamp: '2025-05-20T12:00:00Z', labels: { 'node-role.kubernetes.io/control-plane': '', 'node-role.kubernetes.io/': '', 'kubernetes.io/role': 'worker' } },
    spec: { unschedulable: true },
    status: {
      conditions: [{ type: 'MemoryPressure', status: 'False' }, { type: 'Ready', status: 'True' }],
      addresses: [{ type: 'Hostname', address: 'n1' }, { type: 'InternalIP', address: '192.168.1.10' }],
      nodeInfo: { kubeletVersion: 'v1.33.1', osImage: 'Debian GNU/Linux 12', kernelVersion: '6.1.0', containerRuntimeVersion: 'containerd://1.7.0' },
    },
  };
  assert.deepEqual(row('', 'nodes', node), ['n1', 'Ready,SchedulingDisabled', 'control-plane,worker', '12d', 'v1.33.1', '192.168.1.10', '<none>', 'Debian GNU/Linux 12', '6.1.0', 'containerd://1.7.0']);
  assert.deepEqual(row('', 'nodes', { metadata: { name: 'bare' } }), ['bare', 'Unknown', '<none>', '<unknown>', '', '<none>', '<none>', '<unknown>', '<unknown>', '<unknown>']);
  assert.equal(row('', 'nodes', { metadata: { name: 'x' }, status: { conditions: [{ type: 'Ready', status: 'Unknown' }] } })[1], 'NotReady');
});

test('persistent volumes and claims', () => {
  const pv = {
    metadata: { name: 'pv1', creationTimestamp: created, annotations: { 'volume.beta.kubernetes.io/storage-class': 'legacy' } },
    spec: { capacity: { storage: '10Gi' }, accessModes: ['ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOnce'], persistentVolumeReclaimPolicy: 'Retain', claimRef: { namespace: 'ns', name: 'c' }, storageClassName: 'fast', volumeMode: 'Filesystem' },
    status: { phase: 'Bound' },
  };
  assert.deepEqual(row('', 'persistentvolumes', pv), ['pv1', '10Gi', 'RWO,RWX', 'Retain', 'Bound', 'ns/c', 'legacy', '<unset>', '', '60m', 'Filesystem']);
  const pending = { metadata: { name: 'c1', creationTimestamp: created }, spec: { storageClassName: 'fast', resources: { requests: { storage: '1Gi' } } }, status: { phase: 'Pending' } };
  assert.deepEqual(row('', 'persistentvolumeclaims', pending), ['c1', 'Pending', '', '', '', 'fast', '<unset>', '60m', '<unset>']);
  const bound = { metadata: { name: 'c2', deletionTimestamp: created }, spec: { volumeName: 'pv1', volumeMode: 'Block' }, status: { phase: 'Bound', capacity: { storage: '10Gi' }, accessModes: ['ReadOnlyMany'] } };
  assert.deepEqual(row('', 'persistentvolumeclaims', bound), ['c2', 'Terminating', 'pv1', '10Gi', 'ROX', '', '<unset>', '<unknown>', 'Block']);
});

test('resource quotas split requests and limits', () => {
  const rq = {
    metadata: { name: 'q', creationTimestamp: created },
    status: { hard: { pods: '10', 'limits.cpu': '2', 'requests.memory': '1Gi', 'limits.memory': '2Gi' }, used: { pods: '3', 'limits.cpu': '500m' } },
  };
  assert.deepEqual(row('', 'resourcequotas', rq), ['q', 'pods: 3/10, requests.memory: 0/1Gi', 'limits.cpu: 500m/2, limits.memory: 0/2Gi', '60m']);
});
