import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fieldErrorText, type FieldError } from '../../errors/field-error.js';
import { invalid } from '../../errors/status.js';
import { nameIsDNSSubdomain, validatePathSegmentName } from '../../validation/names.js';
import { validateObjectMetaCreate, validateObjectMetaUpdate, type ObjectMetaCreateOptions } from './object-meta.js';

const texts = (errs: FieldError[]): string[] => errs.map(fieldErrorText);
const ns = { namespaced: true, nameValidator: nameIsDNSSubdomain };
const cluster = { namespaced: false, nameValidator: nameIsDNSSubdomain };
const create = (meta: object, opts: ObjectMetaCreateOptions = ns): string[] => texts(validateObjectMetaCreate(meta, opts));

const SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const QNAME =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

test('a valid object has no errors', () => {
  assert.deepEqual(create({ name: 'cm', namespace: 'default', labels: { app: 'x', 'example.com/tier': '' }, finalizers: ['example.com/hold'] }), []);
  assert.deepEqual(create({ name: 'n1' }, cluster), []);
});

test('the whole 422 for a bad ConfigMap name', () => {
  const errs = validateObjectMetaCreate({ name: 'Bad_Name', namespace: 'default' }, ns);
  const status = invalid({ group: '', kind: 'ConfigMap' }, 'Bad_Name', errs).toJSON();
  assert.equal(status.code, 422);
  assert.equal(status.reason, 'Invalid');
  assert.equal(status.message, `ConfigMap "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": ${SUBDOMAIN}`);
  assert.deepEqual(status.details, {
    name: 'Bad_Name',
    kind: 'ConfigMap',
    causes: [{ reason: 'FieldValueInvalid', message: `Invalid value: "Bad_Name": ${SUBDOMAIN}`, field: 'metadata.name' }],
  });
});

test('name or generateName is required', () => {
  assert.deepEqual(create({ namespace: 'default' }), ['metadata.name: Required value: name or generateName is required']);
  const status = invalid({ group: '', kind: 'ConfigMap' }, '', validateObjectMetaCreate({ namespace: 'default' }, ns)).toJSON();
  assert.equal(status.message, 'ConfigMap "" is invalid: metadata.name: Required value: name or generateName is required');
});

test('generateName is checked as a prefix, before the generated name', () => {
  assert.deepEqual(create({ generateName: 'web-', name: 'web-x7k2q', namespace: 'default' }), []);
  assert.deepEqual(create({ generateName: 'Web-', name: 'Web-x7k2q', namespace: 'default' }), [
    `metadata.generateName: Invalid value: "Web-": ${SUBDOMAIN}`,
    `metadata.name: Invalid value: "Web-x7k2q": ${SUBDOMAIN}`,
  ]);
});

test('namespace is required on namespaced kinds and forbidden on cluster-scoped ones', () => {
  assert.deepEqual(create({ name: 'x' }), ['metadata.namespace: Required value']);
  assert.deepEqual(create({ name: 'x', namespace: 'a.b' }), ['metadata.namespace: Invalid value: "a.b": must not contain dots']);
  assert.deepEqual(create({ name: 'x', namespace: 'default' }, cluster), ['metadata.namespace: Forbidden: not allowed on this type']);
});

test('negative generation', () => {
  assert.deepEqual(create({ name: 'x', namespace: 'd', generation: -1 }), ['metadata.generation: Invalid value: -1: must be greater than or equal to 0']);
});

test('labels: keys and values, all at metadata.labels', () => {
  assert.deepEqual(create({ name: 'x', namespace: 'd', labels: { 'bad key': 'ok', good: 'bad value' } }), [
    `metadata.labels: Invalid value: "bad key": name part ${QNAME}`,
    "metadata.labels: Invalid value: \"bad value\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
  ]);
  assert.deepEqual(create({ name: 'x', namespace: 'd', labels: { k: 'v'.repeat(64) } }), [
    `metadata.labels: Invalid value: "${'v'.repeat(64)}": must be no more than 63 characters`,
  ]);
});

test('annotations: keys ignore case, total size at most 256 KiB', () => {
  assert.deepEqual(create({ name: 'x', namespace: 'd', annotations: { 'Example.COM/Key': 'v' } }), []);
  assert.deepEqual(create({ name: 'x', namespace: 'd', annotations: { 'a b': 'v' } }), [`metadata.annotations: Invalid value: "a b": name part ${QNAME}`]);
  assert.deepEqual(create({ name: 'x', namespace: 'd', annotations: { k: 'v'.repeat(262143) } }), []);
  const big = validateObjectMetaCreate({ name: 'x', namespace: 'd', annotations: { k: 'v'.repeat(262144) } }, ns);
  assert.deepEqual(texts(big), ['metadata.annotations: Too long: may not be more than 262144 bytes']);
  assert.equal(
    invalid({ group: '', kind: 'ConfigMap' }, 'x', big).message,
    'ConfigMap "x" is invalid: metadata.annotations: Too long: may not be more than 262144 bytes',
  );
  // Bytes, not characters.
  assert.deepEqual(create({ name: 'x', namespace: 'd', annotations: { k: 'é'.repeat(131072) } }), [
    'metadata.annotations: Too long: may not be more than 262144 bytes',
  ]);
});

test('owner references: required parts at the list path, one controller', () => {
  assert.deepEqual(create({ name: 'x', namespace: 'd', ownerReferences: [{}] }), [
    'metadata.ownerReferences.apiVersion: Invalid value: "": version must not be empty',
    'metadata.ownerReferences.kind: Invalid value: "": kind must not be empty',
    'metadata.ownerReferences.name: Invalid value: "": name must not be empty',
    'metadata.ownerReferences.uid: Invalid value: "": uid must not be empty',
  ]);
  assert.deepEqual(create({ name: 'x', namespace: 'd', ownerReferences: [{ apiVersion: 'apps/', kind: 'ReplicaSet', name: 'r', uid: 'u' }] }), [
    'metadata.ownerReferences.apiVersion: Invalid value: "apps/": version must not be empty',
  ]);
  const owners = [
    { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'a', uid: '1', controller: true },
    { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'b', uid: '2', controller: true },
  ];
  assert.deepEqual(create({ name: 'x', namespace: 'd', ownerReferences: owners }), [
    'metadata.ownerReferences: Invalid value: []v1.OwnerReference{v1.OwnerReference{APIVersion:"apps/v1", Kind:"ReplicaSet", Name:"a", UID:"1", Controller:(*bool)(0xc000010000), BlockOwnerDeletion:(*bool)(nil)}, v1.OwnerReference{APIVersion:"apps/v1", Kind:"ReplicaSet", Name:"b", UID:"2", Controller:(*bool)(0xc000010000), BlockOwnerDeletion:(*bool)(nil)}}: Only one reference can have Controller set to true. Found "true" in references for ReplicaSet/a and ReplicaSet/b',
  ]);
  assert.deepEqual(create({ name: 'x', namespace: 'd', ownerReferences: [{ apiVersion: 'v1', kind: 'Event', name: 'e', uid: 'u' }] }), [
    'metadata.ownerReferences: Invalid value: v1.OwnerReference{APIVersion:"v1", Kind:"Event", Name:"e", UID:"u", Controller:(*bool)(nil), BlockOwnerDeletion:(*bool)(nil)}: /v1, Kind=Event is disallowed from being an owner',
  ]);
});

test('finalizers: qualified names, orphan with foregroundDeletion, and the core rule at each index', () => {
  assert.deepEqual(create({ name: 'x', namespace: 'd', finalizers: ['kubernetes', 'orphan', 'example.com/f'] }), []);
  assert.deepEqual(create({ name: 'x', namespace: 'd', finalizers: ['orphan', 'foregroundDeletion'] }), [
    'metadata.finalizers: Invalid value: []string{"orphan", "foregroundDeletion"}: finalizer orphan and foregroundDeletion cannot be both set',
  ]);
  assert.deepEqual(create({ name: 'x', namespace: 'd', finalizers: ['ok/one', 'foo'] }), [
    'metadata.finalizers[1]: Invalid value: "foo": name is neither a standard finalizer name nor is it fully qualified',
  ]);
  assert.deepEqual(create({ name: 'x', namespace: 'd', finalizers: ['bad name'] }), [
    `metadata.finalizers: Invalid value: "bad name": name part ${QNAME}`,
    'metadata.finalizers[0]: Invalid value: "bad name": name is neither a standard finalizer name nor is it fully qualified',
  ]);
  // Generic (custom resources, Leases): no core rule.
  assert.deepEqual(create({ name: 'x', namespace: 'd', finalizers: ['foo'] }, { ...ns, kubeFinalizers: false }), []);
});

test('managed fields', () => {
  assert.deepEqual(
    create({
      name: 'x',
      namespace: 'd',
      managedFields: [
        { manager: 'kubectl', operation: 'Update', fieldsType: 'FieldsV1' },
        { manager: 'a\tb', operation: 'Patch', fieldsType: 'FieldsV2', subresource: 's'.repeat(257) },
        { manager: 'm'.repeat(129), operation: 'Apply' },
      ],
    }),
    [
      'metadata.managedFields[1].operation: Invalid value: "Patch": must be `Apply` or `Update`',
      'metadata.managedFields[1].fieldsType: Invalid value: "FieldsV2": must be `FieldsV1`',
      'metadata.managedFields[1].manager: Invalid value: "a\\tb": invalid character U+0009 (at position 1)',
      'metadata.managedFields[1].subresource: Too long: may not be more than 256 bytes',
      'metadata.managedFields[2].manager: Too long: may not be more than 128 bytes',
    ],
  );
});

test('errors come in kube order: generateName, name, namespace, generation, labels, annotations, owners, finalizers, managedFields, core finalizer rule', () => {
  const errs = create({
    generateName: 'BB-',
    name: 'B',
    generation: -2,
    labels: { 'x y': 'v' },
    annotations: { '/': '' },
    ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'p' }],
    finalizers: ['foo'],
    managedFields: [{ operation: 'X' }],
  });
  assert.deepEqual(
    errs.map((e) => e.split(':')[0]),
    [
      'metadata.generateName',
      'metadata.name',
      'metadata.namespace',
      'metadata.generation',
      'metadata.labels',
      'metadata.annotations',
      'metadata.annotations',
      'metadata.annotations',
      'metadata.ownerReferences.uid',
      'metadata.managedFields[0].operation',
      'metadata.finalizers[0]',
    ],
  );
});

test('path-segment rule of the store’s generic check', () => {
  assert.deepEqual(create({ name: 'a/b', namespace: 'd' }, { namespaced: true, nameValidator: validatePathSegmentName }), [
    'metadata.name: Invalid value: "a/b": may not contain \'/\'',
  ]);
});

const base = {
  name: 'cm',
  namespace: 'default',
  uid: 'u1',
  resourceVersion: '5',
  creationTimestamp: '2026-11-21T06:10:41Z',
  generation: 3,
};
const update = (n: object, o: object = base): string[] => texts(validateObjectMetaUpdate({ ...base, ...n }, o));

test('update: unchanged metadata is fine', () => {
  assert.deepEqual(update({}), []);
});

test('update: immutable fields', () => {
  assert.deepEqual(update({ name: 'other' }), ['metadata.name: Invalid value: "other": field is immutable']);
  assert.deepEqual(update({ namespace: 'kube-system' }), ['metadata.namespace: Invalid value: "kube-system": field is immutable']);
  assert.deepEqual(update({ uid: 'u2' }), ['metadata.uid: Invalid value: "u2": field is immutable']);
  assert.deepEqual(update({ creationTimestamp: '2026-11-21T06:10:42Z' }), [
    'metadata.creationTimestamp: Invalid value: 2026-11-21 06:10:42 +0000 UTC: field is immutable',
  ]);
  // Same instant in another notation is not a change.
  assert.deepEqual(update({ creationTimestamp: '2026-11-21T07:10:41+01:00' }), []);
  assert.deepEqual(update({ deletionTimestamp: '2026-11-21T06:10:41Z' }), [
    'metadata.deletionTimestamp: Invalid value: 2026-11-21 06:10:41 +0000 UTC: field is immutable',
  ]);
  assert.deepEqual(update({ deletionGracePeriodSeconds: 30 }), ['metadata.deletionGracePeriodSeconds: Invalid value: 30: field is immutable']);
  assert.deepEqual(update({}, { ...base, deletionGracePeriodSeconds: 30 }), ['metadata.deletionGracePeriodSeconds: Invalid value: null: field is immutable']);
});

test('update: generation never decreases, resourceVersion must be set', () => {
  assert.deepEqual(update({ generation: 2 }), ['metadata.generation: Invalid value: 2: must not be decremented']);
  assert.deepEqual(update({ generation: 4 }), []);
  assert.deepEqual(update({ resourceVersion: '' }), ['metadata.resourceVersion: Invalid value: "": must be specified for an update']);
});

test('update: no new finalizers while deleting', () => {
  const deleting = { ...base, deletionTimestamp: '2026-11-21T06:11:00Z', finalizers: ['a/keep'] };
  const errs = validateObjectMetaUpdate({ ...deleting, finalizers: ['a/keep', 'z/x', 'b/y'] }, deleting);
  assert.deepEqual(texts(errs), [
    'metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"b/y", "z/x"}',
  ]);
  assert.equal(
    invalid({ group: '', kind: 'ConfigMap' }, 'cm', validateObjectMetaUpdate({ ...deleting, finalizers: ['x'] }, deleting)).message,
    'ConfigMap "cm" is invalid: [metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"x"}, metadata.finalizers[0]: Invalid value: "x": name is neither a standard finalizer name nor is it fully qualified]',
  );
  // Removing finalizers while deleting is fine; adding before deletion is fine.
  assert.deepEqual(texts(validateObjectMetaUpdate({ ...deleting, finalizers: [] }, deleting)), []);
  assert.deepEqual(update({ finalizers: ['a/new'] }), []);
});

test('update: labels, annotations, owners and managedFields are re-checked; finalizer names only by the core rule', () => {
  assert.deepEqual(update({ labels: { a: '-' }, finalizers: ['bad name'] }), [
    "metadata.labels: Invalid value: \"-\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    'metadata.finalizers[0]: Invalid value: "bad name": name is neither a standard finalizer name nor is it fully qualified',
  ]);
  assert.deepEqual(texts(validateObjectMetaUpdate({ ...base, finalizers: ['bad name'] }, base, { kubeFinalizers: false })), []);
});
