// Go's fmt rendering (%v, %s) of decoded JSON values (map[string]interface{}, []interface{}, string,
// int64, float64, bool, nil), which kube-apiserver puts into strategic-merge-patch error messages
// (`map: map[image:x] does not contain declared merge key: name`) and into 422s (`%+v` of the patch).
// A JS number that is an integer prints as Go's int64 (json decoding with PreserveInts), any other as float64.
import { compareGoStrings } from './go-json-encode.js';

/** float64 with %v: shortest digits, exponent form when the exponent is < -4 or >= 6 (strconv %g, shortest). */
export function goFloatV(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? '+Inf' : '-Inf';
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  const [mant, expText] = n.toExponential().split('e') as [string, string];
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(n);
}

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
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : goFloatV(v);
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
