// The garbage collector (kube-controller-manager's, in process): honours ownerReferences.
// - orphan finalizer: strip the owner's references from its dependents, then drop the finalizer;
// - foregroundDeletion finalizer: delete the dependents, wait until none with blockOwnerDeletion remain,
//   then drop the finalizer (the owner then goes);
// - background: a dependent whose owners are all gone is deleted.
import type { Logger } from 'pino';
import type { ApiServer } from '../endpoints/api-server.js';
import { deleteObject, FINALIZER_FOREGROUND, FINALIZER_ORPHAN } from '../registry/delete.js';
import type { GenericStore } from '../registry/generic-store.js';
import type { KObject } from '../registry/object.js';
import { ResyncLoop } from './resync-loop.js';

interface Item {
  store: GenericStore;
  obj: KObject;
}

export class GarbageCollector {
  private readonly loop: ResyncLoop;

  constructor(
    private readonly api: ApiServer,
    log: Logger,
  ) {
    this.loop = new ResyncLoop('garbage-collector', api.deps.storage, '/registry/', () => this.reconcile(), log, 300);
  }

  start(): void {
    void this.loop.start();
  }

  stop(): void {
    this.loop.stop();
  }

  private async snapshot(): Promise<Item[]> {
    const items: Item[] = [];
    for (const store of this.api.allStores()) {
      if (!store.def.verbs.includes('list')) continue;
      for (const obj of (await store.list('')).items) items.push({ store, obj });
    }
    return items;
  }

  /** One pass over everything; true when some owner is still waiting for its dependents. */
  private async reconcile(): Promise<boolean> {
    const items = await this.snapshot();
    const byUid = new Map<string, Item>();
    for (const it of items) byUid.set(it.obj.metadata.uid, it);
    const dependentsOf = (uid: string) => items.filter((it) => (it.obj.metadata.ownerReferences ?? []).some((r: KObject) => r.uid === uid));
    let waiting = false;

    for (const owner of items) {
      const md = owner.obj.metadata;
      if (!md.deletionTimestamp) continue;
      const fins: string[] = md.finalizers ?? [];
      if (fins.includes(FINALIZER_ORPHAN)) {
        for (const dep of dependentsOf(md.uid)) {
          await dep.store.mutate(dep.obj.metadata.namespace ?? '', dep.obj.metadata.name, (o) => {
            const refs = (o.metadata.ownerReferences ?? []).filter((r: KObject) => r.uid !== md.uid);
            if (refs.length) o.metadata.ownerReferences = refs;
            else delete o.metadata.ownerReferences;
            return o;
          });
        }
        await this.removeFinalizer(owner, FINALIZER_ORPHAN);
      } else if (fins.includes(FINALIZER_FOREGROUND)) {
        const deps = dependentsOf(md.uid);
        for (const dep of deps) {
          if (dep.obj.metadata.deletionTimestamp) continue;
          await this.tryDelete(dep, 'Foreground');
        }
        const blocking = deps.filter((d) => (d.obj.metadata.ownerReferences ?? []).some((r: KObject) => r.uid === md.uid && r.blockOwnerDeletion));
        const stillThere = [];
        for (const b of blocking) if (await b.store.getKV(b.obj.metadata.namespace ?? '', b.obj.metadata.name)) stillThere.push(b);
        if (stillThere.length) waiting = true;
        else await this.removeFinalizer(owner, FINALIZER_FOREGROUND);
      }
    }

    // Background: dependents whose owners are all gone.
    for (const dep of items) {
      const refs: KObject[] = dep.obj.metadata.ownerReferences ?? [];
      if (!refs.length || dep.obj.metadata.deletionTimestamp) continue;
      const ns = dep.obj.metadata.namespace ?? '';
      const live = refs.filter((r) => {
        const o = byUid.get(r.uid);
        return o && (!o.store.def.namespaced || (o.obj.metadata.namespace ?? '') === ns);
      });
      if (live.length === 0) await this.tryDelete(dep, 'Background');
    }
    return waiting;
  }

  private async tryDelete(it: Item, policy: 'Background' | 'Foreground'): Promise<void> {
    try {
      await deleteObject(it.store, it.obj.metadata.namespace ?? '', it.obj.metadata.name, {
        dryRun: false,
        propagationPolicy: policy,
        preconditions: { uid: it.obj.metadata.uid },
      });
    } catch {
      /* already gone or changed; the next pass sees it */
    }
  }

  private async removeFinalizer(it: Item, finalizer: string): Promise<void> {
    const md = it.obj.metadata;
    await it.store
      .update(
        md.namespace ?? '',
        md.name,
        (cur) => {
          if (!cur) return it.obj;
          const next = structuredClone(cur);
          next.metadata.finalizers = (next.metadata.finalizers ?? []).filter((f: string) => f !== finalizer);
          if (!next.metadata.finalizers.length) delete next.metadata.finalizers;
          delete next.metadata.resourceVersion;
          return next;
        },
        { dryRun: false, warnings: [], subresource: '' },
      )
      .catch(() => undefined);
  }
}
