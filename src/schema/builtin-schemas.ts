// Compiled schemas of built-in kinds, one resolver per group-version document, built on first use so that
// start-up reads no schema file. Nodes are shared across requests: read-only.
import { loadSchemas } from '../api/catalog.js';
import type { ResourceInfo } from '../api/resource-info.js';
import { SchemaResolver, type SchemaNode } from './schema-node.js';

const resolvers = new Map<string, SchemaResolver | null>();
const byKind = new Map<string, SchemaNode | null>();

/** The resolver of one built-in group-version document; undefined when the catalog has no schemas for it. */
export function builtinResolver(group: string, version: string): SchemaResolver | undefined {
  const key = `${group}/${version}`;
  let r = resolvers.get(key);
  if (r === undefined) {
    const components = loadSchemas(group, version);
    r = components ? new SchemaResolver(components) : null;
    resolvers.set(key, r);
  }
  return r ?? undefined;
}

/** The schema of a built-in kind, found by its `x-kubernetes-group-version-kind`; cached per GVK. */
export function builtinKindSchema(group: string, version: string, kind: string): SchemaNode | undefined {
  const key = `${group}/${version}/${kind}`;
  let node = byKind.get(key);
  if (node === undefined) {
    node = null;
    const components = loadSchemas(group, version);
    const resolver = builtinResolver(group, version);
    if (components && resolver) {
      for (const [name, raw] of Object.entries(components)) {
        const gvks = raw['x-kubernetes-group-version-kind'];
        if (!Array.isArray(gvks) || gvks.length !== 1) continue; // shared meta kinds (DeleteOptions, WatchEvent) list many
        const g = gvks[0] as { group: string; version: string; kind: string };
        if (g.group === group && g.version === version && g.kind === kind) {
          node = resolver.component(name) ?? null;
          break;
        }
      }
    }
    byKind.set(key, node);
  }
  return node ?? undefined;
}

/** The schema of a served resource's kind: its catalog `schema` component, else found by GVK. */
export function resourceSchema(def: Pick<ResourceInfo, 'group' | 'version' | 'kind' | 'schema'>): SchemaNode | undefined {
  if (def.schema) {
    const node = builtinResolver(def.group, def.version)?.component(def.schema);
    if (node) return node;
  }
  return builtinKindSchema(def.group, def.version, def.kind);
}
