// Pruning: fields the structural schema does not specify are dropped (unless x-kubernetes-preserve-unknown-fields),
// at the root and inside embedded resources apiVersion, kind and metadata are always kept.
import { additionalSchema, itemSchema, preservesUnknown, type JSONSchemaProps } from '../../api/json-schema-props.js';

const child = (path: string, key: string) => (path ? `${path}.${key}` : key);
const META_KEYS = new Set(['apiVersion', 'kind', 'metadata']);

function pruneNode(s: JSONSchemaProps | undefined, v: unknown, path: string, isResource: boolean, pruned: string[]): void {
  if (!s || v === null || typeof v !== 'object') return;
  if (Array.isArray(v)) {
    const items = itemSchema(s);
    v.forEach((x, i) => pruneNode(items, x, `${path}[${i}]`, false, pruned));
    return;
  }
  const o = v as Record<string, unknown>;
  const resource = isResource || s['x-kubernetes-embedded-resource'] === true;
  const extra = additionalSchema(s);
  const preserve = preservesUnknown(s) || s.additionalProperties === true;
  for (const k of Object.keys(o)) {
    if (resource && META_KEYS.has(k) && !s.properties?.[k]) continue;
    const ps = s.properties?.[k] ?? extra;
    if (ps) {
      pruneNode(ps, o[k], child(path, k), false, pruned);
      continue;
    }
    if (preserve) continue;
    pruned.push(child(path, k));
    delete o[k];
  }
}

/** Prunes in place; returns the dropped field paths, sorted (the `unknown field` warnings). */
export function pruneCustomResource(schema: JSONSchemaProps, obj: Record<string, unknown>): string[] {
  const pruned: string[] = [];
  pruneNode(schema, obj, '', true, pruned);
  return pruned.sort();
}
