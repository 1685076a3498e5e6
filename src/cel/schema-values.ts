// CEL values over JSON data, typed by a schema's DeclType (kube's UnstructuredToVal) or untyped (VAP's
// `object`): objects resolve escaped field names lazily, lists of list-type set or map compare without order
// and concatenate as unions or merges, strings of format byte/duration/date/date-time become bytes, durations
// and timestamps.
import type { DeclType } from './schema-types.js';
import { parseTimestamp } from './time.js';
import { CelDuration, CelError, CelMap, celEquals, type ObjectValue } from './values.js';
import { MAX_INT, MIN_INT } from './stdlib.js';
import { parseDuration } from './time.js';

/** Converts JSON data to a CEL value by its declared type. */
export function schemaValue(v: unknown, t: DeclType): unknown {
  if (v === null || v === undefined) return null;
  const ct = t.celType;
  switch (ct.kind) {
    case 'dyn': return jsonValue(v);
    case 'int': return jsonInt(v);
    case 'double': if (typeof v === 'number') return v; throw new CelError(`invalid number ${String(v)}`);
    case 'bool': case 'string': return v;
    case 'bytes':
      if (typeof v !== 'string') throw new CelError('invalid bytes');
      return new Uint8Array(Buffer.from(v, 'base64'));
    case 'duration':
      if (typeof v !== 'string') throw new CelError('invalid duration');
      return parseKubeDuration(v);
    case 'timestamp':
      if (typeof v !== 'string') throw new CelError('invalid timestamp');
      return t.schema.format === 'date' ? parseTimestamp(`${v}T00:00:00Z`) : parseTimestamp(v);
    case 'list': {
      if (!Array.isArray(v)) throw new CelError('invalid list');
      const elem = t.elem!;
      const out = v.map((x) => schemaValue(x, elem));
      if (t.listType === 'set') return withListSemantics(out, setEquals, setUnion);
      if (t.listType === 'map' && t.listMapKeys && t.listMapKeys.length > 0) return mapList(out, t.listMapKeys);
      return out;
    }
    case 'map': {
      if (typeof v !== 'object' || Array.isArray(v)) throw new CelError('invalid map');
      const m = new CelMap();
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) m.set(k, schemaValue(x, t.elem!));
      return m;
    }
    case 'object':
      if (typeof v !== 'object' || Array.isArray(v)) throw new CelError('invalid object');
      return new SchemaObject(v as Record<string, unknown>, t);
    default:
      return jsonValue(v);
  }
}

function jsonInt(v: unknown): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isInteger(v)) {
    const b = BigInt(v);
    if (b > MAX_INT || b < MIN_INT) throw new CelError('integer overflow');
    return b;
  }
  throw new CelError(`invalid integer ${String(v)}`);
}

/** Durations in data follow kube-openapi's strfmt.ParseDuration (Go units plus d and w). */
function parseKubeDuration(s: string): CelDuration {
  const m = /^(.*?)(\d+(?:\.\d+)?)\s*(d|w)$/.exec(s);
  if (m && m[1] === '') {
    const n = Number(m[2]) * (m[3] === 'd' ? 24 : 168);
    return parseDuration(`${n}h`);
  }
  return parseDuration(s.replace(/\s+/g, ''));
}

/** Untyped JSON as CEL: objects are maps, integral numbers ints, others doubles. */
export function jsonValue(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    // kube decodes integral JSON numbers as int64 (JSON.parse has already rounded those above 2^53).
    case 'number': return Number.isInteger(v) && Math.abs(v) < 9223372036854775808 ? BigInt(v) : v;
    case 'string': case 'boolean': case 'bigint': return v;
    default: break;
  }
  if (Array.isArray(v)) return v.map(jsonValue);
  const m = new CelMap();
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) m.set(k, jsonValue(x));
  return m;
}

/** An object typed by a schema; fields are converted on first access. */
export class SchemaObject implements ObjectValue {
  private readonly cache = new Map<string, unknown>();
  readonly celTypeName: string;

  constructor(readonly data: Record<string, unknown>, readonly type: DeclType) {
    this.celTypeName = type.celType.kind === 'object' ? type.celType.name : 'object';
  }

  getField(name: string): unknown {
    const hit = this.cache.get(name);
    if (hit !== undefined) return hit;
    const f = this.type.fields?.get(name);
    if (!f) return undefined;
    const raw = this.data[f.name];
    // Null-valued fields of objects are treated as absent, as kube's unstructured objects do.
    if (raw === undefined || raw === null) return undefined;
    const v = schemaValue(raw, f.type);
    this.cache.set(name, v);
    return v;
  }

  hasField(name: string): boolean {
    const f = this.type.fields?.get(name);
    return f !== undefined && this.data[f.name] !== undefined && this.data[f.name] !== null;
  }

  /** kube's Size(): every key of the data, known or not. */
  celSize(): number {
    return Object.keys(this.data).length;
  }

  /**
   * kube's unstructuredMap.Equal: same number of keys; declared fields equal as CEL values (a null field counts as
   * absent, so it never equals); undeclared fields present on both sides deep-equal as JSON.
   */
  celObjectEquals(other: ObjectValue): boolean {
    if (!(other instanceof SchemaObject)) return false;
    if (this.celSize() !== other.celSize()) return false;
    for (const [raw, value] of Object.entries(this.data)) {
      const escaped = this.rawToField.get(raw);
      if (escaped !== undefined) {
        const ov = other.getField(escaped);
        if (ov === undefined) return false;
        const v = this.getField(escaped);
        if (v === undefined || !celEquals(v, ov)) return false;
      } else if (raw in other.data && !jsonDeepEqual(value, other.data[raw])) {
        return false;
      }
    }
    return true;
  }

  private get rawToField(): Map<string, string> {
    let m = RAW_TO_FIELD.get(this.type);
    if (!m) {
      m = new Map();
      for (const [escaped, f] of this.type.fields ?? []) m.set(f.name, escaped);
      RAW_TO_FIELD.set(this.type, m);
    }
    return m;
  }

  fieldNames(): string[] {
    const out: string[] = [];
    for (const [escaped, f] of this.type.fields ?? []) if (this.data[f.name] !== undefined && this.data[f.name] !== null) out.push(escaped);
    return out;
  }
}

const RAW_TO_FIELD = new WeakMap<DeclType, Map<string, string>>();

function jsonDeepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => k in (b as object) && jsonDeepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Attaches Kubernetes list semantics (equality and +) to an array. */
function withListSemantics(arr: unknown[], eq: (a: unknown[], b: unknown[]) => boolean, concat: (a: unknown[], b: unknown[]) => unknown[]): unknown[] {
  Object.defineProperty(arr, 'celEquals', { value(this: unknown[], other: unknown[]) { return eq(this, other); } });
  Object.defineProperty(arr, 'celConcat', { value(this: unknown[], other: unknown[]) { return concat(this, other); } });
  return arr;
}

function setEquals(a: unknown[], b: unknown[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((x) => b.some((y) => celEquals(x, y)));
}

function setUnion(a: unknown[], b: unknown[]): unknown[] {
  const out = [...a];
  for (const y of b) if (!out.some((x) => celEquals(x, y))) out.push(y);
  return withListSemantics(out, setEquals, setUnion);
}

function mapList(items: unknown[], keys: string[]): unknown[] {
  // Keys are read from the raw data: list-map keys need not be names CEL can see.
  const keyOf = (x: unknown): unknown[] => keys.map((k) => (x instanceof SchemaObject ? x.data[k] : undefined));
  const sameKey = (a: unknown, b: unknown) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    return ka.every((x, i) => jsonDeepEqual(x, kb[i]));
  };
  const eq = (a: unknown[], b: unknown[]): boolean => {
    if (a.length !== b.length) return false;
    return a.every((x) => { const y = b.find((z) => sameKey(x, z)); return y !== undefined && celEquals(x, y); });
  };
  const concat = (a: unknown[], b: unknown[]): unknown[] => {
    const out = [...a];
    for (const y of b) {
      const i = out.findIndex((x) => sameKey(x, y));
      if (i >= 0) out[i] = y;
      else out.push(y);
    }
    return withListSemantics(out, eq, concat);
  };
  return withListSemantics(items, eq, concat);
}
