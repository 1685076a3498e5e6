// How Go prints decoded JSON values: fmt's %v for scalars and encoding/json for maps and slices, as
// kube's JSONPath printer writes the cells of string-typed custom resource columns. JSON numbers
// decode to int64 when integral and float64 otherwise.
import { goMarshal } from '../golang/encoding-json.js';
import { formatFloat } from '../golang/strconv.js';

/** fmt's %v of a float64 (golang/strconv.ts). */
export const goFloat = formatFloat;

/** encoding/json.Marshal of a decoded JSON value (golang/encoding-json.ts). */
export const goJSON = goMarshal;

/** The text JSONPath prints for one result: JSON for maps and slices, %v otherwise. */
export function goText(v: unknown): string {
  if (v === null || v === undefined) return '<no value>';
  if (typeof v === 'object') return goJSON(v);
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) < 2 ** 63 ? BigInt(v).toString() : goFloat(v);
  return String(v);
}
