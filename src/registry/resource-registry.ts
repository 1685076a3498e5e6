// The one home of what is served (kube's APIGroupInfo / rest.Storage map): every served group-version-resource
// with its descriptor, and for each group-resource the store every version shares. Built-in resources and custom
// resources register the same way; discovery, the router and controllers read it, and hear of changes.
import type { ResourceInfo } from '../api/resource-info.js';
import { StorageError } from '../storage/interface.js';
import type { GenericStore } from './generic-store.js';
import type { KubeObject } from '../api/object.js';
import type { ResourceView } from './resource-view.js';
import { restStorage, verbsOf, type RestStorage } from './rest.js';

/** One served version of a resource. */
export interface ServedResource {
  def: ResourceInfo;
  store: GenericStore;
  /** What it can do (the router's 405s, discovery's verbs); by default what the store offers for def.verbs. */
  rest?: RestStorage;
  /** Set for resources defined at run time (custom resources). */
  view?: ResourceView;
}

export interface GroupVersionResource {
  group: string;
  version: string;
  resource: string;
}

export type RegistryListener = () => void;

const gvrKey = (g: string, v: string, r: string) => `${g}/${v}/${r}`;

export class ResourceRegistry {
  private readonly served = new Map<string, ServedResource & { rest: RestStorage }>();
  private discovered?: { of: ResourceInfo[]; resources: ResourceInfo[] };
  private readonly storesByGroupResource = new Map<string, GenericStore>();
  /** Replaced (never mutated) on every change, so readers can tell by identity that something changed. */
  private resources: ResourceInfo[] = [];
  private readonly listeners = new Set<RegistryListener>();

  /**
   * Serves one version of a resource. All versions of a group-resource share one store; `primary` marks the store
   * the group-resource index points at (the storage version). Re-registering a served version replaces it.
   */
  register(resource: ServedResource, opts: { primary?: boolean } = {}): void {
    const { def, store } = resource;
    this.served.set(gvrKey(def.group, def.version, def.resource), withRest(resource));
    const same = (r: ResourceInfo) => r.group === def.group && r.version === def.version && r.resource === def.resource;
    this.resources = [...this.resources.filter((r) => !same(r)), def];
    const gr = `${def.group}/${def.resource}`;
    if (opts.primary || !this.storesByGroupResource.has(gr)) this.storesByGroupResource.set(gr, store);
    this.changed();
  }

  /** Registers many built-in resources at once (one notification, catalog order kept). */
  registerAll(resources: ServedResource[]): void {
    for (const r of resources) {
      this.served.set(gvrKey(r.def.group, r.def.version, r.def.resource), withRest(r));
      const gr = `${r.def.group}/${r.def.resource}`;
      if (!this.storesByGroupResource.has(gr)) this.storesByGroupResource.set(gr, r.store);
    }
    this.resources = [...this.resources, ...resources.map((r) => r.def)];
    this.changed();
  }

  /** Stops serving one version; the group-resource index forgets the resource when no version is left. */
  unregister(gvr: GroupVersionResource): void {
    const { group, version, resource } = gvr;
    this.served.delete(gvrKey(group, version, resource));
    this.resources = this.resources.filter((r) => !(r.group === group && r.version === version && r.resource === resource));
    const gr = `${group}/${resource}`;
    const remaining = this.resources.find((r) => r.group === group && r.resource === resource);
    if (!remaining) this.storesByGroupResource.delete(gr);
    else this.storesByGroupResource.set(gr, this.served.get(gvrKey(group, remaining.version, resource))!.store);
    this.changed();
  }

  /** Replaces the store of a served version (the CRD store gets the apiextensions strategy). */
  replaceStore(gvr: GroupVersionResource, store: GenericStore): void {
    const cur = this.lookup(gvr);
    if (!cur) return;
    this.served.set(gvrKey(gvr.group, gvr.version, gvr.resource), withRest({ def: cur.def, view: cur.view, store }));
    this.storesByGroupResource.set(`${gvr.group}/${gvr.resource}`, store);
    this.changed();
  }

  lookup(gvr: GroupVersionResource): ServedResource & { rest: RestStorage } | undefined {
    return this.served.get(gvrKey(gvr.group, gvr.version, gvr.resource));
  }

  /** The store of a group-resource (its storage version). */
  storeFor(gr: { group: string; resource: string }): GenericStore | undefined {
    return this.storesByGroupResource.get(`${gr.group}/${gr.resource}`);
  }

  /** Every served version, in registration order (the same array until something changes). */
  all(): ResourceInfo[] {
    return this.resources;
  }

  /**
   * The served versions as discovery lists them: each with the verbs of its REST storage (the same array until
   * something changes).
   */
  discoveryResources(): ResourceInfo[] {
    if (this.discovered?.of !== this.resources) {
      const resources = this.resources.map((def) => {
        const rest = this.lookup(def)!.rest;
        const verbs = verbsOf(rest);
        return verbs.length === def.verbs.length && verbs.every((v, i) => v === def.verbs[i]) ? def : { ...def, verbs };
      });
      this.discovered = { of: this.resources, resources };
    }
    return this.discovered.resources;
  }

  /** One store per served group-resource. */
  stores(): GenericStore[] {
    return [...this.storesByGroupResource.values()];
  }

  /** Calls `listener` after every change; returns the function that stops it. */
  onChange(listener: RegistryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A read-only object from the watch cache, or undefined when the resource or the object is not there; with
   * `consistent: false` the cache as it is, without waiting for the latest revision.
   */
  async getObject(gr: { group: string; resource: string }, namespace: string, name: string, opts: { consistent?: boolean } = {}): Promise<KubeObject | undefined> {
    const store = this.storeFor(gr);
    if (!store) return undefined;
    try {
      return await store.getCached(namespace, name, opts);
    } catch (e) {
      if (e instanceof StorageError && e.code === 'Unavailable') throw e; // the store is down: not "not found"
      return undefined;
    }
  }

  /**
   * An object as admission plug-ins read it (kube's informer lister, then a live lookup): the watch cache as it is,
   * and a consistent read only when the object is not there yet (created a moment ago, or elsewhere). On etcd a
   * consistent read is an etcd round trip, so the cache comes first.
   */
  async getObjectCachedFirst(gr: { group: string; resource: string }, namespace: string, name: string): Promise<KubeObject | undefined> {
    return (await this.getObject(gr, namespace, name, { consistent: false })) ?? this.getObject(gr, namespace, name);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}

function withRest(r: ServedResource): ServedResource & { rest: RestStorage } {
  return { ...r, rest: r.rest ?? restStorage(r.store, r.def.verbs) };
}
