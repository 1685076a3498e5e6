// Runtime implementations of cel-go's standard library: arithmetic with int64/uint64 overflow checks, heterogeneous
// comparisons, conversions with Go's parsing and printing rules, strings measured in code points, RE2 regexes.
import { RE2JS } from 're2js';
import {
  CelDuration, CelError, CelMap, CelOptional, CelTimestamp, CelType, CelUint, celEquals, isObjectValue, noSuchOverload, runtimeTypeName,
} from './values.js';
import { checkDuration, checkTimestamp, civilTime, formatDuration, formatTimestamp, parseDuration, parseTimestamp, MIN_TIMESTAMP_SECONDS, MAX_TIMESTAMP_SECONDS } from './time.js';

export interface RuntimeOverload {
  /** Overload id, or '*' for an implementation that dispatches on runtime types itself. */
  id: string;
  impl: (...args: any[]) => unknown;
  /** For libraries with several overloads of one name: whether this one accepts these runtime arguments. */
  guard?: (args: unknown[]) => boolean;
}

export type RuntimeLibrary = Map<string, RuntimeOverload[]>;

export const MAX_INT = (1n << 63n) - 1n;
export const MIN_INT = -(1n << 63n);
export const MAX_UINT = (1n << 64n) - 1n;

function intResult(v: bigint): bigint {
  if (v > MAX_INT || v < MIN_INT) throw new CelError('integer overflow');
  return v;
}
function uintResult(v: bigint): CelUint {
  if (v > MAX_UINT || v < 0n) throw new CelError('unsigned integer overflow');
  return new CelUint(v);
}

export function add(a: unknown, b: unknown): unknown {
  if (typeof a === 'bigint' && typeof b === 'bigint') return intResult(a + b);
  if (typeof a === 'number' && typeof b === 'number') return a + b;
  if (typeof a === 'string' && typeof b === 'string') return a + b;
  if (a instanceof CelUint && b instanceof CelUint) return uintResult(a.v + b.v);
  if (Array.isArray(a) && Array.isArray(b)) {
    const concat = (a as { celConcat?: (o: unknown[]) => unknown[] }).celConcat;
    return concat ? concat.call(a, b) : a.length === 0 ? b : b.length === 0 ? a : a.concat(b);
  }
  if (a instanceof Uint8Array && b instanceof Uint8Array) {
    const r = new Uint8Array(a.length + b.length);
    r.set(a); r.set(b, a.length);
    return r;
  }
  if (a instanceof CelTimestamp && b instanceof CelDuration) return addTimestamp(a, b.ns);
  if (a instanceof CelDuration && b instanceof CelTimestamp) return addTimestamp(b, a.ns);
  if (a instanceof CelDuration && b instanceof CelDuration) return checkDuration(a.ns + b.ns);
  throw noSuchOverload();
}

function addTimestamp(t: CelTimestamp, ns: bigint): CelTimestamp {
  if (ns > MAX_INT || ns < MIN_INT) throw new CelError('timestamp overflow');
  return checkTimestamp(t.ns + ns, t.offset);
}

export function subtract(a: unknown, b: unknown): unknown {
  if (typeof a === 'bigint' && typeof b === 'bigint') return intResult(a - b);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a instanceof CelUint && b instanceof CelUint) return uintResult(a.v - b.v);
  if (a instanceof CelTimestamp && b instanceof CelTimestamp) {
    const d = a.ns - b.ns;
    if (d > MAX_INT || d < MIN_INT) throw new CelError('duration overflow');
    return new CelDuration(d);
  }
  if (a instanceof CelTimestamp && b instanceof CelDuration) return addTimestamp(a, -b.ns);
  if (a instanceof CelDuration && b instanceof CelDuration) return checkDuration(a.ns - b.ns);
  throw noSuchOverload();
}

export function multiply(a: unknown, b: unknown): unknown {
  if (typeof a === 'bigint' && typeof b === 'bigint') return intResult(a * b);
  if (typeof a === 'number' && typeof b === 'number') return a * b;
  if (a instanceof CelUint && b instanceof CelUint) return uintResult(a.v * b.v);
  throw noSuchOverload();
}

export function divide(a: unknown, b: unknown): unknown {
  if (typeof a === 'bigint' && typeof b === 'bigint') {
    if (b === 0n) throw new CelError('division by zero');
    return intResult(a / b);
  }
  if (typeof a === 'number' && typeof b === 'number') return a / b;
  if (a instanceof CelUint && b instanceof CelUint) {
    if (b.v === 0n) throw new CelError('division by zero');
    return new CelUint(a.v / b.v);
  }
  throw noSuchOverload();
}

export function modulo(a: unknown, b: unknown): unknown {
  if (typeof a === 'bigint' && typeof b === 'bigint') {
    if (b === 0n) throw new CelError('modulus by zero');
    if (a === MIN_INT && b === -1n) throw new CelError('integer overflow');
    return a % b;
  }
  if (a instanceof CelUint && b instanceof CelUint) {
    if (b.v === 0n) throw new CelError('modulus by zero');
    return new CelUint(a.v % b.v);
  }
  throw noSuchOverload();
}

export function negate(a: unknown): unknown {
  if (typeof a === 'bigint') return intResult(-a);
  if (typeof a === 'number') return -a;
  throw noSuchOverload();
}

function numericValue(v: unknown): bigint | number | undefined {
  if (typeof v === 'bigint' || typeof v === 'number') return v;
  if (v instanceof CelUint) return v.v;
  return undefined;
}

/** Compares two values of an ordered type: -1, 0, 1, or undefined when NaN is involved. */
export function compare(a: unknown, b: unknown): number | undefined {
  const na = numericValue(a);
  const nb = numericValue(b);
  if (na !== undefined && nb !== undefined) {
    if (typeof na === 'number' && Number.isNaN(na)) return undefined;
    if (typeof nb === 'number' && Number.isNaN(nb)) return undefined;
    if (typeof na === typeof nb) return na < nb ? -1 : na > nb ? 1 : 0;
    // int/uint (bigint) against double: compare exactly.
    return compareBigDouble(na as bigint | number, nb as bigint | number);
  }
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  if (a instanceof Uint8Array && b instanceof Uint8Array) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
    return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
  }
  if (a instanceof CelTimestamp && b instanceof CelTimestamp) return a.ns < b.ns ? -1 : a.ns > b.ns ? 1 : 0;
  if (a instanceof CelDuration && b instanceof CelDuration) return a.ns < b.ns ? -1 : a.ns > b.ns ? 1 : 0;
  const cmp = (a as { compareTo?: (o: unknown) => number } | null)?.compareTo;
  if (typeof cmp === 'function' && a !== null && typeof a === 'object' && b !== null && typeof b === 'object' && a.constructor === b.constructor) return cmp.call(a, b);
  throw noSuchOverload();
}

/** cel-go compares int or uint with double in float64 after range checks, so large values compare lossily. */
function compareBigDouble(a: bigint | number, b: bigint | number): number {
  if (typeof a === 'number') return -compareBigDouble(b, a);
  const d = b as number;
  if (a < 0n) {
    if (d < -9223372036854775808) return 1;
  }
  if (d > 18446744073709551615) return -1;
  const x = Number(a);
  return x < d ? -1 : x > d ? 1 : 0;
}

/** Strings compare by code point (Go compares UTF-8 bytes, which orders the same way). */
function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca !== cb) {
      const pa = a.codePointAt(i)!;
      const pb = b.codePointAt(i)!;
      return pa < pb ? -1 : 1;
    }
  }
  return a.length < b.length ? -1 : 1;
}

export function size(v: unknown): bigint {
  if (typeof v === 'string') return BigInt(codePointLength(v));
  if (Array.isArray(v)) return BigInt(v.length);
  if (v instanceof Uint8Array) return BigInt(v.length);
  if (v instanceof CelMap) return BigInt(v.size);
  throw noSuchOverload();
}

const SURROGATE = /[\uD800-\uDFFF]/;

export function codePointLength(s: string): number {
  if (!SURROGATE.test(s)) return s.length;
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { n--; i++; }
    }
  }
  return n;
}

export function contains(container: unknown, value: unknown): boolean {
  if (Array.isArray(container)) {
    for (const x of container) if (celEquals(x, value)) return true;
    return false;
  }
  if (container instanceof CelMap) return container.has(value);
  throw noSuchOverload();
}

const regexCache = new Map<string, RE2JS>();

export function compileRegex(pattern: string): RE2JS {
  let re = regexCache.get(pattern);
  if (!re) {
    try {
      re = RE2JS.compile(pattern);
    } catch (err) {
      throw new CelError((err as Error).message);
    }
    if (regexCache.size > 1000) regexCache.clear();
    regexCache.set(pattern, re);
  }
  return re;
}

export function matches(s: unknown, pattern: unknown): boolean {
  if (typeof s !== 'string' || typeof pattern !== 'string') throw noSuchOverload();
  return compileRegex(pattern).matcher(s).find();
}

const INT_TEXT = /^[+-]?\d+$/;

export function toInt(v: unknown): bigint {
  if (typeof v === 'bigint') return v;
  if (v instanceof CelUint) { if (v.v > MAX_INT) throw new CelError('integer overflow'); return v.v; }
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || v <= -9223372036854775808 || v >= 9223372036854775807) throw new CelError('integer overflow');
    return BigInt(Math.trunc(v));
  }
  if (typeof v === 'string') {
    if (!INT_TEXT.test(v)) throw new CelError(`strconv.ParseInt: parsing ${goQuote(v)}: invalid syntax`);
    const r = BigInt(v);
    if (r > MAX_INT || r < MIN_INT) throw new CelError(`strconv.ParseInt: parsing ${goQuote(v)}: value out of range`);
    return r;
  }
  if (v instanceof CelTimestamp) return v.ns >= 0n ? v.ns / 1_000_000_000n : -((-v.ns + 999_999_999n) / 1_000_000_000n);
  if (v instanceof CelDuration) return v.ns;
  throw noSuchOverload();
}

export function toUint(v: unknown): CelUint {
  if (v instanceof CelUint) return v;
  if (typeof v === 'bigint') { if (v < 0n) throw new CelError('unsigned integer overflow'); return new CelUint(v); }
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || v < 0 || v >= 18446744073709551616) throw new CelError('unsigned integer overflow');
    return new CelUint(BigInt(Math.trunc(v)));
  }
  if (typeof v === 'string') {
    if (!/^\+?\d+$/.test(v)) throw new CelError(`strconv.ParseUint: parsing ${goQuote(v)}: invalid syntax`);
    const r = BigInt(v);
    if (r > MAX_UINT) throw new CelError(`strconv.ParseUint: parsing ${goQuote(v)}: value out of range`);
    return new CelUint(r);
  }
  throw noSuchOverload();
}

const FLOAT_TEXT = /^[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf|infinity|nan)$/i;

export function toDouble(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof CelUint) return Number(v.v);
  if (typeof v === 'string') {
    if (!FLOAT_TEXT.test(v)) throw new CelError(`strconv.ParseFloat: parsing ${goQuote(v)}: invalid syntax`);
    const lower = v.toLowerCase().replace(/^\+/, '');
    if (lower === 'nan') return NaN;
    if (lower === 'inf' || lower === 'infinity') return Infinity;
    if (lower === '-inf' || lower === '-infinity') return -Infinity;
    const r = Number(v);
    if (!Number.isFinite(r)) throw new CelError(`strconv.ParseFloat: parsing ${goQuote(v)}: value out of range`);
    return r;
  }
  throw noSuchOverload();
}

const utf8Decoder = new TextDecoder('utf-8', { fatal: true });
const utf8Encoder = new TextEncoder();

export function toString(v: unknown): string {
  switch (typeof v) {
    case 'string': return v;
    case 'boolean': return v ? 'true' : 'false';
    case 'bigint': return v.toString();
    case 'number': return formatDouble(v);
    default: break;
  }
  if (v instanceof CelUint) return v.v.toString();
  if (v instanceof Uint8Array) {
    try {
      return utf8Decoder.decode(v);
    } catch {
      throw new CelError('invalid UTF-8 in bytes, cannot convert to string');
    }
  }
  if (v instanceof CelTimestamp) return formatTimestamp(v);
  if (v instanceof CelDuration) return formatDuration(v);
  const str = (v as { celString?: () => string } | null)?.celString;
  if (typeof str === 'function') return str.call(v);
  throw noSuchOverload();
}

/** Go's strconv.FormatFloat(d, 'g', -1, 64): shortest digits, exponent form below 1e-4 and from 1e21 up. */
export function formatDouble(d: number): string {
  if (Number.isNaN(d)) return 'NaN';
  if (d === Infinity) return '+Inf';
  if (d === -Infinity) return '-Inf';
  if (d === 0) return Object.is(d, -0) ? '-0' : '0';
  const [mant, e] = d.toExponential().split('e');
  const e10 = Number(e);
  if (e10 < -4 || e10 >= 21) {
    const abs = Math.abs(e10);
    return `${mant}e${e10 < 0 ? '-' : '+'}${abs < 10 ? '0' : ''}${abs}`;
  }
  return String(d);
}

export function toBytes(v: unknown): Uint8Array {
  if (v instanceof Uint8Array) return v;
  if (typeof v === 'string') return utf8Encoder.encode(v);
  throw noSuchOverload();
}

export function toBool(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    switch (v) {
      case '1': case 't': case 'T': case 'TRUE': case 'true': case 'True': return true;
      case '0': case 'f': case 'F': case 'FALSE': case 'false': case 'False': return false;
      default: throw new CelError(`strconv.ParseBool: parsing ${goQuote(v)}: invalid syntax`);
    }
  }
  throw noSuchOverload();
}

export function toTimestamp(v: unknown): CelTimestamp {
  if (v instanceof CelTimestamp) return v;
  if (typeof v === 'string') return parseTimestamp(v);
  if (typeof v === 'bigint') {
    if (v < MIN_TIMESTAMP_SECONDS || v > MAX_TIMESTAMP_SECONDS) throw new CelError('timestamp overflow');
    return new CelTimestamp(v * 1_000_000_000n);
  }
  throw noSuchOverload();
}

export function toDuration(v: unknown): CelDuration {
  if (v instanceof CelDuration) return v;
  if (typeof v === 'string') return parseDuration(v);
  if (typeof v === 'bigint') return new CelDuration(v);
  throw noSuchOverload();
}

export function typeOf(v: unknown): CelType {
  return new CelType(runtimeTypeName(v));
}

function goQuote(s: string): string {
  return JSON.stringify(s);
}

function timeField(field: (c: ReturnType<typeof civilTime>) => number, durationDivisor?: bigint) {
  return (t: unknown, zone?: unknown): bigint => {
    if (t instanceof CelDuration && durationDivisor !== undefined && zone === undefined) return t.ns / durationDivisor;
    if (!(t instanceof CelTimestamp)) throw noSuchOverload();
    if (zone !== undefined && typeof zone !== 'string') throw noSuchOverload();
    return BigInt(field(civilTime(t, zone as string | undefined)));
  };
}

function generic(impl: (...args: any[]) => unknown): RuntimeOverload[] {
  return [{ id: '*', impl }];
}

function optionalIndex(container: unknown, key: unknown): CelOptional {
  if (container instanceof CelOptional) {
    if (!container.has) return CelOptional.NONE;
    return optionalIndex(container.value, key);
  }
  if (Array.isArray(container)) {
    const n = typeof key === 'bigint' ? key : typeof key === 'number' && Number.isInteger(key) ? BigInt(key) : key instanceof CelUint ? key.v : undefined;
    if (n === undefined) throw noSuchOverload();
    return n >= 0n && n < BigInt(container.length) ? CelOptional.of(container[Number(n)]) : CelOptional.NONE;
  }
  if (container instanceof CelMap) return container.has(key) ? CelOptional.of(container.get(key)) : CelOptional.NONE;
  if (isObjectValue(container) && typeof key === 'string') return container.hasField(key) ? CelOptional.of(container.getField(key)) : CelOptional.NONE;
  throw noSuchOverload();
}

export { optionalIndex };

/** Zero values for optional.ofNonZeroValue. */
function isZeroValue(v: unknown): boolean {
  if (v === null || v === false || v === 0n || v === 0 || v === '') return true;
  if (v instanceof CelUint) return v.v === 0n;
  if (Array.isArray(v) || v instanceof Uint8Array) return v.length === 0;
  if (v instanceof CelMap) return v.size === 0;
  if (v instanceof CelDuration) return v.ns === 0n;
  if (v instanceof CelTimestamp) return v.ns === 0n;
  if (isObjectValue(v)) return v.fieldNames().length === 0;
  return false;
}

export function standardRuntime(): RuntimeLibrary {
  const lib: RuntimeLibrary = new Map();
  const set = (name: string, impl: (...args: any[]) => unknown) => lib.set(name, generic(impl));
  set('_+_', add);
  set('_-_', subtract);
  set('_*_', multiply);
  set('_/_', divide);
  set('_%_', modulo);
  set('-_', negate);
  set('!_', (a: unknown) => { if (typeof a !== 'boolean') throw noSuchOverload(); return !a; });
  set('_==_', celEquals);
  set('_!=_', (a: unknown, b: unknown) => !celEquals(a, b));
  set('_<_', (a: unknown, b: unknown) => compare(a, b) === -1);
  set('_<=_', (a: unknown, b: unknown) => { const c = compare(a, b); return c === -1 || c === 0; });
  set('_>_', (a: unknown, b: unknown) => compare(a, b) === 1);
  set('_>=_', (a: unknown, b: unknown) => { const c = compare(a, b); return c === 1 || c === 0; });
  set('@in', (a: unknown, b: unknown) => contains(b, a));
  set('size', size);
  set('type', typeOf);
  set('int', toInt);
  set('uint', toUint);
  set('double', toDouble);
  set('string', toString);
  set('bytes', toBytes);
  set('bool', toBool);
  set('timestamp', toTimestamp);
  set('duration', toDuration);
  set('dyn', (v: unknown) => v);
  set('contains', (s: unknown, sub: unknown) => { if (typeof s !== 'string' || typeof sub !== 'string') throw noSuchOverload(); return s.includes(sub); });
  set('startsWith', (s: unknown, p: unknown) => { if (typeof s !== 'string' || typeof p !== 'string') throw noSuchOverload(); return s.startsWith(p); });
  set('endsWith', (s: unknown, p: unknown) => { if (typeof s !== 'string' || typeof p !== 'string') throw noSuchOverload(); return s.endsWith(p); });
  set('matches', matches);
  set('getFullYear', timeField((c) => c.year));
  set('getMonth', timeField((c) => c.month - 1));
  set('getDayOfYear', timeField((c) => c.dayOfYear));
  set('getDayOfMonth', timeField((c) => c.day - 1));
  set('getDate', timeField((c) => c.day));
  set('getDayOfWeek', timeField((c) => c.dayOfWeek));
  set('getHours', timeField((c) => c.hour, 3_600_000_000_000n));
  set('getMinutes', timeField((c) => c.minute, 60_000_000_000n));
  set('getSeconds', timeField((c) => c.second, 1_000_000_000n));
  set('getMilliseconds', timeField((c) => c.millis, 1_000_000n));
  return lib;
}

export function optionalRuntime(): RuntimeLibrary {
  const lib: RuntimeLibrary = new Map();
  const set = (name: string, impl: (...args: any[]) => unknown) => lib.set(name, generic(impl));
  const opt = (v: unknown): CelOptional => { if (!(v instanceof CelOptional)) throw noSuchOverload(); return v; };
  set('optional.of', (v: unknown) => CelOptional.of(v));
  set('optional.ofNonZeroValue', (v: unknown) => (isZeroValue(v) ? CelOptional.NONE : CelOptional.of(v)));
  set('optional.none', () => CelOptional.NONE);
  set('value', (o: unknown) => { const x = opt(o); if (!x.has) throw new CelError('optional.none() dereference'); return x.value; });
  set('hasValue', (o: unknown) => opt(o).has);
  set('or', (o: unknown, other: unknown) => { const x = opt(o); return x.has ? x : opt(other); });
  set('orValue', (o: unknown, other: unknown) => { const x = opt(o); return x.has ? x.value : other; });
  set('_[?_]', optionalIndex);
  set('last', (l: unknown) => { if (!Array.isArray(l)) throw noSuchOverload(); return l.length ? CelOptional.of(l[l.length - 1]) : CelOptional.NONE; });
  set('first', (l: unknown) => { if (!Array.isArray(l)) throw noSuchOverload(); return l.length ? CelOptional.of(l[0]) : CelOptional.NONE; });
  const unwrap = (l: unknown) => {
    if (!Array.isArray(l)) throw noSuchOverload();
    const out: unknown[] = [];
    for (const x of l) { const o = opt(x); if (o.has) out.push(o.value); }
    return out;
  };
  set('optional.unwrap', unwrap);
  set('unwrapOpt', unwrap);
  return lib;
}

export function twoVarComprehensionRuntime(): RuntimeLibrary {
  const lib: RuntimeLibrary = new Map();
  lib.set('cel.@mapInsert', generic((m: unknown, k: unknown, v?: unknown) => {
    if (!(m instanceof CelMap)) throw noSuchOverload();
    const out = CelMap.from(m.entries());
    if (v === undefined) {
      if (!(k instanceof CelMap)) throw noSuchOverload();
      for (const [kk, vv] of k.entries()) {
        if (out.has(kk)) throw new CelError(`insert failed: key ${toDisplay(kk)} already exists`);
        out.set(kk, vv);
      }
      return out;
    }
    if (out.has(k)) throw new CelError(`insert failed: key ${toDisplay(k)} already exists`);
    out.set(k, v);
    return out;
  }));
  return lib;
}

/** Go's %v of a CEL value, as cel-go error messages print it. */
export function toDisplay(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return formatDouble(v);
  if (v instanceof CelUint) return v.v.toString();
  if (Array.isArray(v)) return `[${v.map(toDisplay).join(' ')}]`;
  return String(v);
}
