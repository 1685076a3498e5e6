// Small helpers for the kinds' defaulting functions (kube's pkg/apis/<group>/<version>/defaults.go), which the
// homes in this folder write as data or a few lines each, over the JSON form of one Go value.
import type { JsonMap, TypeDefaulter } from '../../schema/type-defaulting.js';

export type { JsonMap, TypeDefaulter };

/** Defaulters of one home, by OpenAPI component name. */
export type TypeDefaults = Readonly<Record<string, TypeDefaulter>>;

export const isMap = (v: unknown): v is JsonMap => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A Go string field that is "" (absent, null or empty). */
export const unsetString = (v: unknown): boolean => v === undefined || v === null || v === '';
/** A Go pointer field that is nil. */
export const unsetPointer = (v: unknown): boolean => v === undefined || v === null;
/** A Go number field that is 0. */
export const unsetNumber = (v: unknown): boolean => v === undefined || v === null || v === 0;
/** A Go slice or map that is empty. */
export const empty = (v: unknown): boolean =>
  v === undefined || v === null || (Array.isArray(v) ? v.length === 0 : isMap(v) && Object.keys(v).length === 0);

/** Sets string fields that are "" (kube's `if obj.X == "" { obj.X = … }`). */
export function defaultStrings(o: JsonMap, values: Readonly<Record<string, string>>): void {
  for (const [k, v] of Object.entries(values)) if (unsetString(o[k])) o[k] = v;
}

/** Sets pointer fields that are nil (kube's `if obj.X == nil { obj.X = ptr.To(…) }`); the value is copied. */
export function defaultPointers(o: JsonMap, values: Readonly<Record<string, unknown>>): void {
  for (const [k, v] of Object.entries(values)) if (unsetPointer(o[k])) o[k] = structuredClone(v);
}

/** Sets non-pointer number fields that are 0. */
export function defaultNumbers(o: JsonMap, values: Readonly<Record<string, number>>): void {
  for (const [k, v] of Object.entries(values)) if (unsetNumber(o[k])) o[k] = v;
}

/** The struct under `key`, created when nil. */
export function struct(o: JsonMap, key: string): JsonMap {
  const v = o[key];
  if (isMap(v)) return v;
  const created: JsonMap = {};
  o[key] = created;
  return created;
}

/** The map under `key` if it is a non-empty object. */
export function mapAt(o: JsonMap, ...path: string[]): JsonMap | undefined {
  let cur: unknown = o;
  for (const k of path) {
    if (!isMap(cur)) return undefined;
    cur = cur[k];
  }
  return isMap(cur) ? cur : undefined;
}

/** The list under `key` as maps (skipping anything else). */
export function itemsAt(o: JsonMap, key: string): JsonMap[] {
  const v = o[key];
  return Array.isArray(v) ? v.filter(isMap) : [];
}
