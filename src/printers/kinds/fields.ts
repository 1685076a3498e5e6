// Reading fields of plain-JSON objects the way a Go printer reads its typed struct: an absent field
// is the zero value of its Go type.
import type { KObject } from '../../api/object.js';

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const int = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0);
export const bool = (v: unknown): boolean => v === true;
export const arr = (v: unknown): KObject[] => (Array.isArray(v) ? (v as KObject[]) : []);
export const strs = (v: unknown): string[] => (Array.isArray(v) ? v.map((x) => str(x)) : []);
export const obj = (v: unknown): KObject => (v && typeof v === 'object' && !Array.isArray(v) ? (v as KObject) : {});
export const mapLen = (v: unknown): number => Object.keys(obj(v)).length;
export const isSet = (v: unknown): boolean => v !== undefined && v !== null;

/** A resource.Quantity printed with String(): the stored canonical text; a missing map entry is "0". */
export function quantity(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  return '0';
}

/** A *resource.Quantity printed with String(): nil prints as `<nil>`. */
export const quantityPtr = (v: unknown): string => (isSet(v) ? quantity(v) : '<nil>');

/** intstr.IntOrString.String(). */
export const intOrString = (v: unknown): string => (typeof v === 'number' ? String(Math.trunc(v)) : str(v));

/** layoutContainerCells: container names and images, comma-joined. */
export function containerCells(containers: unknown): [string, string] {
  const list = arr(containers);
  return [list.map((c) => str(c.name)).join(','), list.map((c) => str(c.image)).join(',')];
}

/** Sorted set of strings, as sets.String.List(). */
export const sortedUnique = (values: string[]): string[] => [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** A list shortened to `max` entries with `a,b,c + N more...`; `<unset>` when empty (listWithMoreString). */
export function listWithMore(list: string[], more: boolean, count: number, max: number): string {
  const joined = list.join(',');
  if (more) return `${joined} + ${count - max} more...`;
  return joined === '' ? '<unset>' : joined;
}

/** printBool / printBoolPtr. */
export const boolText = (v: boolean): string => (v ? 'True' : 'False');
export const boolPtrText = (v: unknown): string => (typeof v === 'boolean' ? boolText(v) : '<unset>');
