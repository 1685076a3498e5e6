// Structural pruning for custom resources (apiextensions semantics): fields a structural schema does not
// declare are removed unless x-kubernetes-preserve-unknown-fields keeps them; apiVersion, kind and metadata
// stay at the root and in x-kubernetes-embedded-resource objects. Returns the removed paths in kube's
// strict-error format (`spec.foo`, `spec.items[0].bar`, map values as `.key`), in walk order.
import type { SchemaNode } from './schema-node.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const TYPE_META = new Set(['apiVersion', 'kind', 'metadata']);

/** Prunes `value` in place against a structural schema; `isResourceRoot` keeps TypeMeta and metadata at the top. */
export function pruneUnknownFields(value: unknown, node: SchemaNode, isResourceRoot = true): string[] {
  const pruned: string[] = [];
  walk(value, node, '', isResourceRoot, pruned);
  return pruned;
}

const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

function walk(value: unknown, node: SchemaNode, path: string, keepTypeMeta: boolean, out: string[]): void {
  if (Array.isArray(value)) {
    const items = node.items;
    if (items) value.forEach((v, i) => walk(v, items, `${path}[${i}]`, items.embeddedResource, out));
    return;
  }
  if (!isObject(value)) return;
  const addl = node.additionalProperties;
  for (const key of Object.keys(value)) {
    if (keepTypeMeta && TYPE_META.has(key) && !node.properties.has(key)) continue;
    const child = node.properties.get(key) ?? (typeof addl === 'object' ? addl : undefined);
    if (!child) {
      if (node.preserveUnknownFields || addl === true) continue;
      delete value[key];
      out.push(join(path, key));
      continue;
    }
    walk(value[key], child, join(path, key), child.embeddedResource, out);
  }
}
