// cel-go's sets extension: sets.contains, sets.equivalent, sets.intersects over lists, with the engine's
// equality (cross-type numeric equality applies there).

import { decl, type OverloadDecl } from './overloads.js';
import type { Equals } from './lists.js';

const has = <T>(list: readonly T[], item: T, equals: Equals<T>): boolean => list.some((x) => equals(item, x));

/** `sets.contains(list, sublist)`: every element of sublist is in list (true for an empty sublist). */
export const setsContains = <T>(list: readonly T[], sublist: readonly T[], equals: Equals<T>): boolean =>
  sublist.every((x) => has(list, x, equals));

/** `sets.equivalent(a, b)`: each contains the other (duplicates and order ignored). */
export const setsEquivalent = <T>(a: readonly T[], b: readonly T[], equals: Equals<T>): boolean =>
  setsContains(a, b, equals) && setsContains(b, a, equals);

/** `sets.intersects(a, b)`: at least one shared element. */
export const setsIntersects = <T>(a: readonly T[], b: readonly T[], equals: Equals<T>): boolean =>
  a.some((x) => has(b, x, equals));

export const SETS_OVERLOADS: readonly OverloadDecl[] = [
  decl('sets.contains', 'list_sets_contains_list', false, ['list(T)', 'list(T)'], 'bool'),
  decl('sets.equivalent', 'list_sets_equivalent_list', false, ['list(T)', 'list(T)'], 'bool'),
  decl('sets.intersects', 'list_sets_intersects_list', false, ['list(T)', 'list(T)'], 'bool'),
];

/** cel-go's runtime cost: 1 + ⌊size(a)·size(b)·factor⌋, factor 2 for equivalent, 1 otherwise. */
export const setsCost = (fn: 'sets.contains' | 'sets.equivalent' | 'sets.intersects', sizeA: number, sizeB: number): number =>
  1 + Math.floor(sizeA * sizeB * (fn === 'sets.equivalent' ? 2 : 1));

