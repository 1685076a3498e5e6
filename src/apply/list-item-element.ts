// The path element of an item of an associative list (ssa.md §2.6): the key fields of a list-map item (a
// missing key field takes its schema default), or the value of a set item.
import type { ListAtom } from './merge-type.js';
import { goQuote } from '../golang/strconv.js';
import { keyElement, keyPrefix, stringKeyElement, valueElement, type JsonValue, type PathElement } from './path-element.js';

export class ListItemError extends Error {}

const isObject = (v: unknown): v is Record<string, JsonValue> => typeof v === 'object' && v !== null && !Array.isArray(v);

const prefixes = new WeakMap<ListAtom, string>();

function prefixOf(list: ListAtom, name: string): string {
  let p = prefixes.get(list);
  if (p === undefined) prefixes.set(list, (p = keyPrefix(name)));
  return p;
}

export function listItemElement(list: ListAtom, item: unknown): PathElement {
  if (list.relationship !== 'associative') throw new ListItemError('invalid indexing of non-associative list');
  if (list.keys.length > 0) {
    if (item === null || item === undefined) throw new ListItemError('associative list with keys may not have a null element');
    if (!isObject(item)) throw new ListItemError('associative list with keys may not have non-map elements');
    if (list.keys.length === 1) {
      // The common key (a name): one field holding a string.
      const name = list.keys[0]!;
      const v = Object.prototype.hasOwnProperty.call(item, name) ? item[name] : undefined;
      if (typeof v === 'string') return stringKeyElement(prefixOf(list, name), name, v);
    }
    const fields: Array<[string, JsonValue]> = [];
    for (const name of list.keys) {
      if (Object.prototype.hasOwnProperty.call(item, name)) fields.push([name, item[name]!]);
      else {
        const d = list.keyDefault(name);
        if (d === undefined) throw new ListItemError(`associative list with keys has an element that omits key field ${goQuote(name)} (and doesn't have default value)`);
        fields.push([name, d as JsonValue]);
      }
    }
    return keyElement(fields);
  }
  if (isObject(item)) throw new ListItemError("associative list without keys has an element that's a map type");
  if (Array.isArray(item)) throw new ListItemError('not supported: associative list with lists as elements');
  if (item === null || item === undefined) throw new ListItemError("associative list without keys has an element that's an explicit null");
  return valueElement(item as JsonValue);
}

/** Path elements of a list's items; items whose element cannot be built are skipped (lenient walks). */
export function itemElements(list: ListAtom, items: readonly unknown[]): ReadonlyArray<PathElement | undefined> {
  return itemElementsOrErrors(list, items).elements;
}

export interface ItemElements {
  /** Per item, its element; undefined where it cannot be built. */
  readonly elements: ReadonlyArray<PathElement | undefined>;
  /** Per item, why not (sparse). */
  readonly errors: ReadonlyArray<unknown>;
}

// The elements of the lists of values that do not change while an apply runs (its configuration, the live object,
// the merge result), which the apply's walks (check, merge, field sets, compare) look up again and again.
let memo: Map<readonly unknown[], { list: ListAtom; found: ItemElements }> | undefined;

/** Runs fn with list-item elements remembered per list array; no list fn walks may change meanwhile. */
export function withItemElementMemo<T>(fn: () => T): T {
  if (memo) return fn();
  memo = new Map();
  try {
    return fn();
  } finally {
    memo = undefined;
  }
}

export function itemElementsOrErrors(list: ListAtom, items: readonly unknown[]): ItemElements {
  const hit = memo?.get(items);
  if (hit && hit.list === list) return hit.found;
  const elements: Array<PathElement | undefined> = new Array(items.length);
  const errors: unknown[] = [];
  for (let i = 0; i < items.length; i++) {
    try {
      elements[i] = listItemElement(list, items[i]);
    } catch (e) {
      elements[i] = undefined;
      errors[i] = e;
    }
  }
  const found = { elements, errors };
  memo?.set(items, { list, found });
  return found;
}
