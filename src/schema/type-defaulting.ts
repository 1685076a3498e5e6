// Type-driven defaulting of built-in objects, as kube's generated SetObjectDefaults_<Kind> functions do it: every
// struct value whose Go type has a defaulting function gets it, the outer value first, then its fields, list items
// and map values (so a field a defaulter just created is defaulted too). The functions themselves live with the
// kinds (registry/resources/); this walks the schema and calls them by the struct's component name.
import type { SchemaNode } from './schema-node.js';

export type JsonMap = Record<string, unknown>;

/** A Go SetDefaults_<Type> function over the JSON form of one value of that type. */
export type TypeDefaulter = (value: JsonMap) => void;

/** Defaulters by OpenAPI component name (`io.k8s.api.core.v1.PodSpec`). */
export type TypeDefaulters = ReadonlyMap<string, TypeDefaulter>;

const isMap = (v: unknown): v is JsonMap => typeof v === 'object' && v !== null && !Array.isArray(v);

// Nodes under which no defaulter can be reached, per defaulter table (most of a kind's schema has none).
const barren = new WeakMap<TypeDefaulters, WeakMap<SchemaNode, boolean>>();

function reachesDefaulter(node: SchemaNode, table: TypeDefaulters, seen: Map<SchemaNode, boolean>): boolean {
  const known = seen.get(node);
  if (known !== undefined) return known;
  seen.set(node, false); // recursive types: assume none while looking
  let found = node.component !== undefined && table.has(node.component);
  if (!found && node.isStruct) for (const child of node.properties.values()) if (reachesDefaulter(child, table, seen)) found = true;
  if (!found && node.items) found = reachesDefaulter(node.items, table, seen);
  const addl = node.additionalProperties;
  if (!found && typeof addl === 'object') found = reachesDefaulter(addl, table, seen);
  seen.set(node, found);
  return found;
}

function worthWalking(node: SchemaNode, table: TypeDefaulters): boolean {
  let m = barren.get(table);
  if (!m) barren.set(table, (m = new WeakMap()));
  let r = m.get(node);
  if (r === undefined) {
    r = reachesDefaulter(node, table, new Map());
    m.set(node, r);
  }
  return r;
}

/** Applies the defaulters of `table` to `value` (of the type `node` describes), in place. */
export function applyTypeDefaults(value: unknown, node: SchemaNode, table: TypeDefaulters): void {
  if (!worthWalking(node, table)) return;
  if (Array.isArray(value)) {
    const items = node.items;
    if (items) for (const v of value) applyTypeDefaults(v, items, table);
    return;
  }
  if (!isMap(value)) return;
  if (node.isStruct) {
    const own = node.component !== undefined ? table.get(node.component) : undefined;
    own?.(value);
    for (const [key, child] of node.properties) {
      const v = value[key];
      if (v !== null && typeof v === 'object') applyTypeDefaults(v, child, table);
    }
    return;
  }
  const addl = node.additionalProperties;
  if (typeof addl === 'object') for (const v of Object.values(value)) if (v !== null && typeof v === 'object') applyTypeDefaults(v, addl, table);
}
