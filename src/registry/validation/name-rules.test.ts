import assert from 'node:assert/strict';
import { test } from 'node:test';
import { usesKubeFinalizerRule } from './name-rules.js';
import { nameValidatorFor } from './kind-name-rule.js';

const SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const DNS1035 =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";

test('most kinds use DNS-1123 subdomains', () => {
  for (const [group, kind] of [
    ['', 'ConfigMap'],
    ['', 'Secret'],
    ['', 'ServiceAccount'],
    ['', 'Pod'],
    ['apps', 'Deployment'],
    ['coordination.k8s.io', 'Lease'],
    ['example.com', 'Widget'],
  ] as const) {
    const v = nameValidatorFor(group, kind);
    assert.deepEqual(v('a.b-c', false), [], `${kind}`);
    assert.deepEqual(v('A', false), [SUBDOMAIN], `${kind}`);
  }
});

test('namespaces are DNS-1123 labels, services DNS-1035 labels', () => {
  assert.deepEqual(nameValidatorFor('', 'Namespace')('team.a', false), ['must not contain dots']);
  assert.deepEqual(nameValidatorFor('', 'Namespace')('1ns', false), []);
  assert.deepEqual(nameValidatorFor('', 'Service')('1svc', false), [DNS1035]);
  assert.deepEqual(nameValidatorFor('', 'Service')('svc-1', false), []);
});

test('RBAC kinds accept any path segment', () => {
  for (const kind of ['Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding']) {
    const v = nameValidatorFor('rbac.authorization.k8s.io', kind);
    assert.deepEqual(v('system:controller:Foo_Bar', false), []);
    assert.deepEqual(v('a/b', false), ["may not contain '/'"]);
    assert.deepEqual(v('..', false), ["may not be '..'"]);
  }
});

test('CSR names are free, IPAddress names are canonical IPs', () => {
  assert.deepEqual(nameValidatorFor('certificates.k8s.io', 'CertificateSigningRequest')('Any Name/%', false), []);
  assert.deepEqual(nameValidatorFor('networking.k8s.io', 'IPAddress')('10.0.0.1', false), []);
  assert.deepEqual(nameValidatorFor('networking.k8s.io', 'IPAddress')('x', false), ['must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)']);
});

test('CRDs are named <plural>.<group>', () => {
  const crd = { spec: { group: 'example.com', names: { plural: 'widgets' } } };
  const v = nameValidatorFor('apiextensions.k8s.io', 'CustomResourceDefinition', crd);
  assert.deepEqual(v('widgets.example.com', false), []);
  assert.deepEqual(v('widget.example.com', false), ['must be spec.names.plural+"."+spec.group']);
  assert.deepEqual(v('Widgets', false), [SUBDOMAIN, 'must be spec.names.plural+"."+spec.group']);
});

test('APIServices are named <version>.<group>', () => {
  const svc = { spec: { group: 'metrics.k8s.io', version: 'v1beta1' } };
  const v = nameValidatorFor('apiregistration.k8s.io', 'APIService', svc);
  assert.deepEqual(v('v1beta1.metrics.k8s.io', false), []);
  assert.deepEqual(v('metrics', false), ['must be `spec.version+"."+spec.group`: "v1beta1.metrics.k8s.io"']);
  assert.deepEqual(v('a/b', false), ["may not contain '/'"]);
});

test('which kinds get core’s finalizer rule', () => {
  assert.equal(usesKubeFinalizerRule('', 'ConfigMap'), true);
  assert.equal(usesKubeFinalizerRule('apps', 'Deployment'), true);
  assert.equal(usesKubeFinalizerRule('rbac.authorization.k8s.io', 'Role'), true);
  assert.equal(usesKubeFinalizerRule('coordination.k8s.io', 'Lease'), false);
  assert.equal(usesKubeFinalizerRule('apiextensions.k8s.io', 'CustomResourceDefinition'), false);
  assert.equal(usesKubeFinalizerRule('admissionregistration.k8s.io', 'ValidatingWebhookConfiguration'), false);
  assert.equal(usesKubeFinalizerRule('example.com', 'Widget'), false);
});

test('ClusterTrustBundle names: the signer prefix, a DNS subdomain after it; no ":" without a signer', () => {
  const v = (signerName: string) => nameValidatorFor('certificates.k8s.io', 'ClusterTrustBundle', { spec: { signerName } });
  assert.deepEqual(v('example.com/issuer')('example.com:issuer:one', false), []);
  assert.deepEqual(v('k8s.io/foo')('look-ma-no-prefix', false), ['ClusterTrustBundle for signerName k8s.io/foo must be named with prefix k8s.io:foo:']);
  assert.equal(v('k8s.io/foo')('k8s.io:foo:', false).length, 1);
  assert.deepEqual(v('')('k8s.io:bar:foo', false), ['ClusterTrustBundle without signer name must not have ":" in its name']);
  assert.deepEqual(v('')('plain', false), []);
});
