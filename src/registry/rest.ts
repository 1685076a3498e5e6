// Capability-typed REST storage (kube's rest.Getter, rest.Lister, rest.Watcher, rest.Creater, rest.Updater,
// rest.Patcher, rest.GracefulDeleter, rest.CollectionDeleter): what one served resource can do. The router answers
// 405 for a capability that is absent, and discovery lists the verbs of those present.
import type { KubeObject } from '../api/object.js';
import type { WatchCache } from '../storage/cacher/watch-cache.js';
import type { GenericStore, ListPage, UpdateOptions, WriteOptions } from './generic-store.js';
import type { GroupResource } from '../errors/status.js';
import type { KV } from '../storage/interface.js';

/** What every capability names: the group-resource its errors are about. */
interface Rest {
  readonly gr: GroupResource;
}
/** Reads one object: from storage (`get`), or its cached entry (`cache()` at `requestKey`). */
export interface Getter extends Rest {
  get(namespace: string, name: string): Promise<KubeObject>;
  cache(): Promise<WatchCache>;
  requestKey(namespace: string, name: string): string;
}
/** Lists a namespace (or all): from storage (`list`), or the watch cache under `listPrefix`. */
export interface Lister extends Rest {
  list(namespace: string, opts?: { limit?: number; startKey?: string }): Promise<ListPage>;
  cache(): Promise<WatchCache>;
  listPrefix(namespace: string): string;
}
export interface Watcher extends Rest {
  cache(): Promise<WatchCache>;
  listPrefix(namespace: string): string;
}
export interface Creater extends Rest {
  create(namespace: string, obj: KubeObject, op: WriteOptions): Promise<KubeObject>;
}
export interface Updater extends Rest {
  update(
    namespace: string,
    name: string,
    /** `stored` is the stored value `current` was decoded from (the write worker works on its bytes). */
    tryUpdate: (current: KubeObject | undefined, stored?: KV) => KubeObject | Promise<KubeObject>,
    opts: UpdateOptions & { allowCreate?: boolean },
  ): Promise<{ obj: KubeObject; created: boolean }>;
}
/** A patch reads the current object and updates it. */
export type Patcher = Getter & Updater;
/** Deletion goes through registry/delete.ts over the store (preconditions, finalizers, graceful deletion). */
export interface GracefulDeleter {
  readonly store: GenericStore;
}
/** Deletes what a list selects. */
export type CollectionDeleter = GracefulDeleter & Lister;

export interface RestStorage {
  getter?: Getter;
  lister?: Lister;
  watcher?: Watcher;
  creater?: Creater;
  updater?: Updater;
  patcher?: Patcher;
  deleter?: GracefulDeleter;
  collectionDeleter?: CollectionDeleter;
}

/** The discovery verb each capability stands for, in kube's discovery order. */
export const CAPABILITY_VERBS = [
  ['creater', 'create'],
  ['deleter', 'delete'],
  ['collectionDeleter', 'deletecollection'],
  ['getter', 'get'],
  ['lister', 'list'],
  ['patcher', 'patch'],
  ['updater', 'update'],
  ['watcher', 'watch'],
] as const satisfies readonly (readonly [keyof RestStorage, string])[];

export type Verb = (typeof CAPABILITY_VERBS)[number][1];

const capabilityOf = new Map<string, keyof RestStorage>(CAPABILITY_VERBS.map(([c, v]) => [v, c]));

/** The REST storage a generic store offers for the verbs a resource serves (the catalog's, or a CRD's). */
export function restStorage(store: GenericStore, verbs: readonly string[]): RestStorage {
  const rest: RestStorage = {};
  const deleter: GracefulDeleter = { store };
  for (const v of verbs) {
    switch (capabilityOf.get(v)) {
      case 'getter': rest.getter = store; break;
      case 'lister': rest.lister = store; break;
      case 'watcher': rest.watcher = store; break;
      case 'creater': rest.creater = store; break;
      case 'updater': rest.updater = store; break;
      case 'patcher': rest.patcher = store; break;
      case 'deleter': rest.deleter = deleter; break;
      case 'collectionDeleter':
        rest.collectionDeleter = {
          store,
          gr: store.gr,
          list: (namespace, opts) => store.list(namespace, opts),
          cache: () => store.cache(),
          listPrefix: (namespace) => store.listPrefix(namespace),
        };
        break;
      default: break;
    }
  }
  return rest;
}

/** Whether the REST storage serves a verb. */
export function serves(rest: RestStorage, verb: string): boolean {
  const c = capabilityOf.get(verb);
  return c !== undefined && rest[c] !== undefined;
}

/** The discovery verbs of the REST storage, sorted as kube lists them. */
export function verbsOf(rest: RestStorage): string[] {
  return CAPABILITY_VERBS.filter(([c]) => rest[c] !== undefined).map(([, v]) => v);
}
