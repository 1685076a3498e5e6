import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GoValue } from '../../errors/field-error.js';
import { goFieldValue, goFloat } from './go-value.js';

test('goFloat prints a schema bound as Go\'s %v of a float64', () => {
  assert.deepEqual([1, 2.5, 1e5, 1e6, 1234567.5, 1e21, 0.0001, 0.00001].map(goFloat), ['1', '2.5', '100000', '1e+06', '1.2345675e+06', '1e+21', '0.0001', '1e-05']);
});

test('goFieldValue: integral values are int64, others float64 %v, aggregates in %#v', () => {
  assert.equal(goFieldValue(1000000), 1000000);
  assert.deepEqual(goFieldValue(1234567.5), new GoValue('1.2345675e+06'));
  assert.deepEqual(goFieldValue([1, 0.5, 2e6, 'a', true, null]), new GoValue('[]interface {}{1, 0.5, 2000000, "a", true, interface {}(nil)}'));
  assert.deepEqual(goFieldValue({ b: 1e-7, a: { c: [] } }), new GoValue('map[string]interface {}{"a":map[string]interface {}{"c":[]interface {}{}}, "b":1e-07}'));
});
