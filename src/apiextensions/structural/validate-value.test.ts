import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorText } from '../../errors/field-error.js';
import { validateCustomResourceValue } from './validate-value.js';
import type { JSONSchemaProps } from '../../api/json-schema-props.js';

const schema: JSONSchemaProps = {
  type: 'object',
  properties: {
    metadata: { type: 'object' },
    spec: {
      type: 'object',
      required: ['replicas', 'mode'],
      properties: {
        replicas: { type: 'integer', minimum: 1, maximum: 10 },
        ratio: { type: 'number', exclusiveMaximum: true, maximum: 1, multipleOf: 0.25 },
        mode: { type: 'string', enum: ['a', 'b'] },
        code: { type: 'string', minLength: 2, maxLength: 3, pattern: '^[a-z]+$' },
        one: { type: 'string', maxLength: 1 },
        list: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'integer' } },
        map: { type: 'object', maxProperties: 1, minProperties: 1, additionalProperties: { type: 'boolean' } },
        port: { 'x-kubernetes-int-or-string': true },
        at: { type: 'string', format: 'date-time' },
        ip: { type: 'string', format: 'ipv4' },
        maybe: { type: 'string', nullable: true },
        level: { type: 'integer', enum: [1, 2] },
      },
    },
  },
};

const texts = (obj: unknown) => validateCustomResourceValue(schema, obj).map(fieldErrorText);
const one = (spec: Record<string, unknown>) => texts({ spec: { replicas: 1, mode: 'a', ...spec } });

test('valid objects have no errors; metadata is left to the ObjectMeta rules', () => {
  assert.deepEqual(one({ ratio: 0.5, code: 'ab', list: [1], map: { x: true }, port: 'http', at: '2024-01-02T03:04:05Z', ip: '10.0.0.1', maybe: null, level: 2 }), []);
  assert.deepEqual(texts({ metadata: 'not checked here', spec: { replicas: 1, mode: 'a' } }), []);
  assert.deepEqual(one({ port: 8080 }), []);
});

test('types and nulls: the value shown is the JSON type name', () => {
  assert.deepEqual(one({ replicas: '1' }), ['spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"']);
  assert.deepEqual(one({ replicas: 1.5 }), ['spec.replicas: Invalid value: "number": spec.replicas in body must be of type integer: "number"']);
  assert.deepEqual(one({ code: null }), ['spec.code: Invalid value: "null": spec.code in body must be of type string: "null"']);
  assert.deepEqual(one({ port: [] }), ['spec.port: Invalid value: "array": spec.port in body must be of type integer,string: "array"']);
  assert.deepEqual(texts({ spec: 'x' }), ['spec: Invalid value: "string": spec in body must be of type object: "string"']);
});

test('required, enum and numeric bounds', () => {
  assert.deepEqual(texts({ spec: {} }), ['spec.replicas: Required value', 'spec.mode: Required value']);
  assert.deepEqual(one({ mode: 'c' }), ['spec.mode: Unsupported value: "c": supported values: "a", "b"']);
  assert.deepEqual(one({ level: 3 }), ['spec.level: Unsupported value: 3: supported values: "1", "2"']);
  assert.deepEqual(one({ replicas: 0 }), ['spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or equal to 1']);
  assert.deepEqual(one({ replicas: 11 }), ['spec.replicas: Invalid value: 11: spec.replicas in body should be less than or equal to 10']);
  assert.deepEqual(one({ ratio: 1 }), ['spec.ratio: Invalid value: 1: spec.ratio in body should be less than 1']);
  assert.deepEqual(one({ ratio: 0.3 }), ['spec.ratio: Invalid value: 0.3: spec.ratio in body should be a multiple of 0.25']);
});

test('strings: lengths in runes, pattern, formats', () => {
  assert.deepEqual(one({ code: 'abcd' }), ['spec.code: Too long: may not be more than 3 bytes']);
  assert.deepEqual(one({ one: 'ab' }), ['spec.one: Too long: may not be more than 1 byte']);
  assert.deepEqual(one({ code: 'a' }), ['spec.code: Invalid value: "a": spec.code in body should be at least 2 chars long']);
  assert.deepEqual(one({ code: 'A1' }), ["spec.code: Invalid value: \"A1\": spec.code in body should match '^[a-z]+$'"]);
  assert.deepEqual(one({ code: 'éé' }), ["spec.code: Invalid value: \"éé\": spec.code in body should match '^[a-z]+$'"]);
  assert.deepEqual(one({ at: 'noon' }), ['spec.at: Invalid value: "noon": spec.at in body must be of type date-time: "noon"']);
  assert.deepEqual(one({ ip: '300.1.1.1' }), ['spec.ip: Invalid value: "300.1.1.1": spec.ip in body must be of type ipv4: "300.1.1.1"']);
});

test('lists and maps: items, counts, Go renderings of the values', () => {
  assert.deepEqual(one({ list: [] }), ['spec.list: Invalid value: []interface {}{}: spec.list in body should have at least 1 items']);
  assert.deepEqual(one({ list: [1, 2, 3] }), ['spec.list: Too many: 3: must have at most 2 items']);
  assert.deepEqual(one({ list: ['x'] }), ['spec.list[0]: Invalid value: "string": spec.list[0] in body must be of type integer: "string"']);
  assert.deepEqual(one({ map: { a: true, b: false } }), ['spec.map: Too many: 2: must have at most 1 items']);
  assert.deepEqual(one({ map: {} }), ['spec.map: Invalid value: map[string]interface {}{}: spec.map in body should have at least 1 properties']);
  assert.deepEqual(one({ map: { a: 'yes' } }), ['spec.map.a: Invalid value: "string": spec.map.a in body must be of type boolean: "string"']);
});
