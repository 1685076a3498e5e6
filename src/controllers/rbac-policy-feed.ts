// Feeds the RBAC authorizer's policy index from the shared informers of Roles, ClusterRoles, RoleBindings and
// ClusterRoleBindings (kube's RBAC authorizer reads listers over the same informers). Events that arrive while
// the initial lists are read are held back and applied after them, skipping what the lists already reflect.
import type { PolicyIndex, RoleObject, BindingObject } from '../authz/rbac/policy-index.js';
import type { KObject } from '../api/object.js';
import { decodeStored } from '../registry/stored-codec.js';
import type { CacheEvent } from '../storage/cacher/cache-entry.js';
import type { ControllerContext } from './controller-context.js';

const RBAC = 'rbac.authorization.k8s.io';

interface Kind {
  resource: string;
  put(o: KObject): void;
  remove(o: KObject): void;
}

export class RbacPolicyFeed {
  ready = false;
  private readonly started: Promise<void>;
  private readonly unsubscribers: (() => void)[] = [];

  constructor(
    private readonly cc: ControllerContext,
    readonly index: PolicyIndex,
  ) {
    const kinds: Kind[] = [
      { resource: 'clusterroles', put: (o) => index.putClusterRole(o as RoleObject), remove: (o) => index.deleteClusterRole(o.metadata.name) },
      { resource: 'roles', put: (o) => index.putRole(o as RoleObject), remove: (o) => index.deleteRole(o.metadata.namespace, o.metadata.name) },
      { resource: 'clusterrolebindings', put: (o) => index.putClusterRoleBinding(o as BindingObject), remove: (o) => index.deleteClusterRoleBinding(o.metadata.name) },
      { resource: 'rolebindings', put: (o) => index.putRoleBinding(o as BindingObject), remove: (o) => index.deleteRoleBinding(o.metadata.namespace, o.metadata.name) },
    ];
    this.started = Promise.all(kinds.map((k) => this.follow(k))).then(() => {
      this.ready = true;
    });
    this.started.catch(() => undefined);
  }

  /** Resolves once every RBAC object is in the index. */
  wait(): Promise<void> {
    return this.started;
  }

  stop(): void {
    for (const u of this.unsubscribers) u();
  }

  private async follow(k: Kind): Promise<void> {
    const store = this.cc.registry.storeFor({ group: RBAC, resource: k.resource });
    if (!store) return; // rbac.authorization.k8s.io/v1 disabled by --runtime-config: nothing to read
    const informer = this.cc.informers.for(store);
    let held: CacheEvent[] | undefined = [];
    let listedAt = 0;
    const apply = (batch: CacheEvent[]) => {
      for (const e of batch) {
        if (e.rev <= listedAt) continue;
        const obj = (e.entry.decoded ??= decodeStored(e.entry.toKV())) as KObject;
        if (e.type === 'put') k.put(obj);
        else k.remove(obj);
      }
    };
    const reload = async () => {
      const page = await store.list('');
      listedAt = page.rev;
      for (const o of page.items) k.put(o);
    };
    await informer.start();
    this.unsubscribers.push(
      informer.subscribe({
        events: (batch) => (held ? held.push(...batch) : apply(batch)),
        // The cache was rebuilt: re-read everything (deletions missed meanwhile are dropped by a full reload).
        resync: () => void this.resync(k, reload),
      }),
    );
    await reload();
    const pending = held;
    held = undefined;
    apply(pending);
  }

  private async resync(k: Kind, reload: () => Promise<void>): Promise<void> {
    const store = this.cc.registry.storeFor({ group: RBAC, resource: k.resource });
    if (!store) return;
    // Remove what is gone, then put what is there.
    const page = await store.list('');
    const present = new Set(page.items.map((o) => `${o.metadata?.namespace ?? ''}/${o.metadata?.name}`));
    const known = this.knownKeys(k.resource);
    for (const key of known) {
      if (present.has(key)) continue;
      const [namespace, name] = key.split('/');
      k.remove({ metadata: { name, namespace } } as KObject);
    }
    await reload();
  }

  private knownKeys(resource: string): string[] {
    const i = this.index;
    switch (resource) {
      case 'clusterroles':
        return [...i.clusterRoles.keys()].map((n) => `/${n}`);
      case 'roles':
        return [...i.roles.keys()];
      default:
        return i.bindingKeys(resource === 'rolebindings');
    }
  }
}
