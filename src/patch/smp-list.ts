// Strategic merge patch on lists: merging by merge key or as a set of scalars, the list
// directives (`$patch: delete|replace` items, `$deleteFromPrimitiveList`), and the ordering kube
// gives the merged list (patch order first where it knows no better, server order otherwise).
import type { PatchMeta } from './patch-meta.js';
import { ApiserverPanic } from './patch-errors.js';
import { goSprintS, goSprintV, goTypeName } from '../golang/fmt.js';
import { ERR_LIST_OF_LISTS, SmpError, mergeFailure } from './smp-error.js';
import { MAP_TYPE, assertHashable, errBadArgType, errNoMergeKey, goEquals, hasOwn, isMap, type JsonMap } from './smp-values.js';

export type MergeMapFn = (original: JsonMap, patch: JsonMap, meta: PatchMeta) => JsonMap;

/** The one dynamic type of all elements of the lists ('map', 'string', 'int64', ...). */
export function sliceElementKind(lists: unknown[][]): string {
  let kind: string | undefined;
  for (const list of lists) {
    for (const v of list) {
      const t = v === null || v === undefined ? undefined : goTypeName(v);
      if (kind === undefined) {
        // kube asks the first element's type for its kind, which panics on a null element.
        if (t === undefined) throw new ApiserverPanic('invalid memory address or nil pointer dereference');
        if (t === '[]interface {}') throw new SmpError(ERR_LIST_OF_LISTS, 'unprocessable');
        kind = t;
      } else if (t !== kind) {
        throw mergeFailure(`list element types are not identical: ${goSprintV(lists)}`);
      }
    }
  }
  if (kind === undefined) throw mergeFailure('no elements in any of the given slices');
  return kind === MAP_TYPE ? 'map' : kind;
}

/** The first map of `list` whose `key` equals `value`, by index. */
function findByKey(list: unknown[], key: string, value: unknown): number {
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (!isMap(item)) throw mergeFailure(`value for key ${i} is not a map`);
    if (hasOwn(item, key) && goEquals(item[key], value)) return i;
  }
  return -1;
}

/** Position of `v` in `list`: by merge-key value for maps, by value otherwise. */
function indexIn(list: unknown[], v: unknown, mergeKey: string, kind: string): number {
  const keyOf = kind === 'map' ? (item: unknown) => (isMap(item) ? (item[mergeKey] ?? null) : null) : (item: unknown) => item;
  const want = keyOf(v);
  return list.findIndex((item) => goEquals(want, keyOf(item)));
}

function validateMergeKeys(mergeKey: string, ...lists: unknown[][]): void {
  for (const list of lists) {
    for (const item of list) {
      if (!isMap(item)) throw errBadArgType(MAP_TYPE, item);
      if (!hasOwn(item, mergeKey)) throw errNoMergeKey(item, mergeKey);
    }
  }
}

function splitDeleteItems(list: unknown[]): [unknown[], unknown[]] {
  const keep: unknown[] = [];
  const del: unknown[] = [];
  for (const v of list) {
    if (!isMap(v)) throw errBadArgType(MAP_TYPE, v);
    (hasOwn(v, '$patch') && v.$patch === 'delete' ? del : keep).push(v);
  }
  return [keep, del];
}

// Sorts by position in `order`. Items missing from `order` compare as "less" against anything,
// which is not a consistent order; kube's stable sort then behaves like this insertion sort
// (exactly so for lists of up to 20 items, its insertion-sort block size).
function sortByOrder(toSort: unknown[], order: unknown[], mergeKey: string, kind: string): unknown[] {
  const out = [...toSort];
  const pos = out.map((v) => indexIn(order, v, mergeKey, kind));
  const less = (i: number, j: number): boolean => (pos[i]! >= 0 && pos[j]! >= 0 ? pos[i]! < pos[j]! : true);
  for (let i = 1; i < out.length; i++) {
    for (let j = i; j > 0 && less(j, j - 1); j--) {
      [out[j], out[j - 1]] = [out[j - 1], out[j]];
      [pos[j], pos[j - 1]] = [pos[j - 1]!, pos[j]!];
    }
  }
  return out;
}

function normalizeSliceOrder(toSort: unknown[], order: unknown[], mergeKey: string, kind: string): unknown[] {
  let deleted: unknown[] = [];
  if (kind === 'map') {
    validateMergeKeys(mergeKey, toSort, order);
    [toSort, deleted] = splitDeleteItems(toSort);
  }
  return [...sortByOrder(toSort, order, mergeKey, kind), ...deleted];
}

/**
 * Orders a merged list: patch items by `patchOrder`, server-only items by `serverOrder`, then
 * interleaved — a server-only item goes first only when both heads are in `serverOrder` and it
 * comes earlier there.
 */
export function normalizeElementOrder(patchItems: unknown[], serverOnly: unknown[], patchOrder: unknown[], serverOrder: unknown[], mergeKey: string, kind: string): unknown[] {
  const right = normalizeSliceOrder(patchItems, patchOrder, mergeKey, kind);
  const left = normalizeSliceOrder(serverOnly, serverOrder, mergeKey, kind);
  const out: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (j >= right.length) out.push(left[i++]);
    else if (i >= left.length) out.push(right[j++]);
    else {
      const li = indexIn(serverOrder, left[i], mergeKey, kind);
      const ri = indexIn(serverOrder, right[j], mergeKey, kind);
      out.push(li >= 0 && ri >= 0 && li < ri ? left[i++] : right[j++]);
    }
  }
  return out;
}

/** Splits `merged` into items present in `by` (patch items) and the rest (server-only items). */
export function partitionByPresence(merged: unknown[], by: unknown[], mergeKey: string): [unknown[], unknown[]] {
  const inPatch: unknown[] = [];
  const serverOnly: unknown[] = [];
  if (mergeKey === '') {
    by.forEach(assertHashable);
    for (const v of merged) {
      assertHashable(v);
      (by.some((b) => goEquals(b, v)) ? inPatch : serverOnly).push(v);
    }
    return [inPatch, serverOnly];
  }
  for (const v of merged) {
    if (!isMap(v)) throw errBadArgType(MAP_TYPE, v);
    if (!hasOwn(v, mergeKey)) throw errNoMergeKey(v, mergeKey);
    (findByKey(by, mergeKey, v[mergeKey]) >= 0 ? inPatch : serverOnly).push(v);
  }
  return [inPatch, serverOnly];
}

/** Scalars: original then patch, first occurrences kept. */
function unionScalars(original: unknown[], patch: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const v of [...original, ...patch]) if (!out.some((o) => goEquals(o, v))) out.push(v);
  return out;
}

// kube merges a list inside the live list's backing array, the way Go slices work: a deleted item
// shifts the rest left (leaving a stale copy of the last item at the end), and appended items
// fill the freed tail. A caller that reads the live list again afterwards (the $setElementOrder
// ordering does) sees those edits. The live list is taken to have no spare capacity.
class Backing {
  len: number;
  constructor(public arr: unknown[]) {
    this.len = arr.length;
  }
  items(): unknown[] {
    return this.arr.slice(0, this.len);
  }
  removeAt(i: number): void {
    for (let t = i; t < this.len - 1; t++) this.arr[t] = this.arr[t + 1];
    this.len--;
  }
  append(v: unknown): void {
    if (this.len === this.arr.length) this.arr = this.items(); // reallocated: no longer the caller's array
    this.arr[this.len++] = v;
  }
}

// Applies the `$patch` items of a merge-keyed patch list: deletions remove every matching original
// item, `replace` makes the rest of the patch list the result. Returns the ordinary items, or
// undefined for `replace`.
function applyListDirectives(original: Backing, patch: unknown[], mergeKey: string): unknown[] | undefined {
  const ordinary: unknown[] = [];
  let replace = false;
  for (const v of patch as JsonMap[]) {
    if (!hasOwn(v, '$patch')) {
      ordinary.push(v);
      continue;
    }
    const directive = v.$patch;
    if (directive === 'delete') {
      if (!hasOwn(v, mergeKey)) throw errNoMergeKey(v, mergeKey);
      for (let i = findByKey(original.items(), mergeKey, v[mergeKey]); i >= 0; i = findByKey(original.items(), mergeKey, v[mergeKey])) original.removeAt(i);
    } else if (directive === 'replace') replace = true;
    else if (directive === 'merge') throw mergeFailure('merging lists cannot yet be specified in the patch');
    else throw mergeFailure(`unknown patch type: ${goSprintS(directive)} in map: ${goSprintV(v)}`);
  }
  return replace ? undefined : ordinary;
}

function mergeByKey(original: Backing, patch: unknown[], mergeKey: string, meta: PatchMeta, mergeMap: MergeMapFn): unknown[] {
  for (const v of patch as JsonMap[]) {
    if (!hasOwn(v, mergeKey)) throw errNoMergeKey(v, mergeKey);
    const i = findByKey(original.items(), mergeKey, v[mergeKey]);
    if (i >= 0) original.arr[i] = mergeMap(original.arr[i] as JsonMap, v, meta);
    else original.append(v); // new items are taken as sent: nulls and directives inside are not cleaned
  }
  return original.items();
}

/**
 * Merges a patch list into an original list of a field with strategy `merge` (or a
 * `$deleteFromPrimitiveList` list when `isDeleteList`). `meta` describes the items. A list of maps
 * `original` is edited in place as kube edits it (see Backing).
 */
export function mergeSlice(original: unknown[], patch: unknown[], meta: PatchMeta, mergeKey: string, isDeleteList: boolean, mergeMap: MergeMapFn): unknown[] {
  if (original.length === 0 && patch.length === 0) return original;
  const kind = sliceElementKind([original, patch]);
  let merged: unknown[];
  if (kind !== 'map') {
    if (isDeleteList) {
      patch.forEach(assertHashable);
      return original.filter((v) => !patch.some((p) => goEquals(p, v)));
    }
    merged = unionScalars(original, patch);
  } else {
    if (mergeKey === '') throw mergeFailure(`cannot merge lists without merge key for ${meta.name}`);
    // `original` is edited in place (see Backing); ordering uses the list as it was after deletions.
    const backing = new Backing(original);
    const ordinary = applyListDirectives(backing, patch, mergeKey);
    if (ordinary === undefined) {
      original = patch.filter((v) => !hasOwn(v as JsonMap, '$patch'));
      patch = [];
      merged = original;
    } else {
      original = backing.items();
      patch = ordinary;
      merged = mergeByKey(backing, patch, mergeKey, meta, mergeMap);
    }
  }
  const [patchItems, serverOnly] = partitionByPresence(merged, patch, mergeKey);
  return normalizeElementOrder(patchItems, serverOnly, patch, original, mergeKey, kind);
}

/**
 * Checks a `$setElementOrder` list against the patch list of the same field: the patch's items
 * (deletions and directive items aside) must appear in the order list in the same relative order.
 */
export function validateSetElementOrder(patchList: unknown[], order: unknown[], mergeKey: string): void {
  if (order.length === 0 || patchList.length === 0) return;
  const items = mergeKey ? splitDeleteItems(patchList)[0] : patchList;
  let p = 0;
  let s = 0;
  while (p < items.length && s < order.length) {
    const item = items[p];
    if (isMap(item) && hasOwn(item, '$patch')) {
      p++;
      continue;
    }
    if (sameKey(item, order[s], mergeKey)) p++;
    s++;
  }
  if (p < items.length && s >= order.length) {
    throw mergeFailure(`The order in patch list:\n${goSprintV(patchList)}\n doesn't match $setElementOrder list:\n${goSprintV(order)}\n`);
  }
}

function sameKey(left: unknown, right: unknown, mergeKey: string): boolean {
  if (!mergeKey) return goEquals(left, right);
  if (!isMap(left)) throw errBadArgType(MAP_TYPE, left);
  if (!isMap(right)) throw errBadArgType(MAP_TYPE, right);
  if (!hasOwn(left, mergeKey)) throw errNoMergeKey(left, mergeKey);
  if (!hasOwn(right, mergeKey)) throw errNoMergeKey(right, mergeKey);
  return goEquals(left[mergeKey], right[mergeKey]);
}
