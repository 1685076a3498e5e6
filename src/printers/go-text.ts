// How Go prints decoded JSON values: fmt's %v for scalars and encoding/json for maps and slices, as
// kube's JSONPath printer writes the cells of string-typed custom resource columns. JSON numbers
// decode to int64 when integral and float64 otherwise.

/** strconv.FormatFloat(f, 'g', -1, 64), which fmt's %v uses for a float64. */
export function goFloat(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (!Number.isFinite(f)) return f > 0 ? '+Inf' : '-Inf';
  if (f === 0) return '0';
  // toExponential() without an argument yields the shortest round-tripping digits, like precision -1.
  const [mantissa, expText] = f.toExponential().split('e') as [string, string];
  const exp = Number(expText);
  // With the shortest precision, %g switches to %e below 1e-4 and from 1e6 on.
  if (exp < -4 || exp >= 6) {
    const abs = Math.abs(exp);
    return `${mantissa}e${exp < 0 ? '-' : '+'}${abs < 10 ? `0${abs}` : abs}`;
  }
  return String(f);
}

const HTML_UNSAFE = /[<>&\u2028\u2029]/g;

/** encoding/json.Marshal of a decoded JSON value: map keys sorted, <, >, & and U+2028/9 escaped. */
export function goJSON(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return `[${v.map(goJSON).join(',')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${keys.map((k) => `${goJSON(k)}:${goJSON(o[k])}`).join(',')}}`;
  }
  if (typeof v === 'string') return JSON.stringify(v).replace(HTML_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return JSON.stringify(v);
}

/** The text JSONPath prints for one result: JSON for maps and slices, %v otherwise. */
export function goText(v: unknown): string {
  if (v === null || v === undefined) return '<no value>';
  if (typeof v === 'object') return goJSON(v);
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) < 2 ** 63 ? BigInt(v).toString() : goFloat(v);
  return String(v);
}
