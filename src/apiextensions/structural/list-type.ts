// x-kubernetes-list-type uniqueness: duplicates in a "set" list, or entries of a "map" list with the same
// key fields, are reported as kube does (`spec.ports[1]: Duplicate value: map[string]interface {}{"name":"a"}`).
import { fieldErr, type FieldError } from '../../errors/field-error.js';
import { goFieldValue } from './go-value.js';
import { additionalSchema, itemSchema, type JSONSchemaProps } from '../../api/json-schema-props.js';

const child = (path: string, key: string) => (path ? `${path}.${key}` : key);

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

function checkList(s: JSONSchemaProps, list: unknown[], path: string, errs: FieldError[]): void {
  const kind = s['x-kubernetes-list-type'];
  if (kind === 'set') {
    const seen = new Set<string>();
    list.forEach((x, i) => {
      const c = canonical(x);
      if (seen.has(c)) errs.push(fieldErr.duplicate(`${path}[${i}]`, goFieldValue(x)));
      seen.add(c);
    });
  } else if (kind === 'map') {
    const keys = s['x-kubernetes-list-map-keys'] ?? [];
    const seen = new Set<string>();
    list.forEach((x, i) => {
      if (!x || typeof x !== 'object' || Array.isArray(x)) return;
      const keyValues: Record<string, unknown> = {};
      for (const k of keys) if ((x as Record<string, unknown>)[k] !== undefined) keyValues[k] = (x as Record<string, unknown>)[k];
      const c = canonical(keyValues);
      if (seen.has(c)) errs.push(fieldErr.duplicate(`${path}[${i}]`, goFieldValue(keyValues)));
      seen.add(c);
    });
  }
}

/** Walks the object along the schema and checks every set and map list. */
export function validateListTypes(s: JSONSchemaProps | undefined, v: unknown, path: string, errs: FieldError[] = []): FieldError[] {
  if (!s || v === null || v === undefined) return errs;
  if (Array.isArray(v)) {
    checkList(s, v, path, errs);
    const items = itemSchema(s);
    if (items) v.forEach((x, i) => validateListTypes(items, x, `${path}[${i}]`, errs));
  } else if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const extra = additionalSchema(s);
    for (const [k, x] of Object.entries(o)) {
      const ps = s.properties?.[k] ?? extra;
      if (ps) validateListTypes(ps, x, child(path, k), errs);
    }
  }
  return errs;
}
