// Structural defaulting: a missing property whose schema has `default` gets a deep copy of it, then
// defaulting recurses into every property, list item and map value — including values just defaulted —
// as apiextensions' structural defaulting does. For built-in kinds the published defaults are the Go zero
// values of fields that always serialize (`""`, `0`, `{}`) and the `+default` markers (`protocol: TCP`),
// so the result matches what kube's typed decode/encode round trip stores.
import type { SchemaNode } from './schema-node.js';

export interface DefaultingOptions {
  /**
   * Custom resources: a `null` under a property that is not `nullable` is replaced by the default too
   * (apiextensions prunes such nulls before defaulting). Built-ins keep nulls.
   */
  defaultNonNullableNulls?: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Applies defaults in place. */
export function applyDefaults(value: unknown, node: SchemaNode, opts: DefaultingOptions = {}): void {
  if (Array.isArray(value)) {
    const items = node.items;
    if (items) for (const v of value) applyDefaults(v, items, opts);
    return;
  }
  if (!isObject(value)) return;
  if (node.hasProperties) {
    for (const [key, prop] of node.defaultedProperties) {
      const has = Object.prototype.hasOwnProperty.call(value, key);
      if (!has || (opts.defaultNonNullableNulls && value[key] === null && !prop.nullable)) value[key] = structuredClone(prop.default);
    }
  }
  const addl = node.additionalProperties;
  for (const [key, v] of Object.entries(value)) {
    if (v === null || typeof v !== 'object') continue;
    const child = node.properties.get(key) ?? (typeof addl === 'object' ? addl : undefined);
    if (child) applyDefaults(v, child, opts);
  }
}
