import { test } from 'node:test';
import assert from 'node:assert/strict';
import { printerFor } from '../../registry/resources/index.js';

const now = Date.parse('2025-06-01T12:00:00Z');
const created = '2025-06-01T11:00:00Z';
const row = (group: string, resource: string, obj: object): unknown[] => printerFor(group, resource)!.row(obj, now).cells;

test('ingresses: class, hosts, address and ports', () => {
  const ing = {
    metadata: { name: 'web', creationTimestamp: created },
    spec: { ingressClassName: 'nginx', rules: [{ host: 'a.example.com' }, {}, { host: 'b.example.com' }, { host: 'c.example.com' }, { host: 'd.example.com' }], tls: [{ hosts: ['a.example.com'] }] },
    status: { loadBalancer: { ingress: [{ hostname: 'lb.example.com' }, { ip: '1.2.3.4' }] } },
  };
  assert.deepEqual(row('networking.k8s.io', 'ingresses', ing), ['web', 'nginx', 'a.example.com,b.example.com,c.example.com + 2 more...', '1.2.3.4,lb.example.com', '80, 443', '60m']);
  assert.deepEqual(row('networking.k8s.io', 'ingresses', { metadata: { name: 'x' }, spec: {} }), ['x', '<none>', '*', '', '80', '<unknown>']);
});

test('ingress classes, network policies, service CIDRs and IP addresses', () => {
  const ic = { metadata: { name: 'nginx', creationTimestamp: created }, spec: { controller: 'k8s.io/ingress-nginx', parameters: { apiGroup: 'k8s.example.com', kind: 'IngressParameters', name: 'p' } } };
  assert.deepEqual(row('networking.k8s.io', 'ingressclasses', ic), ['nginx', 'k8s.io/ingress-nginx', 'IngressParameters.k8s.example.com/p', '60m']);
  assert.deepEqual(row('networking.k8s.io', 'networkpolicies', { metadata: { name: 'deny', creationTimestamp: created }, spec: { podSelector: {} } }), ['deny', '<none>', '60m']);
  assert.deepEqual(row('networking.k8s.io', 'networkpolicies', { metadata: { name: 'np' }, spec: { podSelector: { matchLabels: { role: 'db' } } } })[1], 'role=db');
  assert.deepEqual(row('networking.k8s.io', 'servicecidrs', { metadata: { name: 'kubernetes', creationTimestamp: created }, spec: { cidrs: ['10.96.0.0/12', 'fd00::/108'] } }), ['kubernetes', '10.96.0.0/12,fd00::/108', '60m']);
  const ip = { metadata: { name: '10.96.0.1', creationTimestamp: created }, spec: { parentRef: { group: '', resource: 'services', namespace: 'default', name: 'kubernetes' } } };
  // Upstream prints an Age cell although the IPAddress columns stop at ParentRef.
  assert.deepEqual(row('networking.k8s.io', 'ipaddresses', ip), ['10.96.0.1', 'services/default/kubernetes', '60m']);
  assert.equal(printerFor('networking.k8s.io', 'ipaddresses')!.columns.length, 2);
});

test('endpoint slices', () => {
  const es = {
    metadata: { name: 'web-abc', creationTimestamp: created },
    addressType: 'IPv4',
    ports: [{ name: 'http', port: 80, protocol: 'TCP' }, { name: 'named' }, {}, { port: 9090 }],
    endpoints: [{ addresses: ['10.0.0.1'] }, { addresses: ['10.0.0.2', '10.0.0.3'] }, { addresses: ['10.0.0.4'] }],
  };
  assert.deepEqual(row('discovery.k8s.io', 'endpointslices', es), ['web-abc', 'IPv4', '80,named,* + 1 more...', '10.0.0.1,10.0.0.2,10.0.0.3 + 1 more...', '60m']);
  assert.deepEqual(row('discovery.k8s.io', 'endpointslices', { metadata: { name: 'e' }, addressType: 'IPv6' }).slice(1, 4), ['IPv6', '<unset>', '<unset>']);
});

test('storage classes, CSI drivers and nodes, volume attachments', () => {
  const sc = { metadata: { name: 'standard', creationTimestamp: created, annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } }, provisioner: 'rancher.io/local-path', volumeBindingMode: 'WaitForFirstConsumer' };
  assert.deepEqual(row('storage.k8s.io', 'storageclasses', sc), ['standard (default)', 'rancher.io/local-path', 'Delete', 'WaitForFirstConsumer', false, '60m']);
  const driver = { metadata: { name: 'csi.example.com', creationTimestamp: created }, spec: { attachRequired: false, podInfoOnMount: true, tokenRequests: [{ audience: 'a' }, { audience: 'b' }], volumeLifecycleModes: ['Persistent', 'Ephemeral'] } };
  assert.deepEqual(row('storage.k8s.io', 'csidrivers', driver), ['csi.example.com', false, true, false, 'a,b', false, 'Persistent,Ephemeral', '60m']);
  assert.deepEqual(row('storage.k8s.io', 'csidrivers', { metadata: { name: 'd' }, spec: {} }).slice(1, 7), [true, false, false, '<unset>', false, 'Persistent']);
  assert.deepEqual(row('storage.k8s.io', 'csinodes', { metadata: { name: 'n1', creationTimestamp: created }, spec: { drivers: [{ name: 'a' }] } }), ['n1', 1, '60m']);
  const va = { metadata: { name: 'csi-123', creationTimestamp: created }, spec: { attacher: 'csi.example.com', nodeName: 'n1', source: { persistentVolumeName: 'pv1' } }, status: { attached: true } };
  assert.deepEqual(row('storage.k8s.io', 'volumeattachments', va), ['csi-123', 'csi.example.com', 'pv1', 'n1', true, '60m']);
  assert.equal(printerFor('storage.k8s.io', 'volumeattachments')!.columns[1]!.format, 'name');
});
