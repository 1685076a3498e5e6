// Renders unstructured JSON values the way Go's %#v prints them inside field errors (kube's CR validation
// reports []interface{} and map[string]interface{} values that way).
import { GoValue } from '../../errors/field-error.js';

function goSharp(v: unknown): string {
  if (v === null || v === undefined) return 'interface {}(nil)';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return goNumberOrBool(v);
  if (Array.isArray(v)) return `[]interface {}{${v.map(goSharp).join(', ')}}`;
  const keys = Object.keys(v as object).sort();
  return `map[string]interface {}{${keys.map((k) => `${JSON.stringify(k)}:${goSharp((v as Record<string, unknown>)[k])}`).join(', ')}}`;
}

function goNumberOrBool(v: number | boolean): string {
  if (typeof v === 'boolean') return String(v);
  if (Number.isInteger(v) && Math.abs(v) < 1e21) return String(v);
  // Go's %v of a float64: shortest digits, exponent form below 1e-4 and from 1e21 on, two-digit exponents.
  const exp = v === 0 ? 0 : Math.floor(Math.log10(Math.abs(v)));
  if (exp < -4 || exp >= 21) {
    const [m, e] = v.toExponential().split('e');
    const n = Number(e);
    return `${m}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
  }
  return String(v);
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

/** Go's %v of a bound from the schema (float64), e.g. 1, 2.5, 1e+21. */
export function goFloat(v: number): string {
  return goNumberOrBool(v);
}
