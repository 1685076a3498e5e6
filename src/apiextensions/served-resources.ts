// Adding and removing served resources at run time (custom resources). The ApiServer's router, discovery and
// OpenAPI read `served` and `resources`; the group-resource store index (for storeFor/allStores, used by the
// namespace controller and the garbage collector) is private to ApiServer, so it is reached through a narrow
// cast here until ApiServer exposes add/remove methods of its own (see the report of issue 7).
import type { ResourceInfo } from '../api/resource-info.js';
import type { ApiServer } from '../endpoints/api-server.js';
import type { GenericStore } from '../registry/generic-store.js';

interface StoreIndex {
  storesByGroupResource: Map<string, GenericStore>;
}

const servedKey = (g: string, v: string, r: string) => `${g}/${v}/${r}`;

function storeIndex(api: ApiServer): Map<string, GenericStore> {
  return (api as unknown as StoreIndex).storesByGroupResource;
}

/**
 * Serves (or re-serves) one version of a resource with its store. `primary` marks the store the group-resource
 * index should point at (the storage version).
 */
export function addServedResource(api: ApiServer, def: ResourceInfo, store: GenericStore, primary: boolean): void {
  api.served.set(servedKey(def.group, def.version, def.resource), { def, store });
  const same = (r: ResourceInfo) => r.group === def.group && r.version === def.version && r.resource === def.resource;
  api.resources = [...api.resources.filter((r) => !same(r)), def];
  const gr = `${def.group}/${def.resource}`;
  if (primary || !storeIndex(api).has(gr)) storeIndex(api).set(gr, store);
}

/** Stops serving one version; the group-resource index forgets the resource when no version is left. */
export function removeServedResource(api: ApiServer, group: string, version: string, resource: string): void {
  api.served.delete(servedKey(group, version, resource));
  api.resources = api.resources.filter((r) => !(r.group === group && r.version === version && r.resource === resource));
  const gr = `${group}/${resource}`;
  const remaining = api.resources.find((r) => r.group === group && r.resource === resource);
  if (!remaining) storeIndex(api).delete(gr);
  else storeIndex(api).set(gr, api.served.get(servedKey(group, remaining.version, resource))!.store);
}

/** Replaces the store of an already served built-in resource (the CRD store gets the apiextensions strategy). */
export function replaceServedStore(api: ApiServer, group: string, version: string, resource: string, store: GenericStore): void {
  const key = servedKey(group, version, resource);
  const cur = api.served.get(key);
  if (!cur) return;
  api.served.set(key, { def: cur.def, store });
  storeIndex(api).set(`${group}/${resource}`, store);
}
