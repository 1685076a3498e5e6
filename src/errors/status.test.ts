import { test } from 'node:test';
import assert from 'node:assert/strict';
import { invalid, notFound, conflict, OPTIMISTIC_LOCK_MESSAGE, deleteSuccess } from './status.js';
import { fieldErr } from './field-error.js';

test('NotFound renders as kube-apiserver does', () => {
  assert.deepEqual(notFound({ group: '', resource: 'configmaps' }, 'cm9').toJSON(), {
    kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
    message: 'configmaps "cm9" not found', reason: 'NotFound',
    details: { name: 'cm9', kind: 'configmaps' }, code: 404,
  });
});

test('Conflict on a grouped resource names resource.group', () => {
  const e = conflict({ group: 'apps', resource: 'deployments' }, 'x', OPTIMISTIC_LOCK_MESSAGE);
  assert.equal(e.status.message, 'Operation cannot be fulfilled on deployments.apps "x": the object has been modified; please apply your changes to the latest version and try again');
  assert.deepEqual(e.toJSON().details, { name: 'x', group: 'apps', kind: 'deployments' });
});

test('Invalid with one and several causes', () => {
  const one = invalid({ group: '', kind: 'ConfigMap' }, 'x', [fieldErr.required('metadata.name', 'name or generateName is required')]);
  assert.equal(one.status.message, 'ConfigMap "x" is invalid: metadata.name: Required value: name or generateName is required');
  assert.deepEqual(one.toJSON().details?.causes, [{ reason: 'FieldValueRequired', message: 'Required value: name or generateName is required', field: 'metadata.name' }]);
  const two = invalid({ group: 'apps', kind: 'Deployment' }, 'd', [
    fieldErr.invalid('metadata.name', 'A', 'bad'),
    fieldErr.notSupported('spec.x', 'y', ['a', 'b']),
  ]);
  assert.equal(two.status.message, 'Deployment.apps "d" is invalid: [metadata.name: Invalid value: "A": bad, spec.x: Unsupported value: "y": supported values: "a", "b"]');
});

test('delete success Status has no code and names the resource', () => {
  assert.deepEqual(deleteSuccess({ group: '', resource: 'configmaps' }, 'cm1', 'u1'), {
    kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { name: 'cm1', kind: 'configmaps', uid: 'u1' },
  });
});
