import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorText } from '../../errors/field-error.js';
import { validationRuleErrors } from './rule-errors.js';

const P = 'spec.validation.openAPIV3Schema';
const GO_RULE = (rule: string, msgExpr: string) =>
  `apiextensions.ValidationRule{Rule:"${rule}", Message:"", MessageExpression:"${msgExpr}", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}`;

test('CRD write: messageExpression must compile and evaluate to a string', () => {
  const schema = {
    type: 'object',
    properties: { x: { type: 'integer' } },
    'x-kubernetes-validations': [{ rule: 'self.x > 0', messageExpression: 'self.x' }, { rule: 'self.x > 1', messageExpression: 'self.y' }],
  };
  assert.deepEqual(validationRuleErrors(schema, P, true).map(fieldErrorText), [
    `${P}.x-kubernetes-validations[0].messageExpression: Invalid value: ${GO_RULE('self.x > 0', 'self.x')}: messageExpression must evaluate to a string`,
    `${P}.x-kubernetes-validations[1].messageExpression: Invalid value: ${GO_RULE('self.x > 1', 'self.y')}: messageExpression compilation failed: ERROR: <input>:1:5: undefined field 'y'\n | self.y\n | ....^`,
  ]);
});

test('CRD write: rule shape errors suppress compilation; a rule with line breaks needs a message', () => {
  const schema = { type: 'object', 'x-kubernetes-validations': [{ rule: 'self.nope\n== 1' }] };
  assert.deepEqual(validationRuleErrors(schema, P, true).map(fieldErrorText), [
    `${P}.x-kubernetes-validations[0].message: Required value: message must be specified if rule contains line breaks`,
  ]);
});

test('CRD write: a rule under an unbounded list is charged for every possible element', () => {
  const ok = { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 10, 'x-kubernetes-validations': [{ rule: "self.matches('^[a-z]+$')" }] } };
  assert.deepEqual(validationRuleErrors({ type: 'object', properties: { l: ok } }, P, true), []);
  const unbounded = { type: 'array', items: { type: 'array', items: { type: 'string', 'x-kubernetes-validations': [{ rule: "self.matches('^[a-z]+$')" }] } } };
  const errs = validationRuleErrors({ type: 'object', properties: { l: unbounded } }, P, true).map(fieldErrorText);
  assert.match(errs[0]!, /^spec\.validation\.openAPIV3Schema\.properties\[l\]\.items\.items\.x-kubernetes-validations\[0\]\.rule: Forbidden: estimated rule cost exceeds budget by factor of more than 100x/);
});
