// Defaulting from `default` in the structural schema; nulls of non-nullable fields become the default or are
// dropped (kube's prune-nulls + defaulting). Runs on writes and on every read from storage.
import { additionalSchema, itemSchema, type JSONSchemaProps } from '../../api/json-schema-props.js';

export function applyDefaults(s: JSONSchemaProps | undefined, v: unknown): void {
  if (!s || v === null || typeof v !== 'object') return;
  if (Array.isArray(v)) {
    const items = itemSchema(s);
    if (!items) return;
    for (let i = 0; i < v.length; i++) {
      if (v[i] === null && !items.nullable && items.default !== undefined) v[i] = structuredClone(items.default);
      applyDefaults(items, v[i]);
    }
    return;
  }
  const o = v as Record<string, unknown>;
  const extra = additionalSchema(s);
  if (extra) {
    for (const k of Object.keys(o)) {
      if (s.properties?.[k]) continue;
      if (o[k] === null && !extra.nullable) {
        if (extra.default !== undefined) o[k] = structuredClone(extra.default);
        else delete o[k];
      }
      applyDefaults(extra, o[k]);
    }
  }
  for (const [k, ps] of Object.entries(s.properties ?? {})) {
    if (o[k] === null && !ps.nullable) {
      if (ps.default !== undefined) o[k] = structuredClone(ps.default);
      else delete o[k];
    } else if (!(k in o) && ps.default !== undefined) {
      o[k] = structuredClone(ps.default);
    }
    if (k in o) applyDefaults(ps, o[k]);
  }
}
