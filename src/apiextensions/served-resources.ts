// Adding and removing served resources at run time (custom resources), through the ApiServer's own methods.
import type { ResourceInfo } from '../api/resource-info.js';
import type { ApiServer } from '../endpoints/api-server.js';
import type { GenericStore } from '../registry/generic-store.js';


/**
 * Serves (or re-serves) one version of a resource with its store. `primary` marks the store the group-resource
 * index should point at (the storage version).
 */
export function addServedResource(api: ApiServer, def: ResourceInfo, store: GenericStore, primary: boolean): void {
  api.addServedResource(def, store, primary);
}

/** Stops serving one version; the group-resource index forgets the resource when no version is left. */
export function removeServedResource(api: ApiServer, group: string, version: string, resource: string): void {
  api.removeServedResource(group, version, resource);
}

/** Replaces the store of an already served built-in resource (the CRD store gets the apiextensions strategy). */
export function replaceServedStore(api: ApiServer, group: string, version: string, resource: string, store: GenericStore): void {
  api.replaceStore(group, version, resource, store);
}
