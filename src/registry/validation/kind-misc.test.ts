import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fieldErrorText, type FieldError } from '../../errors/field-error.js';
import { validateCronJobName, validateLeaseSpec, validateNamespaceFinalizers, validateNamespacePhase } from './kind-misc.js';

const texts = (errs: FieldError[]): string[] => errs.map(fieldErrorText);
const QNAME =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

test('namespace spec.finalizers, unindexed on create, indexed on finalize', () => {
  assert.deepEqual(texts(validateNamespaceFinalizers({ spec: { finalizers: ['kubernetes', 'example.com/x'] } }, false)), []);
  assert.deepEqual(texts(validateNamespaceFinalizers({ spec: { finalizers: ['kubernetes', 'foo', 'a b'] } }, false)), [
    'spec.finalizers: Invalid value: "foo": name is neither a standard finalizer name nor is it fully qualified',
    `spec.finalizers: Invalid value: "a b": ${QNAME}`,
    'spec.finalizers: Invalid value: "a b": name is neither a standard finalizer name nor is it fully qualified',
  ]);
  assert.deepEqual(texts(validateNamespaceFinalizers({ spec: { finalizers: ['kubernetes', 'foo'] } }, true)), [
    'spec.finalizers[1]: Invalid value: "foo": name is neither a standard finalizer name nor is it fully qualified',
  ]);
});

test('namespace status phase', () => {
  assert.deepEqual(texts(validateNamespacePhase({ status: { phase: 'Active' } })), []);
  assert.deepEqual(texts(validateNamespacePhase({ status: { phase: 'Terminating' } })), [
    "status.Phase: Invalid value: \"Terminating\": may only be 'Active' if `deletionTimestamp` is empty",
  ]);
  assert.deepEqual(texts(validateNamespacePhase({ metadata: { deletionTimestamp: '2026-11-21T06:00:00Z' }, status: { phase: 'Active' } })), [
    "status.Phase: Invalid value: \"Active\": may only be 'Terminating' if `deletionTimestamp` is not empty",
  ]);
});

test('lease spec', () => {
  assert.deepEqual(texts(validateLeaseSpec({ spec: { holderIdentity: 'a', leaseDurationSeconds: 15, leaseTransitions: 0 } })), []);
  assert.deepEqual(texts(validateLeaseSpec({ spec: { leaseDurationSeconds: 0, leaseTransitions: -1 } })), [
    'spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0',
    'spec.leaseTransitions: Invalid value: -1: must be greater than or equal to 0',
  ]);
  assert.deepEqual(texts(validateLeaseSpec({ spec: { strategy: 'Newest', preferredHolder: 'x' } })), [
    'spec.strategy: Unsupported value: "Newest": supported values: "OldestEmulationVersion"',
  ]);
  assert.deepEqual(texts(validateLeaseSpec({ spec: { preferredHolder: 'x' } })), [
    'spec.preferredHolder: Forbidden: may only be specified if `strategy` is defined',
  ]);
  assert.deepEqual(texts(validateLeaseSpec({ spec: { strategy: 'example.com/mine' } })), []);
});

test('cronjob names stay within 52 characters', () => {
  assert.deepEqual(texts(validateCronJobName({ metadata: { name: 'c'.repeat(52) } })), []);
  assert.deepEqual(texts(validateCronJobName({ metadata: { name: 'c'.repeat(53) } })), [
    `metadata.name: Invalid value: "${'c'.repeat(53)}": must be no more than 52 characters`,
  ]);
});
