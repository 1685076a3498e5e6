// The JSON Go's encoding/json writes for a built-in object (defaults.md §9.2): struct fields in declaration order,
// `omitempty` fields dropped when empty (false, 0, "", nil, empty slice or map — but a set pointer is written even
// when it points at a zero value), fields without omitempty and struct values always written (`status: {}`,
// `creationTimestamp: null` in templates, `resources: {}` in containers), map keys in byte order. The struct
// shapes are data (api/generated/go-structs.json); structs it does not list keep their fields as they are.
import { loadGoStructs } from '../api/catalog.js';
import type { SchemaNode } from './schema-node.js';

type JsonMap = Record<string, unknown>;

interface GoField {
  name: string;
  /** No omitempty: written even when unset. */
  always: boolean;
  /** A struct value (or Time, Quantity, ...): always written. */
  value: boolean;
  /** A pointer: a set zero value is still written; an unset one without omitempty is null. */
  pointer: boolean;
}

const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';
const INT_OR_STRING = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';
const TIMES = new Set(['io.k8s.apimachinery.pkg.apis.meta.v1.Time', 'io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime']);
const DURATION = 'io.k8s.apimachinery.pkg.apis.meta.v1.Duration';

/** `core/v1.PodSpec` for `io.k8s.api.core.v1.PodSpec` (meta, apiextensions and apiregistration alike). */
function structKey(component: string): [string, string] {
  const parts = component.split('.');
  return [`${parts.at(-3)}/${parts.at(-2)}`, parts.at(-1)!];
}

/** A struct's fields in declaration order, and their names. */
type GoStruct = GoField[] & { names: Set<string> };

const shapes = new Map<string, GoStruct | null>();

function fieldsOf(component: string | undefined): GoStruct | undefined {
  if (!component) return undefined;
  let s = shapes.get(component);
  if (s === undefined) {
    const [pkg, type] = structKey(component);
    const line = loadGoStructs()[pkg]?.[type];
    if (line) {
      const fields = line.split(' ').map((f) => {
        const m = /^([^!~*]+)(!?)(~?)(\*?)$/.exec(f)!;
        return { name: m[1]!, always: m[2] === '!', value: m[3] === '~', pointer: m[4] === '*' };
      });
      s = Object.assign(fields, { names: new Set(fields.map((f) => f.name)) });
    } else s = null;
    shapes.set(component, s);
  }
  return s ?? undefined;
}

const isMap = (v: unknown): v is JsonMap => typeof v === 'object' && v !== null && !Array.isArray(v);

/** encoding/json's "empty" for omitempty. */
function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === 0 || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  return false;
}

/** What Go writes for a field that holds its zero value and is written anyway. */
function zeroOf(node: SchemaNode | undefined, f: GoField): unknown {
  if (f.pointer || !node) return null;
  const c = node.component;
  if (c && TIMES.has(c)) return null;
  if (c === QUANTITY) return '0';
  if (c === INT_OR_STRING) return 0;
  if (c === DURATION) return '0s';
  if (node.isStruct) return goShape({}, node);
  if (node.isMap || node.isOpaque) return null;
  switch (node.type) {
    case 'string':
      return node.format === 'byte' ? null : '';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/**
 * The value as Go would encode it. Objects and arrays are rewritten in place (same identities, keys in Go's order)
 * so that references held elsewhere (a store's metadata handle) stay valid; the result is `value` itself except
 * for the zero values created for absent fields.
 */
export function goShape(value: unknown, node: SchemaNode | undefined): unknown {
  if (!node || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = node.items;
    if (items) for (let i = 0; i < value.length; i++) value[i] = goShape(value[i], items);
    return value;
  }
  const obj = value as JsonMap;
  if (node.isStruct) {
    const fields = fieldsOf(node.component);
    if (!fields) {
      for (const k of Object.keys(obj)) obj[k] = goShape(obj[k], node.properties.get(k));
      return obj;
    }
    return shapeStruct(obj, node, fields);
  }
  if (node.isMap) {
    const addl = node.additionalProperties;
    const child = typeof addl === 'object' ? addl : undefined;
    const keys = Object.keys(obj);
    // Maps of many keys (a ConfigMap's data) are mostly in order already and hold scalars: then nothing moves.
    if (inByteOrder(keys)) {
      // goShape rewrites objects in place and returns every other value as it is.
      if (child) {
        for (const k of keys) {
          const v = obj[k];
          if (v !== null && typeof v === 'object') goShape(v, child);
        }
      }
      return obj;
    }
    replaceEntries(
      obj,
      sortByteOrder(keys).map((k) => [k, goShape(obj[k], child)]),
    );
    return obj;
  }
  return value;
}

/**
 * A struct in Go's shape. Most objects are already in it (clients write Go's order, and a shaped object is shaped
 * again before it is stored): while the object's keys are exactly the written fields in order, values are set in
 * place and nothing is allocated but the key list; the first difference switches to building the entries anew.
 */
function shapeStruct(obj: JsonMap, node: SchemaNode, fields: GoStruct): JsonMap {
  const keys = Object.keys(obj);
  const named = fields.names;
  let ki = 0;
  let entries: [string, unknown][] | undefined;
  for (const f of fields) {
    const child = node.properties.get(f.name);
    const v = obj[f.name];
    let out: unknown;
    let keep: boolean;
    if (v === undefined || v === null) {
      keep = f.always || f.value;
      if (keep) out = zeroOf(child, f);
    } else {
      out = goShape(v, child);
      keep = f.always || f.value || !omitted(out, f, child);
    }
    if (!entries) {
      if (keep && keys[ki] === f.name) {
        ki++;
        if (out !== v) obj[f.name] = out;
        continue;
      }
      // A dropped field the object has elsewhere leaves keys unmatched at the end (handled below).
      if (!keep && keys[ki] !== f.name) continue;
      entries = [];
      for (let j = 0; j < ki; j++) entries.push([keys[j]!, obj[keys[j]!]]);
    }
    if (keep) entries.push([f.name, out]);
  }
  if (!entries) {
    if (ki === keys.length) return obj;
    // What is left are fields the struct list does not name (kept, at the end) or dropped fields.
    let onlyUnnamed = true;
    for (let j = ki; j < keys.length; j++) if (named.has(keys[j]!)) onlyUnnamed = false;
    if (onlyUnnamed) {
      for (let j = ki; j < keys.length; j++) obj[keys[j]!] = goShape(obj[keys[j]!], node.properties.get(keys[j]!));
      return obj;
    }
    entries = [];
    for (let j = 0; j < ki; j++) entries.push([keys[j]!, obj[keys[j]!]]);
  }
  // Anything the struct list does not name (it should not happen after typed decoding) stays, at the end.
  for (const k of keys) if (!named.has(k)) entries.push([k, goShape(obj[k], node.properties.get(k))]);
  replaceEntries(obj, entries);
  return obj;
}

/** Whether an omitempty field holding `v` (shaped, not null) is left out. */
function omitted(v: unknown, f: GoField, child: SchemaNode | undefined): boolean {
  if (!f.pointer && isEmpty(v)) return true;
  if (Array.isArray(v)) return v.length === 0;
  return isMap(v) && !!child?.isMap && isEmptyMap(v);
}

function isEmptyMap(v: JsonMap): boolean {
  for (const _ in v) return false;
  return true;
}

/**
 * Go's order of map keys (UTF-8 bytes) between two keys: UTF-16 code units order the same unless the first unit
 * that differs is a surrogate on one side and at least U+E000 on the other.
 */
function compareKeys(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    if ((ca < 0xd800 && cb < 0xd800) || (ca >= 0xe000 && cb >= 0xe000)) return ca - cb;
    return byteOrder(a, b);
  }
  return a.length - b.length;
}

function inByteOrder(keys: string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (compareKeys(keys[i - 1]!, keys[i]!) >= 0) return false;
  return true;
}

function sortByteOrder(keys: string[]): string[] {
  return keys.sort(compareKeys);
}

/**
 * Gives `obj` exactly `entries`, in their order. When its keys are already those, in that order (the usual case:
 * clients write Go's order, and a shaped object is shaped again before storing), only changed values are set:
 * deleting members would turn the object into a slow dictionary-mode object for every later reader.
 */
function replaceEntries(obj: JsonMap, entries: [string, unknown][]): void {
  let i = 0;
  let same = true;
  for (const k in obj) {
    if (!Object.prototype.hasOwnProperty.call(obj, k)) continue;
    if (i >= entries.length || entries[i]![0] !== k) {
      same = false;
      break;
    }
    i++;
  }
  if (same && i === entries.length) {
    for (const [k, v] of entries) if (obj[k] !== v) obj[k] = v;
    return;
  }
  for (const k of Object.keys(obj)) delete obj[k];
  for (const [k, v] of entries) obj[k] = v;
}

/** Go's map key order: by UTF-8 bytes. UTF-16 order is the same below the surrogates (U+D800). */
const BELOW_SURROGATES = /^[\u0000-\ud7ff]*$/;

function byteOrder(a: string, b: string): number {
  if (BELOW_SURROGATES.test(a) && BELOW_SURROGATES.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}


/** Rewrites `obj` in place into its Go shape. */
export function goShapeInPlace(obj: JsonMap, node: SchemaNode): void {
  goShape(obj, node);
}
