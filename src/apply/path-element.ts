// Path elements of field sets (ssa.md §1.1, §1.3, §1.4): a field name (`f:`), an associative-list key (`k:`),
// a set value (`v:`) or a list index (`i:`). Their FieldsV1 strings double as identities inside a set.
import { goQuote } from '../golang/strconv.js';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type PathElement =
  | { readonly kind: 'f'; readonly name: string }
  | { readonly kind: 'k'; readonly key: ReadonlyArray<readonly [string, JsonValue]> }
  | { readonly kind: 'v'; readonly value: JsonValue }
  | { readonly kind: 'i'; readonly index: number };

export type Path = readonly PathElement[];

// An element's FieldsV1 string rides on the element as a non-enumerable property (elements stay plain data for
// comparisons and JSON), set when the element is made or on first use.
const STRING = Symbol('fieldsV1 string');

function withString<T extends PathElement>(pe: T, s: string): T {
  Object.defineProperty(pe, STRING, { value: s });
  return pe;
}

// Field elements are interned (bounded) so that their strings are computed once.
const fieldElements = new Map<string, PathElement>();

export function fieldPE(name: string): PathElement {
  let pe = fieldElements.get(name);
  if (!pe) {
    if (fieldElements.size > 50_000) fieldElements.clear();
    pe = withString({ kind: 'f', name }, `f:${name}`);
    fieldElements.set(name, pe);
  }
  return pe;
}

const byName = (a: readonly [string, JsonValue], b: readonly [string, JsonValue]): number => compareStrings(a[0], b[0]);

/** A key element; fields are sorted by name as upstream sorts them. */
export function keyPE(fields: Array<readonly [string, JsonValue]>): PathElement {
  return { kind: 'k', key: fields.length < 2 ? fields.slice() : [...fields].sort(byName) };
}

export const valuePE = (value: JsonValue): PathElement => ({ kind: 'v', value });

// Elements of list items (keys, set values) are interned by their string when their values are scalars: the items
// of a list are walked several times per write (check, merge, field set) and look the same from write to write.
const itemElementsByString = new Map<string, PathElement>();
const MAX_INTERNED_STRING = 512;

const isScalar = (v: JsonValue): boolean => v === null || typeof v !== 'object';

function internItem(s: string, pe: PathElement): PathElement {
  withString(pe, s);
  if (s.length <= MAX_INTERNED_STRING) {
    if (itemElementsByString.size > 50_000) itemElementsByString.clear();
    itemElementsByString.set(s, pe);
  }
  return pe;
}

/** keyPE of a list-map item's key fields, shared between equal keys of scalar values. */
export function keyElement(fields: Array<readonly [string, JsonValue]>): PathElement {
  const sorted = fields.length < 2 ? fields : [...fields].sort(byName);
  let s = 'k:{';
  for (let i = 0; i < sorted.length; i++) {
    const [n, v] = sorted[i]!;
    if (!isScalar(v)) return keyPE(fields);
    if (i) s += ',';
    s += `${htmlEscape(JSON.stringify(n))}:${goJson(v)}`;
  }
  s += '}';
  return itemElementsByString.get(s) ?? internItem(s, { kind: 'k', key: sorted.slice() });
}

/** keyElement of a key of one field whose value is a string, from `k:{"<name>":` (the caller's, made once). */
export function stringKeyElement(prefix: string, name: string, value: string): PathElement {
  const s = `${prefix}${htmlEscape(JSON.stringify(value))}}`;
  return itemElementsByString.get(s) ?? internItem(s, { kind: 'k', key: [[name, value]] });
}

/** The start of the string of a one-field key element: `k:{"<name>":`. */
export const keyPrefix = (name: string): string => `k:{${htmlEscape(JSON.stringify(name))}:`;

/** valuePE of a set item, shared between equal scalar values. */
export function valueElement(value: JsonValue): PathElement {
  if (!isScalar(value)) return valuePE(value);
  const s = `v:${goJson(value)}`;
  return itemElementsByString.get(s) ?? internItem(s, { kind: 'v', value });
}

/** Code point order of a UTF-16 unit: surrogates (non-BMP) sort after U+E000–U+FFFF, as in UTF-8. */
const unitOrder = (c: number): number => (c >= 0xd800 && c <= 0xdfff ? c + 0x2000 : c >= 0xe000 ? c - 0x800 : c);

/** Bytewise (UTF-8) comparison, as Go's strings.Compare. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return unitOrder(x) < unitOrder(y) ? -1 : 1;
  }
  return a.length < b.length ? -1 : 1;
}

const rank = (v: JsonValue): number => {
  if (typeof v === 'number') return 0;
  if (typeof v === 'string') return 1;
  if (typeof v === 'boolean') return 2;
  if (Array.isArray(v)) return 3;
  if (v !== null && typeof v === 'object') return 4;
  return 5; // null
};

/** Value order: numbers < strings < booleans < lists < maps < null (ssa.md §1.4). */
export function compareValues(a: JsonValue, b: JsonValue): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 0:
      return (a as number) === (b as number) ? 0 : (a as number) < (b as number) ? -1 : 1;
    case 1:
      return compareStrings(a as string, b as string);
    case 2:
      return a === b ? 0 : a ? 1 : -1;
    case 3: {
      const la = a as JsonValue[];
      const lb = b as JsonValue[];
      for (let i = 0; i < Math.min(la.length, lb.length); i++) {
        const c = compareValues(la[i]!, lb[i]!);
        if (c) return c;
      }
      return la.length === lb.length ? 0 : la.length < lb.length ? -1 : 1;
    }
    case 4: {
      const ka = Object.keys(a as object).sort(compareStrings);
      const kb = Object.keys(b as object).sort(compareStrings);
      for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
        const c = compareStrings(ka[i]!, kb[i]!) || compareValues((a as Record<string, JsonValue>)[ka[i]!]!, (b as Record<string, JsonValue>)[kb[i]!]!);
        if (c) return c;
      }
      return ka.length === kb.length ? 0 : ka.length < kb.length ? -1 : 1;
    }
    default:
      return 0;
  }
}

const KIND_ORDER = { f: 0, k: 1, v: 2, i: 3 } as const;

/** Element order: all f: by name, then k: field by field, then v: by value, then i: numerically. */
export function compareElements(a: PathElement, b: PathElement): number {
  if (a.kind !== b.kind) return KIND_ORDER[a.kind] < KIND_ORDER[b.kind] ? -1 : 1;
  switch (a.kind) {
    case 'f':
      return compareStrings(a.name, (b as typeof a).name);
    case 'k': {
      const kb = (b as typeof a).key;
      for (let i = 0; i < Math.min(a.key.length, kb.length); i++) {
        const c = compareStrings(a.key[i]![0], kb[i]![0]) || compareValues(a.key[i]![1], kb[i]![1]);
        if (c) return c;
      }
      return a.key.length === kb.length ? 0 : a.key.length < kb.length ? -1 : 1;
    }
    case 'v':
      return compareValues(a.value, (b as typeof a).value);
    case 'i':
      return a.index === (b as typeof a).index ? 0 : a.index < (b as typeof a).index ? -1 : 1;
  }
}

/** Go's encoding/json with HTML escaping (jsoniter's standard-library-compatible mode), map keys sorted. */
export function goJson(v: JsonValue): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return htmlEscape(JSON.stringify(v));
  if (typeof v === 'number' || typeof v === 'boolean') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(goJson).join(',')}]`;
  const keys = Object.keys(v).sort(compareStrings);
  return `{${keys.map((k) => `${htmlEscape(JSON.stringify(k))}:${goJson(v[k]!)}`).join(',')}}`;
}

const HTML_UNSAFE = /[<>&\u2028\u2029]/;
const htmlEscape = (s: string): string =>
  HTML_UNSAFE.test(s) ? s.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : s;

const strings = new WeakMap<PathElement, string>();

/** The FieldsV1 string of an element (`f:name`, `k:{"name":"x"}`, `v:"a"`, `i:3`); computed once per element. */
export function elementString(pe: PathElement): string {
  let s = (pe as { [STRING]?: string })[STRING];
  if (s !== undefined) return s;
  if (Object.isExtensible(pe)) {
    s = buildElementString(pe);
    withString(pe, s);
    return s;
  }
  s = strings.get(pe);
  if (s === undefined) {
    s = buildElementString(pe);
    strings.set(pe, s);
  }
  return s;
}

function buildElementString(pe: PathElement): string {
  switch (pe.kind) {
    case 'f':
      return `f:${pe.name}`;
    case 'k':
      return `k:{${pe.key.map(([n, v]) => `${htmlEscape(JSON.stringify(n))}:${goJson(v)}`).join(',')}}`;
    case 'v':
      return `v:${goJson(pe.value)}`;
    case 'i':
      return `i:${pe.index}`;
  }
}

/** Thrown for an element string that cannot be parsed; the whole managedFields list is then undecodable. */
export class FieldsV1Error extends Error {}

/**
 * Parses an element string. Returns undefined for an unknown prefix letter (the caller drops the subtree, for
 * forward compatibility). Text after the first JSON value of a `k:`/`v:` payload is ignored, as in the
 * structured-merge-diff release 1.33 uses.
 */
export function parseElement(s: string): PathElement | undefined {
  if (s.length < 2 || s[1] !== ':') throw new FieldsV1Error(`unable to parse path element: ${s}`);
  const payload = s.slice(2);
  switch (s[0]) {
    case 'f':
      return fieldPE(payload);
    case 'k': {
      const v = firstJsonValue(payload);
      if (v === null) return { kind: 'k', key: [] };
      if (typeof v !== 'object' || Array.isArray(v)) throw new FieldsV1Error(`expected map, got ${payload}`);
      return keyPE(Object.entries(v));
    }
    case 'v':
      return valuePE(firstJsonValue(payload));
    case 'i': {
      if (!/^-?\d+$/.test(payload)) throw new FieldsV1Error(`strconv.Atoi: parsing ${goQuote(payload)}: invalid syntax`);
      return { kind: 'i', index: Number(payload) };
    }
    default:
      return undefined;
  }
}

/** The first JSON value of a text; trailing text is ignored. */
function firstJsonValue(text: string): JsonValue {
  const end = jsonValueEnd(text, skipSpace(text, 0));
  if (end < 0) throw new FieldsV1Error(`invalid JSON value: ${text}`);
  try {
    return JSON.parse(text.slice(0, end)) as JsonValue;
  } catch (e) {
    throw new FieldsV1Error((e as Error).message);
  }
}

function skipSpace(t: string, i: number): number {
  while (i < t.length && ' \t\r\n'.includes(t[i]!)) i++;
  return i;
}

/** End offset of the JSON value starting at i, or -1. Nesting and strings are tracked; content is checked by JSON.parse. */
function jsonValueEnd(t: string, i: number): number {
  const c = t[i];
  if (c === undefined) return -1;
  if (c === '"') {
    for (let j = i + 1; j < t.length; j++) {
      if (t[j] === '\\') j++;
      else if (t[j] === '"') return j + 1;
    }
    return -1;
  }
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let j = i; j < t.length; j++) {
      const ch = t[j];
      if (ch === '"') {
        j = jsonValueEnd(t, j) - 1;
        if (j < 0) return -1;
      } else if (ch === '{' || ch === '[') depth++;
      else if (ch === '}' || ch === ']') {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return -1;
  }
  const m = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(t.slice(i));
  return m ? i + m[0].length : -1;
}

/** A value as conflict paths print it: Go %q for strings, %v for numbers and booleans. */
export function valueText(v: JsonValue): string {
  if (typeof v === 'string') return goQuote(v);
  if (v === null) return 'null';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return goJson(v);
}

/** One element as conflict paths print it: `.name`, `[k=v,k2=v2]`, `[="x"]`, `[3]`. */
export function elementText(pe: PathElement): string {
  switch (pe.kind) {
    case 'f':
      return `.${pe.name}`;
    case 'k':
      return `[${pe.key.map(([n, v]) => `${n}=${valueText(v)}`).join(',')}]`;
    case 'v':
      return `[=${valueText(pe.value)}]`;
    case 'i':
      return `[${pe.index}]`;
  }
}

export const pathText = (p: Path): string => p.map(elementText).join('');
