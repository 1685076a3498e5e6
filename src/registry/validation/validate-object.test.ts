import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fieldErrorText, type FieldError } from '../../errors/field-error.js';
import { invalid } from '../../errors/status.js';
import { validateKind } from './validate-kind.js';
import { validateObjectCreate, validateObjectUpdate } from './validate-object.js';

const texts = (errs: FieldError[]): string[] => errs.map(fieldErrorText);
const CM = { group: '', kind: 'ConfigMap' };
const NS = { group: '', kind: 'Namespace' };
const ROLE = { group: 'rbac.authorization.k8s.io', kind: 'Role' };
const LEASE = { group: 'coordination.k8s.io', kind: 'Lease' };
const WIDGET = { group: 'example.com', kind: 'Widget' };
const SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const CONFIG_KEY =
  "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";
const LABEL_VALUE =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

const meta = (extra: object = {}): object => ({
  name: 'cm1',
  namespace: 'default',
  uid: 'u1',
  resourceVersion: '7',
  creationTimestamp: '2026-11-21T06:00:00Z',
  ...extra,
});

test('create: metadata errors first, then the kind’s own, in one 422', () => {
  const obj = { metadata: { name: 'Bad_Name', namespace: 'default' }, data: { 'a b': 'x' } };
  const errs = validateObjectCreate(CM, obj, { namespaced: true });
  assert.equal(
    invalid(CM, 'Bad_Name', errs).message,
    `ConfigMap "Bad_Name" is invalid: [metadata.name: Invalid value: "Bad_Name": ${SUBDOMAIN}, data[a b]: Invalid value: "a b": ${CONFIG_KEY}]`,
  );
});

test('create: namespaces are labels and their spec finalizers are checked', () => {
  const errs = validateObjectCreate(NS, { metadata: { name: 'my.ns' }, spec: { finalizers: ['kubernetes', 'foo'] } }, { namespaced: false });
  assert.equal(
    invalid(NS, 'my.ns', errs).message,
    'Namespace "my.ns" is invalid: [metadata.name: Invalid value: "my.ns": must not contain dots, spec.finalizers: Invalid value: "foo": name is neither a standard finalizer name nor is it fully qualified]',
  );
});

test('create: RBAC names may contain colons; Lease and custom resources skip core’s finalizer rule', () => {
  assert.deepEqual(
    validateObjectCreate(ROLE, { metadata: { name: 'system:reader', namespace: 'd' }, rules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }] }, { namespaced: true }),
    [],
  );
  assert.deepEqual(validateObjectCreate(LEASE, { metadata: { name: 'l', namespace: 'd', finalizers: ['foo'] } }, { namespaced: true }), []);
  assert.deepEqual(validateObjectCreate(WIDGET, { metadata: { name: 'w', namespace: 'd', finalizers: ['foo'] } }, { namespaced: true }), []);
  assert.deepEqual(texts(validateObjectCreate(CM, { metadata: { name: 'c', namespace: 'd', finalizers: ['foo'] } }, { namespaced: true })), [
    'metadata.finalizers[0]: Invalid value: "foo": name is neither a standard finalizer name nor is it fully qualified',
  ]);
});

test('create: a CSR passes its own (empty) name rule but not the store’s path-segment check', () => {
  const csr = { group: 'certificates.k8s.io', kind: 'CertificateSigningRequest' };
  assert.deepEqual(texts(validateObjectCreate(csr, { metadata: { name: 'Any Name' } }, { namespaced: false })), []);
  assert.deepEqual(texts(validateObjectCreate(csr, { metadata: { name: 'a/b' } }, { namespaced: false })), [
    "metadata.name: Invalid value: \"a/b\": may not contain '/'",
  ]);
});

test('update: common checks then the strategy’s; the message lists each text once', () => {
  const old = { metadata: meta(), data: { a: '1' } };
  const obj = { metadata: meta({ labels: { k: '-' } }), data: { a: '1' } };
  const errs = validateObjectUpdate(CM, obj, old, { namespaced: true });
  // generic create, generic update, strategy update, strategy's create-time checks: four copies.
  assert.deepEqual(texts(errs), Array(4).fill(`metadata.labels: Invalid value: "-": ${LABEL_VALUE}`));
  const status = invalid(CM, 'cm1', errs).toJSON();
  assert.equal(status.message, `ConfigMap "cm1" is invalid: metadata.labels: Invalid value: "-": ${LABEL_VALUE}`);
  assert.equal(status.details?.causes?.length, 4);
});

test('update: immutable ConfigMap', () => {
  const old = { metadata: meta(), immutable: true, data: { a: '1' } };
  const obj = { metadata: meta(), immutable: true, data: { a: '2' } };
  assert.equal(
    invalid(CM, 'cm1', validateObjectUpdate(CM, obj, old, { namespaced: true })).message,
    'ConfigMap "cm1" is invalid: data: Forbidden: field is immutable when `immutable` is set',
  );
});

test('update: finalizers added during deletion, reported by the store and by the strategy', () => {
  const m = meta({ deletionTimestamp: '2026-11-21T06:05:00Z', deletionGracePeriodSeconds: 0, finalizers: ['example.com/a'] });
  const old = { metadata: m };
  const obj = { metadata: { ...m, finalizers: ['example.com/a', 'example.com/b'] } };
  const errs = validateObjectUpdate(CM, obj, old, { namespaced: true });
  assert.deepEqual(texts(errs), [
    'metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/b"}',
    'metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/b"}',
  ]);
  assert.equal(
    invalid(CM, 'cm1', errs).message,
    'ConfigMap "cm1" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/b"}',
  );
});

test('update: namespace subresources', () => {
  const old = { metadata: meta({ name: 'team', namespace: undefined }), spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } };
  const status = { ...old, status: { phase: 'Terminating' } };
  assert.deepEqual(texts(validateObjectUpdate(NS, status, old, { namespaced: false, subresource: 'status' })), [
    "status.Phase: Invalid value: \"Terminating\": may only be 'Active' if `deletionTimestamp` is empty",
  ]);
  const finalize = { ...old, spec: { finalizers: ['foo'] } };
  assert.deepEqual(texts(validateObjectUpdate(NS, finalize, old, { namespaced: false, subresource: 'finalize' })), [
    'spec.finalizers[0]: Invalid value: "foo": name is neither a standard finalizer name nor is it fully qualified',
  ]);
  assert.deepEqual(texts(validateObjectUpdate(NS, finalize, old, { namespaced: false })), []);
});

test('update: RBAC runs create checks before the metadata update checks', () => {
  const rb = { group: 'rbac.authorization.k8s.io', kind: 'RoleBinding' };
  const ref = { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'r' };
  const old = { metadata: meta({ name: 'rb' }), roleRef: ref };
  const obj = { metadata: meta({ name: 'rb', generation: -1 }), roleRef: { ...ref, name: 'other' } };
  assert.deepEqual(texts(validateObjectUpdate(rb, obj, old, { namespaced: true })), [
    'metadata.generation: Invalid value: -1: must be greater than or equal to 0',
    'metadata.generation: Invalid value: -1: must not be decremented',
    'metadata.generation: Invalid value: -1: must be greater than or equal to 0',
    'metadata.generation: Invalid value: -1: must not be decremented',
    'roleRef: Invalid value: rbac.RoleRef{APIGroup:"rbac.authorization.k8s.io", Kind:"Role", Name:"other"}: cannot change roleRef',
  ]);
});

test('validateKind: type checks only', () => {
  assert.deepEqual(texts(validateKind(CM, { metadata: { name: 'Bad' }, data: { 'a b': '' } })), [`data[a b]: Invalid value: "a b": ${CONFIG_KEY}`]);
  assert.deepEqual(texts(validateKind({ group: '', kind: 'Secret' }, { type: 'kubernetes.io/tls' }, { type: 'Opaque' })), [
    'type: Invalid value: "kubernetes.io/tls": field is immutable',
    'data[tls.crt]: Required value',
    'data[tls.key]: Required value',
  ]);
  assert.deepEqual(validateKind(WIDGET, { spec: {} }), []);
});
