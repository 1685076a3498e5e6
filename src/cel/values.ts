// Runtime values. Plain JS where possible: null, boolean, bigint (int), number (double), string, Uint8Array (bytes),
// arrays (lists). Wrapper classes for uint, maps, timestamps, durations, types and optionals; objects from type
// providers implement ObjectValue; library types (Quantity, URL, IP...) are classes registered by name.

export class CelUint {
  constructor(readonly v: bigint) {}
}

export class CelTimestamp {
  /**
   * @param ns nanoseconds since the Unix epoch
   * @param offset the UTC offset (seconds) the value was written with; Go keeps it for printing
   */
  constructor(readonly ns: bigint, readonly offset = 0) {}
}

export class CelDuration {
  constructor(readonly ns: bigint) {}
}

export class CelType {
  constructor(readonly name: string) {}
}

export class CelOptional {
  static readonly NONE = new CelOptional(false, undefined);
  private constructor(readonly has: boolean, readonly value: unknown) {}
  static of(v: unknown): CelOptional { return new CelOptional(true, v); }
}

/** An object value whose fields are looked up by name (schema-typed objects, structs). */
export interface ObjectValue {
  readonly celTypeName: string;
  /** The field's value, or undefined when it is not set. */
  getField(name: string): unknown;
  hasField(name: string): boolean;
  /** Field names that are set (for equality, size and iteration). */
  fieldNames(): string[];
}

export function isObjectValue(v: unknown): v is ObjectValue {
  return typeof v === 'object' && v !== null && typeof (v as ObjectValue).getField === 'function' && typeof (v as ObjectValue).celTypeName === 'string';
}

/** A CEL error value raised during evaluation. Not an Error subclass: no stack capture on the hot path. */
export class CelError {
  constructor(readonly message: string) {}
  toString(): string { return this.message; }
}

export function noSuchOverload(): CelError {
  return new CelError('no such overload');
}

/** Keys of a CelMap: ints and uints share a bigint index (heterogeneous equality), doubles that are integral too. */
export type MapKey = string | bigint | boolean;

export class CelMap {
  private readonly index = new Map<MapKey, number>();
  readonly keys: unknown[] = [];
  readonly vals: unknown[] = [];

  static from(entries: Iterable<[unknown, unknown]>): CelMap {
    const m = new CelMap();
    for (const [k, v] of entries) m.set(k, v);
    return m;
  }

  get size(): number { return this.keys.length; }

  /** Returns false when the key already exists (the caller reports the duplicate). */
  set(key: unknown, value: unknown): boolean {
    const k = normalizeKey(key);
    if (k === undefined) throw new CelError(`unsupported key type: ${runtimeTypeName(key)}`);
    const i = this.index.get(k);
    if (i !== undefined) { this.vals[i] = value; return false; }
    this.index.set(k, this.keys.length);
    this.keys.push(key);
    this.vals.push(value);
    return true;
  }

  has(key: unknown): boolean {
    const k = lookupKey(key);
    return k !== undefined && this.index.has(k);
  }

  /** The value, or undefined when absent. */
  get(key: unknown): unknown {
    const k = lookupKey(key);
    if (k === undefined) return undefined;
    const i = this.index.get(k);
    return i === undefined ? undefined : this.vals[i];
  }

  entries(): [unknown, unknown][] { return this.keys.map((k, i) => [k, this.vals[i]]); }
}

function normalizeKey(key: unknown): MapKey | undefined {
  switch (typeof key) {
    case 'string': case 'bigint': case 'boolean': return key;
    case 'object': if (key instanceof CelUint) return key.v; return undefined;
    default: return undefined;
  }
}

function lookupKey(key: unknown): MapKey | undefined {
  if (typeof key === 'number') return Number.isInteger(key) ? BigInt(key) : undefined;
  return normalizeKey(key);
}

const opaqueTypes = new Map<Function, { name: string; equals?: (a: unknown, b: unknown) => boolean }>();

/** Registers a library class (e.g. Quantity) with its CEL type name and equality. */
export function registerOpaqueType(ctor: Function, name: string, equals?: (a: unknown, b: unknown) => boolean): void {
  opaqueTypes.set(ctor, { name, equals });
}

export function runtimeTypeName(v: unknown): string {
  switch (typeof v) {
    case 'boolean': return 'bool';
    case 'bigint': return 'int';
    case 'number': return 'double';
    case 'string': return 'string';
    case 'object':
      if (v === null) return 'null_type';
      if (v instanceof CelUint) return 'uint';
      if (v instanceof Uint8Array) return 'bytes';
      if (Array.isArray(v)) return 'list';
      if (v instanceof CelMap) return 'map';
      if (v instanceof CelTimestamp) return 'google.protobuf.Timestamp';
      if (v instanceof CelDuration) return 'google.protobuf.Duration';
      if (v instanceof CelType) return 'type';
      if (v instanceof CelOptional) return 'optional_type';
      if (isObjectValue(v)) return v.celTypeName;
      {
        const o = opaqueTypes.get((v as object).constructor);
        if (o) return o.name;
      }
      return 'unknown';
    default:
      return 'unknown';
  }
}

/** Heterogeneous equality as cel-go defines it (numbers compare across int, uint and double). */
export function celEquals(a: unknown, b: unknown): boolean {
  if (a === b) return typeof a !== 'number' || !Number.isNaN(a);
  const ta = typeof a;
  const tb = typeof b;
  if (ta === 'bigint') {
    if (tb === 'number') return Number.isFinite(b as number) && Number.isInteger(b as number) ? BigInt(b as number) === a : false;
    if (b instanceof CelUint) return b.v === a;
    return false;
  }
  if (ta === 'number') {
    if (tb === 'number') return a === b;
    if (tb === 'bigint') return celEquals(b, a);
    if (b instanceof CelUint) return celEquals(b.v, a);
    return false;
  }
  if (a instanceof CelUint) {
    if (b instanceof CelUint) return a.v === b.v;
    return celEquals(a.v, b);
  }
  if (ta !== 'object' || tb !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    // Lists with Kubernetes set or map semantics compare without regard to order.
    const ca = (a as { celEquals?: (o: unknown[]) => boolean }).celEquals;
    if (typeof ca === 'function') return ca.call(a, b);
    const cb = (b as { celEquals?: (o: unknown[]) => boolean }).celEquals;
    if (typeof cb === 'function') return cb.call(b, a);
    for (let i = 0; i < a.length; i++) if (!celEquals(a[i], b[i])) return false;
    return true;
  }
  if (a instanceof Uint8Array) {
    if (!(b instanceof Uint8Array) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  if (a instanceof CelMap) {
    if (!(b instanceof CelMap) || a.size !== b.size) return false;
    for (let i = 0; i < a.keys.length; i++) {
      if (!b.has(a.keys[i])) return false;
      if (!celEquals(a.vals[i], b.get(a.keys[i]))) return false;
    }
    return true;
  }
  if (a instanceof CelTimestamp) return b instanceof CelTimestamp && a.ns === b.ns;
  if (a instanceof CelDuration) return b instanceof CelDuration && a.ns === b.ns;
  if (a instanceof CelType) return b instanceof CelType && a.name === b.name;
  if (a instanceof CelOptional) {
    if (!(b instanceof CelOptional)) return false;
    if (!a.has || !b.has) return a.has === b.has;
    return celEquals(a.value, b.value);
  }
  if (isObjectValue(a)) {
    if (!isObjectValue(b)) return false;
    const custom = (a as { celObjectEquals?: (o: ObjectValue) => boolean }).celObjectEquals;
    if (typeof custom === 'function') return custom.call(a, b);
    if (a.celTypeName !== b.celTypeName) return false;
    const fa = a.fieldNames();
    const fb = b.fieldNames();
    if (fa.length !== fb.length) return false;
    for (const f of fa) {
      if (!b.hasField(f)) return false;
      if (!celEquals(a.getField(f), b.getField(f))) return false;
    }
    return true;
  }
  const o = opaqueTypes.get((a as object).constructor);
  if (o && (b as object).constructor === (a as object).constructor) {
    if (o.equals) return o.equals(a, b);
    const eq = (a as { equals?: (x: unknown) => boolean }).equals;
    return typeof eq === 'function' ? eq.call(a, b) : false;
  }
  return false;
}
