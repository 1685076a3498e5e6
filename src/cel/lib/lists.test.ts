import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CelLibraryError } from './errors.js';
import { indexOf, isSorted, lastIndexOf, LISTS_OVERLOADS, max, min, sum } from './lists.js';
import { setsContains, setsCost, setsEquivalent, setsIntersects } from './sets.js';

const cmp = (a: number, b: number): number => (a < b ? -1 : a > b ? 1 : a === b ? 0 : NaN);
const eq = (a: number, b: number): boolean => a === b;
const add = (a: bigint, b: bigint): bigint => {
  const c = a + b;
  if (c > 2n ** 63n - 1n || c < -(2n ** 63n)) throw new CelLibraryError('integer overflow');
  return c;
};

test('isSorted, min and max use the compare callback', () => {
  assert.equal(isSorted([], cmp), true);
  assert.equal(isSorted([1, 2, 2, 3], cmp), true);
  assert.equal(isSorted([1, 3, 2], cmp), false);
  assert.equal(isSorted([1, NaN, 0], cmp), true); // incomparable pairs do not count as out of order
  assert.equal(min([3, 1, 2], cmp), 1);
  assert.equal(max([3, 1, 2], cmp), 3);
  assert.equal(max([NaN, 1], cmp), NaN); // kube keeps the first when compare has no answer
  assert.throws(() => min([], cmp), (e: unknown) => e instanceof CelLibraryError && e.message === 'min called on empty list');
  assert.throws(() => max([], cmp), (e: unknown) => e instanceof CelLibraryError && e.message === 'max called on empty list');
  const byKey = (a: { k: number }, b: { k: number }): number => cmp(a.k, b.k);
  const first = { k: 1 };
  assert.equal(min([first, { k: 1 }], byKey), first); // ties keep the first
});

test('sum starts from the zero value and propagates overflow', () => {
  assert.equal(sum([], 0n, add), 0n);
  assert.equal(sum([1n, 2n, 3n], 0n, add), 6n);
  assert.throws(() => sum([2n ** 62n, 2n ** 62n], 0n, add), (e: unknown) => e instanceof CelLibraryError && e.message === 'integer overflow');
});

test('indexOf and lastIndexOf', () => {
  assert.equal(indexOf([1, 2, 1], 1, eq), 0n);
  assert.equal(lastIndexOf([1, 2, 1], 1, eq), 2n);
  assert.equal(indexOf([1, 2], 5, eq), -1n);
  assert.equal(lastIndexOf([], 5, eq), -1n);
  assert.ok(LISTS_OVERLOADS.some((o) => o.overloadId === 'list_timestamp_is_sorted_bool'));
  assert.ok(LISTS_OVERLOADS.some((o) => o.overloadId === 'list_duration_sum_duration'));
  assert.ok(!LISTS_OVERLOADS.some((o) => o.overloadId === 'list_string_sum_string'));
});

test('sets.contains, equivalent, intersects', () => {
  assert.equal(setsContains([], [], eq), true);
  assert.equal(setsContains([1, 2, 3], [], eq), true);
  assert.equal(setsContains([1, 2, 3], [3, 1, 1], eq), true);
  assert.equal(setsContains([1, 2], [3], eq), false);
  assert.equal(setsEquivalent([1, 2, 2], [2, 1], eq), true);
  assert.equal(setsEquivalent([1, 2], [1], eq), false);
  assert.equal(setsIntersects([], [], eq), false);
  assert.equal(setsIntersects([1, 2], [3, 2], eq), true);
  assert.equal(setsIntersects([1], [2], eq), false);
  assert.equal(setsCost('sets.contains', 3, 4), 13);
  assert.equal(setsCost('sets.equivalent', 3, 4), 25);
});
