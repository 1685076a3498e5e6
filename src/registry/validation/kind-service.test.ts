import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fieldErrorText, type FieldError } from '../../errors/field-error.js';
import { invalid } from '../../errors/status.js';
import { validateServiceSpec, validateServiceUpdate } from './kind-service.js';
import { validateObjectCreate } from './validate-object.js';

const texts = (errs: FieldError[]): string[] => errs.map(fieldErrorText);
// A Service as kube's defaulting leaves it.
const svc = (spec: object = {}, metadata: object = {}): object => ({
  metadata: { name: 'web', namespace: 'default', ...metadata },
  spec: {
    type: 'ClusterIP',
    sessionAffinity: 'None',
    internalTrafficPolicy: 'Cluster',
    clusterIP: '10.0.0.10',
    ports: [{ port: 80, protocol: 'TCP', targetPort: 8080 }],
    ...spec,
  },
});

test('a defaulted ClusterIP service is valid', () => {
  assert.deepEqual(texts(validateServiceSpec(svc())), []);
  assert.deepEqual(texts(validateServiceSpec(svc({ ports: [{ name: 'http', port: 80, protocol: 'TCP', targetPort: 'http-alt' }], selector: { app: 'web' } }))), []);
});

test('ports', () => {
  assert.deepEqual(texts(validateServiceSpec(svc({ ports: [] }))), ['spec.ports: Required value']);
  assert.deepEqual(texts(validateServiceSpec(svc({ ports: [], clusterIP: 'None' }))), []);
  assert.deepEqual(
    texts(
      validateServiceSpec(
        svc({
          ports: [
            { port: 80, protocol: 'TCP', targetPort: 80 },
            { name: 'a_b', port: 0, protocol: 'HTTP', targetPort: 'Http--' },
            { name: 'x', port: 80, protocol: 'TCP', targetPort: 70000, nodePort: 30000 },
            { name: 'x', port: 81, protocol: '', targetPort: 81 },
          ],
        }),
      ),
    ),
    [
      'spec.ports[0].name: Required value',
      "spec.ports[1].name: Invalid value: \"a_b\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      'spec.ports[1].port: Invalid value: 0: must be between 1 and 65535, inclusive',
      'spec.ports[1].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"',
      'spec.ports[1].targetPort: Invalid value: "Http--": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
      'spec.ports[1].targetPort: Invalid value: "Http--": must not contain consecutive hyphens',
      'spec.ports[1].targetPort: Invalid value: "Http--": must not begin or end with a hyphen',
      'spec.ports[2].targetPort: Invalid value: 70000: must be between 1 and 65535, inclusive',
      'spec.ports[3].name: Duplicate value: "x"',
      'spec.ports[3].protocol: Required value',
      "spec.ports[2].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'",
      'spec.ports[2]: Duplicate value: core.ServicePort{Name:"", Protocol:"TCP", AppProtocol:(*string)(nil), Port:80, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}',
    ],
  );
});

test('type, affinity and traffic policies', () => {
  assert.deepEqual(texts(validateServiceSpec(svc({ type: 'Magic' }))), [
    'spec.type: Unsupported value: "Magic": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"',
  ]);
  assert.deepEqual(texts(validateServiceSpec(svc({ sessionAffinity: 'ClientIP' }))), [
    'spec.sessionAffinityConfig: Required value: when session affinity type is ClientIP',
  ]);
  assert.deepEqual(texts(validateServiceSpec(svc({ sessionAffinity: 'ClientIP', sessionAffinityConfig: { clientIP: { timeoutSeconds: 0 } } }))), [
    'spec.sessionAffinityConfig.clientIP.timeoutSeconds: Invalid value: 0: must be greater than 0 and less than 86400',
  ]);
  assert.deepEqual(texts(validateServiceSpec(svc({ sessionAffinityConfig: {} }))), [
    'spec.sessionAffinityConfig: Forbidden: must not be set when session affinity is None',
  ]);
  assert.deepEqual(texts(validateServiceSpec(svc({ externalTrafficPolicy: 'Local' }))), [
    'spec.externalTrafficPolicy: Invalid value: "Local": may only be set for externally-accessible services',
  ]);
  assert.deepEqual(texts(validateServiceSpec(svc({ type: 'NodePort' }))), ['spec.externalTrafficPolicy: Required value']);
  assert.deepEqual(texts(validateServiceSpec(svc({ type: 'LoadBalancer', externalTrafficPolicy: 'Local' }))), [
    'allocateLoadBalancerNodePorts: Required value',
    'spec.healthCheckNodePort: Required value',
  ]);
  assert.deepEqual(texts(validateServiceSpec(svc({ internalTrafficPolicy: undefined, loadBalancerClass: 'example.com/lb' }))), [
    "spec.loadBalancerClass: Forbidden: may only be used when `type` is 'LoadBalancer'",
    'spec.internalTrafficPolicy: Required value',
  ]);
});

test('ExternalName services', () => {
  const ext = { type: 'ExternalName', clusterIP: undefined, internalTrafficPolicy: undefined, ports: [] };
  assert.deepEqual(texts(validateServiceSpec(svc({ ...ext, externalName: 'db.example.com.' }))), []);
  assert.deepEqual(texts(validateServiceSpec(svc(ext))), ['spec.externalName: Required value']);
  assert.deepEqual(texts(validateServiceSpec(svc({ ...ext, externalName: 'DB', clusterIP: '10.0.0.1' }))), [
    'spec.clusterIPs: Forbidden: may not be set for ExternalName services',
    "spec.externalName: Invalid value: \"DB\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
  ]);
});

test('updates: load balancer class and health check port are fixed', () => {
  const lb = { type: 'LoadBalancer', externalTrafficPolicy: 'Local', healthCheckNodePort: 31000, allocateLoadBalancerNodePorts: true, loadBalancerClass: 'a/b' };
  assert.deepEqual(texts(validateServiceUpdate(svc({ ...lb, loadBalancerClass: 'a/c', healthCheckNodePort: 31001 }), svc(lb))), [
    'spec.loadBalancerClass: Invalid value: "a/c": may not change once set',
    'spec.healthCheckNodePort: Forbidden: field is immutable',
  ]);
});

test('service names are DNS-1035 labels (whole 422)', () => {
  const errs = validateObjectCreate({ group: '', kind: 'Service' }, svc({}, { name: '1web' }), { namespaced: true });
  assert.equal(
    invalid({ group: '', kind: 'Service' }, '1web', errs).message,
    "Service \"1web\" is invalid: metadata.name: Invalid value: \"1web\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
  );
});
