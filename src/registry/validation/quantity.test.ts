import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareQuantities, parseQuantity, quantityString } from './quantity.js';

const str = (s: string): string | undefined => {
  const q = parseQuantity(s);
  return q && quantityString(q);
};

test("Quantity.String(): kube's canonical forms", () => {
  const cases: [string, string][] = [
    ['2', '2'],
    ['1000m', '1'],
    ['0.5', '500m'],
    ['2.5', '2500m'],
    ['1000', '1k'],
    ['0.1m', '100u'],
    ['1024Mi', '1Gi'],
    ['1536Mi', '1536Mi'],
    ['0.5Gi', '512Mi'],
    ['1.5Gi', '1536Mi'],
    ['0.5Ki', '512'],
    ['2048Ki', '2Mi'],
    ['129e6', '129e6'],
    ['0m', '0'],
  ];
  for (const [input, want] of cases) assert.equal(str(input), want, input);
  assert.equal(parseQuantity('1.2.3'), undefined);
  assert.equal(parseQuantity('5Xi'), undefined);
});

test('comparison is exact across formats', () => {
  const cmp = (a: string, b: string): number => compareQuantities(parseQuantity(a)!, parseQuantity(b)!);
  assert.equal(cmp('1Gi', '1G'), 1);
  assert.equal(cmp('1000m', '1'), 0);
  assert.equal(cmp('1n', '0.0000000001'), 0);
  assert.equal(cmp('999Mi', '1Gi'), -1);
});
