import { test } from 'node:test';
import assert from 'node:assert/strict';
import { customColumnConvertor } from './custom-columns.js';
import { goFloat, goJSON, goText } from '../../printers/go-text.js';

const now = Date.parse('2025-06-01T12:00:00Z');

test('Go text of JSONPath results: %v for scalars, encoding/json for maps and slices', () => {
  assert.equal(goText('plain'), 'plain');
  assert.equal(goText(3), '3');
  assert.equal(goText(-7), '-7');
  assert.equal(goText(true), 'true');
  assert.equal(goText(null), '<no value>');
  assert.equal(goText(0.5), '0.5');
  assert.equal(goText(123456.5), '123456.5');
  assert.equal(goText(1234567.5), '1.2345675e+06');
  assert.equal(goText(0.0001), '0.0001');
  assert.equal(goText(0.00001234), '1.234e-05');
  assert.equal(goFloat(1e21), '1e+21');
  assert.equal(goText({ b: 1, a: ['<x>', 2.5] }), '{"a":["\\u003cx\\u003e",2.5],"b":1}');
  assert.equal(goJSON('a&b'), '"a\\u0026b"');
});

test('columns: Name first, then printer columns with defaults for type and description', () => {
  const c = customColumnConvertor([
    { name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' },
    { name: 'Phase', type: '', description: 'The phase', priority: 1, jsonPath: '.status.phase' },
  ]);
  assert.deepEqual(c.columns, [
    { name: 'Name', type: 'string', format: 'name', description: 'Name of the object, unique within its namespace', priority: 0 },
    { name: 'Replicas', type: 'integer', format: '', description: 'Custom resource definition column (in JSONPath format): .spec.replicas', priority: 0 },
    { name: 'Phase', type: 'string', format: '', description: 'The phase', priority: 1 },
  ]);
});

test('no printer columns: a single Age date column', () => {
  const c = customColumnConvertor([]);
  assert.deepEqual(c.columns.map((x) => [x.name, x.type, x.format, x.priority]), [
    ['Name', 'string', 'name', 0],
    ['Age', 'date', '', 0],
  ]);
  assert.deepEqual(c.cells({ metadata: { name: 'w', creationTimestamp: '2025-06-01T11:00:00Z' } }, now), ['w', '60m']);
  assert.deepEqual(c.cells({ metadata: { name: 'w' } }, now), ['w', null]);
});

test('cell typing: integer truncates, number keeps floats, mismatches are null, dates are durations', () => {
  const c = customColumnConvertor([
    { name: 'I', type: 'integer', jsonPath: '.v.float' },
    { name: 'I2', type: 'integer', jsonPath: '.v.text' },
    { name: 'N', type: 'number', jsonPath: '.v.int' },
    { name: 'B', type: 'boolean', jsonPath: '.v.bool' },
    { name: 'B2', type: 'boolean', jsonPath: '.v.text' },
    { name: 'S', type: 'string', jsonPath: '.v.int' },
    { name: 'S2', type: 'string', jsonPath: '.v.list' },
    { name: 'S3', type: 'string', jsonPath: '.v.nothing' },
    { name: 'S4', type: 'string', jsonPath: '.v.nil' },
    { name: 'D', type: 'date', jsonPath: '.v.when' },
    { name: 'D2', type: 'date', jsonPath: '.v.text' },
    { name: 'D3', type: 'date', jsonPath: '.v.int' },
    { name: 'D4', type: 'date', jsonPath: '.v.emptyText' },
    { name: 'F', type: 'string', jsonPath: '.v.conditions[?(@.type=="Ready")].status' },
    { name: 'E', type: 'string', jsonPath: '.v.conditions[?(@.type==1)].status' },
  ]);
  const obj = {
    metadata: { name: 'w' },
    v: {
      float: 2.9,
      int: 7,
      text: 'hello',
      bool: true,
      list: ['a', 'b'],
      nil: null,
      when: '2025-05-31T12:00:00Z',
      emptyText: '',
      conditions: [{ type: 'Ready', status: 'True' }],
    },
  };
  assert.deepEqual(c.cells(obj, now), ['w', 2, null, 7, true, null, '7', '["a","b"]', null, '<no value>', '24h', '<invalid>', null, '<unknown>', 'True', null]);
});
