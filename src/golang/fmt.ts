// Go's fmt package as kube's messages show values: %v and %s of decoded JSON values, %#v of the structs kube
// prints in field errors.
//
// Go's fmt rendering (%v, %s) of decoded JSON values (map[string]interface{}, []interface{}, string,
// int64, float64, bool, nil), which kube-apiserver puts into strategic-merge-patch error messages
// (`map: map[image:x] does not contain declared merge key: name`) and into 422s (`%+v` of the patch).
// A JS number that is an integer prints as Go's int64 (json decoding with PreserveInts), any other as float64.
import { compareGoStrings } from './encoding-json.js';
import { formatFloat } from './strconv.js';
import { GoValue } from '../errors/field-error.js';


/** The Go type name fmt shows in `%!s(<type>=<value>)` and reflect shows in ErrBadArgType. */
export function goTypeName(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return '[]interface {}';
  switch (typeof v) {
    case 'string':
      return 'string';
    case 'number':
      return Number.isInteger(v) ? 'int64' : 'float64';
    case 'bigint':
      return 'int64';
    case 'boolean':
      return 'bool';
    case 'object':
      return 'map[string]interface {}';
  }
  return 'interface {}';
}

function scalarV(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : formatFloat(v);
  return String(v);
}

/** fmt.Sprintf("%v", v) (also what %+v prints for these types). */
export function goSprintV(v: unknown): string {
  return print(v, 'v');
}

/** fmt.Sprintf("%s", v): non-strings print as `%!s(int64=1)`. */
export function goSprintS(v: unknown): string {
  return print(v, 's');
}

function print(v: unknown, verb: 'v' | 's'): string {
  if (v === null || v === undefined) return verb === 'v' ? '<nil>' : '%!s(<nil>)';
  if (Array.isArray(v)) return `[${v.map((e) => print(e, verb)).join(' ')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o).sort(compareGoStrings);
    return `map[${keys.map((k) => `${k}:${print(o[k], verb)}`).join(' ')}]`;
  }
  if (typeof v === 'string' || verb === 'v') return scalarV(v);
  return `%!s(${goTypeName(v)}=${scalarV(v)})`;
}

// Renders the few Go values kube's metadata errors print with %v / %#v, as GoValue texts.
const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** Parses an RFC 3339 timestamp as Go's metav1.Time does; undefined for empty or unparsable values. */
export function parseTime(value: unknown): number | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Go's time.Time.String() of a UTC time: `2006-01-02 15:04:05 +0000 UTC` (fraction only when non-zero). */
export function goTimeString(ms: number | undefined): string {
  if (ms === undefined) return '0001-01-01 00:00:00 +0000 UTC';
  const d = new Date(ms);
  const frac = d.getUTCMilliseconds() ? `.${pad(d.getUTCMilliseconds(), 3).replace(/0+$/, '')}` : '';
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${frac} +0000 UTC`
  );
}

const goString = (v: unknown): string => JSON.stringify(typeof v === 'string' ? v : '');

// Go prints a non-nil pointer as its address, which no client can predict; a fixed address stands in.
const goBoolPtr = (v: unknown): string => (typeof v === 'boolean' ? '(*bool)(0xc000010000)' : '(*bool)(nil)');

/** %#v of a metav1.OwnerReference struct. */
export function goOwnerReference(ref: unknown): string {
  const r = (ref && typeof ref === 'object' ? ref : {}) as Record<string, unknown>;
  return (
    `v1.OwnerReference{APIVersion:${goString(r.apiVersion)}, Kind:${goString(r.kind)}, Name:${goString(r.name)}, ` +
    `UID:${goString(r.uid)}, Controller:${goBoolPtr(r.controller)}, BlockOwnerDeletion:${goBoolPtr(r.blockOwnerDeletion)}}`
  );
}

export const goOwnerReferenceValue = (ref: unknown): GoValue => new GoValue(goOwnerReference(ref));

/** %#v of a []metav1.OwnerReference. */
export const goOwnerReferencesValue = (refs: unknown[]): GoValue =>
  new GoValue(`[]v1.OwnerReference{${refs.map(goOwnerReference).join(', ')}}`);
