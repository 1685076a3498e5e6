// Renders unstructured JSON values the way Go's %#v prints them inside field errors (kube's CR validation
// reports []interface{} and map[string]interface{} values that way).
import { GoValue } from '../../errors/field-error.js';
import { formatFloat } from '../../golang/strconv.js';

function goSharp(v: unknown): string {
  if (v === null || v === undefined) return 'interface {}(nil)';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return goNumberOrBool(v);
  if (Array.isArray(v)) return `[]interface {}{${v.map(goSharp).join(', ')}}`;
  const keys = Object.keys(v as object).sort();
  return `map[string]interface {}{${keys.map((k) => `${JSON.stringify(k)}:${goSharp((v as Record<string, unknown>)[k])}`).join(', ')}}`;
}

// An unstructured number is an int64 in Go when it is integral and fits, else a float64 (printed as %v: FormatFloat 'g').
function goNumberOrBool(v: number | boolean): string {
  if (typeof v === 'boolean') return String(v);
  if (Number.isInteger(v) && Math.abs(v) < 2 ** 63) return String(v);
  return formatFloat(v);
}

/**
 * The value of a field error as kube renders it: scalars as themselves (strings quoted by the field error
 * renderer), lists and objects in Go syntax.
 */
export function goFieldValue(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'object') return new GoValue(goSharp(v));
  if (typeof v === 'number' && !Number.isInteger(v)) return new GoValue(goNumberOrBool(v));
  return v;
}

/** Go's %v of a bound from the schema (a float64 even when integral), e.g. 1, 2.5, 1e+06. */
export function goFloat(v: number): string {
  return formatFloat(v);
}
