import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorText } from '../errors/field-error.js';
import { validateFieldSelectorRequirement } from './field-selector-validation.js';

const P = 'spec.resourceAttributes.fieldSelector.requirements[0]';
const texts = (r: Parameters<typeof validateFieldSelectorRequirement>[0], allow = false) =>
  validateFieldSelectorRequirement(r, { allowUnknownOperatorInRequirement: allow }, P).map(fieldErrorText);

test('field selector requirement checks', () => {
  assert.deepEqual(texts({ key: 'spec.nodeName', operator: 'In', values: ['a'] }), []);
  assert.deepEqual(texts({ key: '', operator: 'In' }), [
    `${P}.key: Required value: must be specified`,
    `${P}.values: Required value: must be specified when \`operator\` is 'In' or 'NotIn'`,
  ]);
  assert.deepEqual(texts({ key: 'k', operator: 'DoesNotExist', values: ['x'] }), [
    `${P}.values: Forbidden: may not be specified when \`operator\` is 'Exists' or 'DoesNotExist'`,
  ]);
  assert.deepEqual(texts({ key: 'k', operator: 'Gt' }), [`${P}.operator: Invalid value: "Gt": not a valid selector operator`]);
  assert.deepEqual(texts({ key: 'k', operator: 'Gt' }, true), []);
});
