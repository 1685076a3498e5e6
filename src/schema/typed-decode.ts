// Decodes a JSON value into a built-in kind the way kube-apiserver's strict JSON decoder (sigs.k8s.io/json
// UnmarshalStrict into the Go struct) does, driven by the kind's schema:
// - fields the schema does not declare are dropped (built-in objects never keep unknown fields) and reported
//   as `unknown field "<path>"`; repeated keys as `duplicate field "<path>"` — in decode order, deduplicated,
//   at most 100; paths are dotted from the object root, list positions as `[i]`, map keys as `.key`;
// - the first type mismatch gives Go's text, e.g. `json: cannot unmarshal number into Go struct field
//   ConfigMap.data of type string`; errors of custom unmarshalers (IntOrString, Quantity, Time) end decoding.
import { goStructName, goTypeName } from './go-type-name.js';
import { goQuote } from '../golang/strconv.js';
import { checkBase64 } from '../golang/encoding-base64.js';
import { decodeQuantity } from './quantity-format.js';
import type { SchemaNode } from './schema-node.js';

/** Objects whose JSON text repeated keys: every entry in source order (the object itself keeps the last). */
export type DuplicateEntries = WeakMap<object, ReadonlyArray<readonly [string, unknown]>>;

export interface TypedDecodeResult {
  /** The decoded value: unknown fields removed, repeated struct-valued keys merged as Go merges them. */
  value: unknown;
  /** The decoding error that makes the body unusable (first type error, or a custom unmarshaler's error). */
  error?: string;
  /** `unknown field "…"` / `duplicate field "…"` texts in decode order. */
  strictErrors: string[];
}

export interface TypedDecodeOptions {
  /** Repeated keys found while parsing the body (see parseJsonKeepingDuplicates). */
  duplicates?: DuplicateEntries;
}

const MAX_STRICT_ERRORS = 100;

const INT_RANGE: Record<string, [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
};

const COMPONENT_QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';
const TIME_COMPONENTS = new Set(['io.k8s.apimachinery.pkg.apis.meta.v1.Time', 'io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime']);

class Fatal extends Error {}

type Shape = 'quantity' | 'time' | 'intOrString' | 'opaque' | 'struct' | 'map' | 'array' | 'string' | 'bytes' | 'boolean' | 'integer' | 'number';
const shapes = new WeakMap<SchemaNode, Shape>();

const structNames = new WeakMap<SchemaNode, string | undefined>();

/** The Go struct name of a node (undefined for inline objects, which keep the enclosing struct's). */
function structNameOf(node: SchemaNode): string | undefined {
  if (structNames.has(node)) return structNames.get(node);
  const name = node.component ? goStructName(node.component) : undefined;
  structNames.set(node, name);
  return name;
}

/** How the decoder treats a node, computed once per node. */
function shapeOf(node: SchemaNode): Shape {
  let s = shapes.get(node);
  if (s) return s;
  if (node.component === COMPONENT_QUANTITY) s = 'quantity';
  else if (node.component && TIME_COMPONENTS.has(node.component)) s = 'time';
  else if (node.intOrString) s = 'intOrString';
  else if (node.isOpaque) s = 'opaque';
  else if (node.isStruct) s = 'struct';
  else if (node.isMap) s = 'map';
  else {
    switch (node.type) {
      case 'array':
        s = 'array';
        break;
      case 'string':
        s = node.format === 'byte' ? 'bytes' : 'string';
        break;
      case 'boolean':
      case 'integer':
      case 'number':
        s = node.type;
        break;
      default:
        // An object schema without fields or map values (RawExtension-like): anything goes.
        s = 'opaque';
    }
  }
  shapes.set(node, s);
  return s;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Go's name for a JSON value's kind in "cannot unmarshal <kind>". */
function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  switch (typeof v) {
    case 'string':
      return 'string';
    case 'number':
    case 'bigint':
      return 'number';
    case 'boolean':
      return 'bool';
    default:
      return 'object';
  }
}

/**
 * The JSON of a Go zero value of a node's type, for a null list element or map value (Go decodes null into
 * those as nothing, leaving the zero value). Nil maps and slices are written as empty ones: the API treats
 * both alike, and later steps need no null checks.
 */
function zeroValue(node: SchemaNode): unknown {
  switch (shapeOf(node)) {
    case 'struct':
    case 'map':
      return {};
    case 'array':
      return [];
    case 'string':
    case 'bytes':
      return '';
    case 'integer':
    case 'number':
    case 'intOrString':
      return 0;
    case 'boolean':
      return false;
    case 'quantity':
      return '0';
    case 'time':
    case 'opaque':
      return null;
  }
}

function setOwn(o: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

class TypedDecoder {
  error?: string;
  readonly strict: string[] = [];
  private readonly seen = new Set<string>();
  /**
   * sigs.k8s.io/json's strict field stack (`spec`, `.containers`, `[0]`, …), kept as field names and list
   * positions: its text is only needed for a strict error.
   */
  private readonly path: (string | number)[] = [];
  /** encoding/json's error context: the innermost struct entered and the field names on the way. */
  private struct?: string;
  private readonly fields: string[] = [];

  constructor(private readonly duplicates?: DuplicateEntries) {}

  private typeError(value: string, type: string): string {
    return this.struct !== undefined || this.fields.length > 0
      ? `json: cannot unmarshal ${value} into Go struct field ${this.struct ?? ''}.${this.fields.join('.')} of type ${type}`
      : `json: cannot unmarshal ${value} into Go value of type ${type}`;
  }

  private saveTypeError(value: string, type: string): void {
    if (this.error === undefined) this.error = this.typeError(value, type);
  }

  /** An error a custom UnmarshalJSON returns: decoding stops there and it wins over saved ones. */
  private fatal(message: string): never {
    this.error = message;
    throw new Fatal(message);
  }

  private saveStrict(kind: 'unknown field' | 'duplicate field', field: string): void {
    if (this.strict.length >= MAX_STRICT_ERRORS) return;
    const path = this.path.length ? `${pathText(this.path)}.${field}` : field;
    const text = `${kind} ${goQuote(path)}`;
    if (this.seen.has(text)) return;
    this.seen.add(text);
    this.strict.push(text);
  }

  decode(v: unknown, node: SchemaNode, into?: unknown): unknown {
    if (v === null || v === undefined) return v;
    switch (shapeOf(node)) {
      case 'quantity': {
        // kube writes a decoded Quantity back in its canonical text ("1000m" is stored as "1").
        const q = decodeQuantity(v);
        if ('error' in q) this.fatal(q.error);
        return q.text;
      }
      case 'time':
        // metav1.Time unmarshals a Go string first; other kinds fail there.
        if (typeof v !== 'string') this.fatal(this.typeError(jsonKind(v), 'string'));
        return v;
      case 'intOrString':
        return this.intOrString(v);
      case 'opaque':
        return v;
      case 'struct':
        return this.object(v, node, true, into);
      case 'map':
        return this.object(v, node, false, into);
      case 'array':
        return this.array(v, node);
      case 'string':
        if (typeof v !== 'string') this.saveTypeError(jsonKind(v), goTypeName(node));
        return v;
      case 'bytes':
        if (typeof v !== 'string') this.saveTypeError(jsonKind(v), goTypeName(node));
        else {
          const err = checkBase64(v);
          if (err && this.error === undefined) this.error = err;
        }
        return v;
      case 'boolean':
        if (typeof v !== 'boolean') this.saveTypeError(jsonKind(v), 'bool');
        return v;
      case 'integer':
        return this.integer(v, goTypeName(node), false);
      case 'number':
        if (typeof v !== 'number' && typeof v !== 'bigint') this.saveTypeError(jsonKind(v), goTypeName(node));
        return v;
    }
  }

  private integer(v: unknown, type: string, fatal: boolean): unknown {
    const fail = (what: string) => (fatal ? this.fatal(this.typeError(what, type)) : this.saveTypeError(what, type));
    if (typeof v === 'bigint') {
      const [lo, hi] = INT_RANGE[type] ?? INT_RANGE.int64!;
      if (v < lo || v > hi) fail(`number ${v}`);
      return v;
    }
    if (typeof v !== 'number') {
      fail(jsonKind(v));
      return v;
    }
    const [lo, hi] = INT_RANGE[type] ?? INT_RANGE.int64!;
    if (!Number.isInteger(v) || BigInt(v) < lo || BigInt(v) > hi) fail(`number ${v}`);
    return v;
  }

  private intOrString(v: unknown): unknown {
    // intstr.IntOrString.UnmarshalJSON: a JSON string, else json.Unmarshal into its int32.
    if (typeof v === 'string') return v;
    return this.integer(v, 'int32', true);
  }

  private array(v: unknown, node: SchemaNode): unknown {
    if (!Array.isArray(v)) {
      this.saveTypeError(jsonKind(v), goTypeName(node));
      return v;
    }
    const items = node.items;
    if (!items) return v;
    const out = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) {
      this.path.push(i);
      out[i] = v[i] === null ? zeroValue(items) : this.decode(v[i], items);
      this.path.pop();
    }
    return out;
  }

  private object(v: unknown, node: SchemaNode, struct: boolean, into: unknown): unknown {
    if (!isObject(v)) {
      this.saveTypeError(jsonKind(v), goTypeName(node));
      return v;
    }
    // Go decodes a repeated struct or map value into the one already decoded.
    const merging = isObject(into);
    const out: Record<string, unknown> = merging ? into : {};
    const repeated = this.duplicates?.get(v);
    // Keys of a plain object are unique; only recorded entries can repeat.
    const seenKeys = repeated ? new Set<string>() : undefined;
    // Entries of a plain object are read by key: no pair is made per field.
    const keys = repeated ? undefined : Object.keys(v);
    const n = repeated ? repeated.length : keys!.length;
    const savedStruct = this.struct;
    const structName = struct ? structNameOf(node) : undefined;
    const mapElem = struct ? undefined : (node.additionalProperties as SchemaNode);
    for (let i = 0; i < n; i++) {
      const key = repeated ? repeated[i]![0] : keys![i]!;
      const val = repeated ? repeated[i]![1] : v[key];
      let child: SchemaNode;
      if (struct) {
        const p = node.property(key);
        if (!p) {
          this.saveStrict('unknown field', key);
          continue;
        }
        child = p;
      } else child = mapElem!;
      // Go: null leaves a field nil (or untouched), and makes a map entry its element type's zero value.
      if (val === null) {
        if (struct) delete out[key];
        else setOwn(out, key, zeroValue(child));
        continue;
      }
      let mergeInto: unknown;
      const again = seenKeys?.has(key) === true;
      if (again) this.saveStrict('duplicate field', key);
      seenKeys?.add(key);
      if (struct && (again || merging) && Object.prototype.hasOwnProperty.call(out, key)) {
        const prev = out[key];
        if (isObject(prev) && (shapeOf(child) === 'struct' || shapeOf(child) === 'map')) mergeInto = prev;
      }
      if (struct) {
        this.fields.push(key);
        if (structName !== undefined) this.struct = structName;
      }
      this.path.push(key);
      setOwn(out, key, this.decode(val, child, mergeInto));
      this.path.pop();
      if (struct) {
        this.fields.pop();
        this.struct = savedStruct;
      }
    }
    return out;
  }

}

/** The text of a strict field stack: `[i]` for list positions, names joined by dots. */
function pathText(path: readonly (string | number)[]): string {
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const p = path[i]!;
    out += typeof p === 'number' ? `[${p}]` : i ? `.${p}` : p;
  }
  return out;
}

/** Decodes `value` against a built-in kind's schema (see the file comment). Never throws. */
export function decodeTyped(value: unknown, root: SchemaNode, opts: TypedDecodeOptions = {}): TypedDecodeResult {
  const d = new TypedDecoder(opts.duplicates);
  let out: unknown = value;
  try {
    out = d.decode(value, root);
  } catch (e) {
    if (!(e instanceof Fatal)) throw e;
  }
  return { value: out, error: d.error, strictErrors: d.strict };
}
