// The built-in resource catalog of kube-apiserver 1.33, read from the generated files (see
// scripts/generate-catalog.ts). Objects returned here are shared: treat them as read-only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedDir } from './generated-dir.js';
import type { ResourceInfo } from './resource-info.js';
import { applyRuntimeConfigTo } from './runtime-config.js';

export type { Deprecation, GroupVersionKind, ResourceInfo, SubresourceInfo } from './resource-info.js';
export { gvString } from './resource-info.js';
export { applyRuntimeConfigTo, parseRuntimeConfig } from './runtime-config.js';

/** A structural OpenAPI v3 schema (no descriptions). */
export type JsonSchema = Record<string, unknown>;

interface CatalogFile {
  kubernetesVersion: string;
  groupOrder: string[];
  offByDefault: string[];
  resources: ResourceInfo[];
}

let catalog: CatalogFile | undefined;

function load(): CatalogFile {
  if (!catalog) {
    catalog = JSON.parse(readFileSync(join(generatedDir(), 'catalog.json'), 'utf8')) as CatalogFile;
    for (const r of catalog.resources) r.builtin = true;
  }
  return catalog;
}

/** Every group/version/resource the 1.33 server can serve, including versions that are off by default. */
export function allBuiltinResources(): ResourceInfo[] {
  return [...load().resources];
}

/** What kube-apiserver 1.33 serves with no --runtime-config: every GA group-version. */
export function builtinResources(): ResourceInfo[] {
  return load().resources.filter((r) => r.enabledByDefault !== false);
}

/** Group-versions present in the 1.33 data that kube-apiserver does not serve by default ("group/version"). */
export function offByDefaultGroupVersions(): string[] {
  return [...load().offByDefault];
}

/** kube's discovery order of the built-in groups: the core group ("") first, then /apis order. */
export function groupOrder(): string[] {
  const order = load().groupOrder.filter((g) => g !== '');
  return ['', ...order];
}

export function findBuiltin(group: string, version: string, resource: string): ResourceInfo | undefined {
  return load().resources.find((r) => r.group === group && r.version === version && r.resource === resource);
}

const schemaCache = new Map<string, Record<string, JsonSchema> | undefined>();

/**
 * The component schemas of one built-in group-version (keyed like `io.k8s.api.core.v1.ConfigMap`), loaded on first
 * use and cached (shared: read-only); undefined for a group-version the catalog does not know.
 */
let goStructs: Record<string, Record<string, string>> | undefined;

/**
 * The JSON shape of the Go structs of the built-in kinds (generated go-structs.json): per package (`core/v1`), per
 * struct, its fields in declaration order with encoding/json's marks (see scripts/generate-go-structs.ts).
 */
export function loadGoStructs(): Record<string, Record<string, string>> {
  return (goStructs ??= JSON.parse(readFileSync(join(generatedDir(), 'go-structs.json'), 'utf8')) as Record<string, Record<string, string>>);
}

export function loadSchemas(group: string, version: string): Record<string, JsonSchema> | undefined {
  const key = `${group || 'core'}_${version}`;
  if (schemaCache.has(key)) return schemaCache.get(key);
  let schemas: Record<string, JsonSchema> | undefined;
  if (/^[a-z0-9.-]+_v[a-z0-9]+$/.test(key)) {
    try {
      schemas = JSON.parse(readFileSync(join(generatedDir(), 'schemas', `${key}.json`), 'utf8')) as Record<string, JsonSchema>;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  schemaCache.set(key, schemas);
  return schemas;
}

/**
 * The resources served under kube's --runtime-config value. `resources` is what would be served without it
 * (builtinResources(), plus any non-built-in entries); when it holds built-ins, every built-in of the catalog is
 * registered too, so `<group>/<version>=true` can switch on alpha and beta versions. Throws an Error with
 * kube-apiserver's start-up message for a bad key or value.
 */
export function applyRuntimeConfig(resources: ResourceInfo[], runtimeConfig: string): ResourceInfo[] {
  if (!resources.some((r) => r.builtin)) return applyRuntimeConfigTo(resources, runtimeConfig);
  const key = (r: ResourceInfo) => `${r.group}/${r.version}/${r.resource}`;
  const given = new Set(resources.map(key));
  const catalogKeys = load().resources.map(key);
  const universe = [...resources, ...load().resources.filter((r) => !given.has(key(r)))];
  const served = new Map(applyRuntimeConfigTo(universe, runtimeConfig).map((r) => [key(r), r]));
  // the catalog's discovery order for built-ins, then the caller's other entries in their order
  const builtinKeys = new Set(catalogKeys);
  return [...catalogKeys.filter((k) => served.has(k)).map((k) => served.get(k)!), ...resources.filter((r) => !builtinKeys.has(key(r)) && served.has(key(r)))];
}
