// Decoded-JSON value helpers with Go's semantics for strategic merge patch: dynamic types as
// reflect sees them, interface equality (which panics on maps and slices), and the error texts
// of apimachinery's mergepatch package built from them.
import { ApiserverPanic } from './patch-errors.js';
import { goSprintV, goTypeName } from '../golang/fmt.js';
import { mergeFailure, type SmpError } from './smp-error.js';

export type JsonMap = { [key: string]: unknown };

export const isMap = (v: unknown): v is JsonMap => typeof v === 'object' && v !== null && !Array.isArray(v);

export const hasOwn = (o: JsonMap, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** o[k] = v without tripping over `__proto__`. */
export function setKey(o: JsonMap, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

/** Go's `a == b` on interface{} values. */
export function goEquals(a: unknown, b: unknown): boolean {
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  const ta = goTypeName(a);
  if (ta !== goTypeName(b)) return false;
  if (typeof a === 'object' && a !== null) throw new ApiserverPanic(`runtime error: comparing uncomparable type ${ta}`);
  return a === b;
}

/** Go's map[interface{}] key check: maps and slices cannot be hashed. */
export function assertHashable(v: unknown): void {
  if (typeof v === 'object' && v !== null) throw new ApiserverPanic(`runtime error: hash of unhashable type ${goTypeName(v)}`);
}

/** reflect.TypeOf(x) printed with %s, as mergepatch.ErrBadArgType does. */
const reflectName = (v: unknown): string => (v === null || v === undefined ? '%!s(<nil>)' : goTypeName(v));

export function errBadArgType(expected: string, actual: unknown): SmpError {
  return mergeFailure(`expected a ${expected}, but received a ${reflectName(actual)}`);
}

export function errNoMergeKey(m: JsonMap, key: string): SmpError {
  return mergeFailure(`map: ${goSprintV(m)} does not contain declared merge key: ${key}`);
}

export const MAP_TYPE = 'map[string]interface {}';
export const SLICE_TYPE = '[]interface {}';

