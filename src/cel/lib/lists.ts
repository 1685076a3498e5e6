// Kubernetes' lists library (isSorted, sum, min, max, indexOf, lastIndexOf) over plain arrays. Element
// semantics come from the engine through callbacks, so these functions stay independent of its values.

import { CelLibraryError } from './errors.js';
import { decl, type OverloadDecl } from './overloads.js';

/**
 * cel-go's Compare: -1, 0 or 1; anything else (NaN) when the values do not compare, which Kubernetes'
 * functions treat as "no preference" rather than an error.
 */
export type Compare<T> = (a: T, b: T) => number;
/** cel-go's Equal (heterogeneous equality: true only when equal). */
export type Equals<T> = (a: T, b: T) => boolean;
/** cel-go's Add; throws CelLibraryError on overflow ("integer overflow"). */
export type Add<T> = (a: T, b: T) => T;

/** `<list>.isSorted()`: no element compares greater than the next one. */
export function isSorted<T>(list: readonly T[], compare: Compare<T>): boolean {
  for (let i = 1; i < list.length; i++) if (compare(list[i - 1]!, list[i]!) === 1) return false;
  return true;
}

/** `<list>.sum()`: zero of the element type plus every element, left to right. */
export function sum<T>(list: readonly T[], zero: T, add: Add<T>): T {
  let acc = zero;
  for (const v of list) acc = add(acc, v);
  return acc;
}

function pick<T>(list: readonly T[], compare: Compare<T>, prefer: 1 | -1, name: string): T {
  if (list.length === 0) throw new CelLibraryError(`${name} called on empty list`);
  let result = list[0]!;
  for (let i = 1; i < list.length; i++) if (compare(result, list[i]!) === prefer) result = list[i]!;
  return result;
}

/** `<list>.min()`: the first of the smallest elements; error on an empty list. */
export const min = <T>(list: readonly T[], compare: Compare<T>): T => pick(list, compare, 1, 'min');

/** `<list>.max()`: the first of the largest elements; error on an empty list. */
export const max = <T>(list: readonly T[], compare: Compare<T>): T => pick(list, compare, -1, 'max');

/** `<list>.indexOf(e)`: first position of an equal element, or -1. */
export function indexOf<T>(list: readonly T[], item: T, equals: Equals<T>): bigint {
  for (let i = 0; i < list.length; i++) if (equals(list[i]!, item)) return BigInt(i);
  return -1n;
}

/** `<list>.lastIndexOf(e)`: last position of an equal element, or -1. */
export function lastIndexOf<T>(list: readonly T[], item: T, equals: Equals<T>): bigint {
  for (let i = list.length - 1; i >= 0; i--) if (equals(list[i]!, item)) return BigInt(i);
  return -1n;
}

/** Element types the overloads are declared for (Kubernetes' comparable and summable types). */
export const LIST_COMPARABLE_TYPES = ['int', 'uint', 'double', 'bool', 'duration', 'timestamp', 'string', 'bytes'] as const;
export const LIST_SUMMABLE_TYPES = ['int', 'uint', 'double', 'duration'] as const;

// Overload ids as Kubernetes names them: list_<type>_is_sorted_bool, list_<type>_sum_<type>, …
export const LISTS_OVERLOADS: readonly OverloadDecl[] = [
  ...LIST_COMPARABLE_TYPES.map((t) => decl('isSorted', `list_${t}_is_sorted_bool`, true, [`list(${t})`], 'bool')),
  ...LIST_SUMMABLE_TYPES.map((t) => decl('sum', `list_${t}_sum_${t}`, true, [`list(${t})`], t)),
  ...LIST_COMPARABLE_TYPES.map((t) => decl('max', `list_${t}_max_${t}`, true, [`list(${t})`], t)),
  ...LIST_COMPARABLE_TYPES.map((t) => decl('min', `list_${t}_min_${t}`, true, [`list(${t})`], t)),
  // Type parameter A: any element type with equality.
  decl('indexOf', 'list_a_index_of_int', true, ['list(A)', 'A'], 'int'),
  decl('lastIndexOf', 'list_a_last_index_of_int', true, ['list(A)', 'A'], 'int'),
];
