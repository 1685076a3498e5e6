// Descriptions for the served OpenAPI (kubectl explain), from a file the user supplies at run time: kube's own
// published swagger.json (api/openapi-spec/swagger.json of Kubernetes v1.33.x) or its OpenAPI v3 documents
// (api/openapi-spec/v3/*.json, a file or the directory). kubelite ships structure only; this adds, by schema name,
// each schema's description and its properties' descriptions. Read once, on the first document built.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonSchema } from '../api/catalog.js';

interface Described {
  description?: string;
  properties: Map<string, string>;
}

export type DescriptionTable = Map<string, Described>;

type Json = Record<string, unknown>;

function addSchemas(table: DescriptionTable, schemas: unknown): void {
  if (!schemas || typeof schemas !== 'object') return;
  for (const [name, s] of Object.entries(schemas as Record<string, Json>)) {
    if (!s || typeof s !== 'object' || table.has(name)) continue;
    const entry: Described = { properties: new Map() };
    if (typeof s.description === 'string') entry.description = s.description;
    for (const [p, ps] of Object.entries((s.properties ?? {}) as Record<string, Json>)) {
      if (ps && typeof ps.description === 'string') entry.properties.set(p, ps.description);
    }
    table.set(name, entry);
  }
}

/** Reads a swagger.json (definitions), an OpenAPI v3 document (components.schemas) or a directory of them. */
export function loadDescriptions(path: string): DescriptionTable {
  const table: DescriptionTable = new Map();
  const files = statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => join(path, f))
    : [path];
  for (const f of files) {
    const doc = JSON.parse(readFileSync(f, 'utf8')) as Json;
    addSchemas(table, doc.definitions);
    addSchemas(table, (doc.components as Json | undefined)?.schemas);
  }
  return table;
}

/** Copies of the schemas with the table's descriptions added (the shared schema pool is never changed). */
export function describeSchemas(schemas: Record<string, JsonSchema>, table: DescriptionTable): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const d = table.get(name);
    if (!d) {
      out[name] = schema;
      continue;
    }
    const s = { ...(schema as Json) };
    if (d.description !== undefined && s.description === undefined) s.description = d.description;
    if (s.properties && typeof s.properties === 'object') {
      const props: Record<string, unknown> = {};
      for (const [p, ps] of Object.entries(s.properties as Record<string, Json>)) {
        const text = d.properties.get(p);
        props[p] = text !== undefined && ps && typeof ps === 'object' && ps.description === undefined ? { ...ps, description: text } : ps;
      }
      s.properties = props;
    }
    out[name] = s as JsonSchema;
  }
  return out;
}

/**
 * The `describe` hook of the OpenAPI service for a descriptions file: read on first use; a file that cannot be read
 * is reported once through `onError` and the documents are served without descriptions.
 */
export function descriptionsFrom(path: string, onError: (err: Error) => void): (schemas: Record<string, JsonSchema>) => Record<string, JsonSchema> {
  let table: DescriptionTable | undefined;
  let failed = false;
  return (schemas) => {
    if (!table && !failed) {
      try {
        table = loadDescriptions(path);
      } catch (e) {
        failed = true;
        onError(e as Error);
      }
    }
    return table ? describeSchemas(schemas, table) : schemas;
  };
}
