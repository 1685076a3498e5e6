import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JSONSchemaProps } from '../../api/json-schema-props.js';
import { fieldErrorText } from '../../errors/field-error.js';
import { compileSchemaRules } from './compile-rules.js';
import { evaluateRules } from './evaluate-rules.js';

function run(spec: JSONSchemaProps, obj: unknown, old?: unknown) {
  const root = compileSchemaRules({ type: 'object', properties: { spec } })!;
  const r = evaluateRules(root, obj, old);
  return { errors: r.errors.map(fieldErrorText), warnings: r.warnings };
}

test('rule errors: a missing field is "no such key" evaluating the rule', () => {
  const spec: JSONSchemaProps = { type: 'object', properties: { x: { type: 'integer' } }, 'x-kubernetes-validations': [{ rule: 'self.x == 1', message: 'x must be 1' }] };
  assert.deepEqual(run(spec, { spec: {} }).errors, ['spec: Invalid value: "object": no such key: x evaluating rule: x must be 1']);
});

test('rule errors: Duplicate prints the type, Required the message; blank messageExpression falls back to the message', () => {
  const spec: JSONSchemaProps = {
    type: 'object', properties: { x: { type: 'integer' } },
    'x-kubernetes-validations': [
      { rule: 'false', reason: 'FieldValueDuplicate', message: 'dup' },
      { rule: 'false', reason: 'FieldValueRequired', messageExpression: "'x is ' + string(self.x)" },
      { rule: 'false', message: 'fallback', messageExpression: "' '" },
    ],
  };
  assert.deepEqual(run(spec, { spec: { x: 2 } }).errors, [
    'spec: Duplicate value: "object"',
    'spec: Required value: x is 2',
    'spec: Invalid value: "object": fallback',
  ]);
});

test('rule errors: null values are not validated; transition rules skip without an old value', () => {
  const spec: JSONSchemaProps = {
    type: 'object', properties: { n: { type: 'string', nullable: true, 'x-kubernetes-validations': [{ rule: "self != ''" }] } },
    'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'immutable' }],
  };
  assert.deepEqual(run(spec, { spec: { n: null } }).errors, []);
  assert.deepEqual(run(spec, { spec: { n: 'a' } }, { spec: { n: 'b' } }).errors, ['spec: Invalid value: "object": immutable']);
});

test('runtime cost: one call over the per-call limit stops every later rule with kube\'s text', () => {
  const spec: JSONSchemaProps = {
    type: 'object', properties: { l: { type: 'array', items: { type: 'string' } } },
    'x-kubernetes-validations': [{ rule: 'self.l.all(a, self.l.all(b, a == b))' }, { rule: 'false' }],
  };
  const l = Array.from({ length: 2000 }, () => 'a');
  assert.deepEqual(run(spec, { spec: { l } }).errors, [
    "spec: Invalid value: \"object\": 'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: self.l.all(a, self.l.all(b, a == b))",
  ]);
});

test('runtime cost: rules sharing the per-object budget stop with kube\'s budget text', () => {
  const rules = Array.from({ length: 40 }, () => ({ rule: 'self.l.all(a, a.size() < 100)' }));
  const spec: JSONSchemaProps = { type: 'object', properties: { l: { type: 'array', items: { type: 'string' } } }, 'x-kubernetes-validations': rules };
  const l = Array.from({ length: 150_000 }, () => 'a');
  assert.deepEqual(run(spec, { spec: { l } }).errors, ['spec: Invalid value: "object": validation failed due to running out of cost budget, no further validation rules will be run']);
});

test('ratcheting: a failing rule on a value equal to its old value is a warning', () => {
  const spec: JSONSchemaProps = { type: 'object', properties: { x: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self < 5' }] }, y: { type: 'integer' } } };
  assert.deepEqual(run(spec, { spec: { x: 7, y: 2 } }, { spec: { x: 7, y: 1 } }), { errors: [], warnings: ['spec.x: Invalid value: "integer": failed rule: self < 5'] });
  assert.deepEqual(run(spec, { spec: { x: 8 } }, { spec: { x: 7 } }).errors, ['spec.x: Invalid value: "integer": failed rule: self < 5']);
});
