// The garbage collector (kube-controller-manager's, in process), driven by store events and an index of owner
// references, so a write costs one look at the changed object rather than a pass over the store:
// - orphan finalizer: strip the owner's references from its dependents, then drop the finalizer;
// - foregroundDeletion finalizer: delete the dependents, wait until none with blockOwnerDeletion remain, then drop
//   the finalizer (the owner then goes);
// - background: a dependent whose owners are all gone is deleted; references to missing owners are removed while
//   another owner remains.
import type { Logger } from 'pino';
import type { ControllerContext } from './controller-context.js';
import { deleteObject, FINALIZER_FOREGROUND, FINALIZER_ORPHAN } from '../registry/delete.js';
import type { GenericStore } from '../registry/generic-store.js';
import { type KubeObject, meta, nameOf, namespaceOf } from '../api/object.js';
import { decodeStored } from '../registry/stored-codec.js';
import type { CacheEvent } from '../storage/cacher/cache-entry.js';
import type { KV } from '../storage/interface.js';

interface OwnerRef {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  blockOwnerDeletion?: boolean;
}

interface Dependent {
  namespace: string;
  refs: OwnerRef[];
}

const OWNER_REFS = Buffer.from('"ownerReferences"');
const DELETION = Buffer.from('"deletionTimestamp"');
const RETRY_MS = 250;

const has = (v: Uint8Array, needle: Buffer) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).indexOf(needle) >= 0;

export class GarbageCollector {
  /** owner uid → keys of objects that reference it. */
  private readonly dependentsOf = new Map<string, Set<string>>();
  /** key → its owner references. */
  private readonly dependents = new Map<string, Dependent>();
  private readonly ownerQueue = new Set<string>();
  private readonly dependentQueue = new Set<string>();
  /** Stores followed, by prefix, with the function that stops following each. */
  private readonly followed = new Map<string, () => void>();
  private stopRegistry?: () => void;
  private running = false;
  private stopped = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly cc: ControllerContext,
    private readonly log: Logger,
  ) {}

  start(): void {
    void this.boot().catch((err) => this.log.warn({ err }, 'garbage collector failed to start'));
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.stopRegistry?.();
    for (const unsubscribe of this.followed.values()) unsubscribe();
    this.followed.clear();
  }

  private async boot(): Promise<void> {
    // Resources served later (custom resources) are followed from when they appear.
    this.stopRegistry = this.cc.registry.onChange(() => void this.followAll().catch((err) => this.log.warn({ err }, 'garbage collector failed to follow a resource')));
    await this.followAll();
  }

  /** Follows every listable resource through its shared informer: subscribe first, then index what is there. */
  private async followAll(): Promise<void> {
    for (const store of this.cc.registry.stores()) {
      if (this.stopped) return;
      if (!store.def.verbs.includes('list') || this.followed.has(store.prefix)) continue;
      const informer = this.cc.informers.for(store);
      this.followed.set(
        store.prefix,
        informer.subscribe({
          events: (batch) => {
            for (const ev of batch) {
              try {
                this.onEvent(ev);
              } catch (err) {
                this.log.warn({ err, key: ev.entry.key }, 'garbage collector: event not processed');
              }
            }
            this.kick();
          },
          resync: () => void this.rescan(store).then(() => this.kick()),
        }),
      );
      await informer.start();
      await this.rescan(store);
    }
    this.kick();
  }

  private async rescan(store: GenericStore): Promise<void> {
    const cache = await store.cache();
    const r = await cache.list(store.prefix);
    for (const e of r.entries) this.observeSafely(e.toKV());
  }

  private onEvent(ev: CacheEvent): void {
    const kv = ev.entry.toKV();
    if (ev.type === 'put') {
      this.observe(kv);
      return;
    }
    const known = this.dependents.get(kv.key);
    if (known) {
      this.forget(kv.key);
      // A dependent went away: owners waiting for it (foreground) may now finish.
      for (const ref of known.refs) this.enqueueOwnerByRef(ref, known.namespace);
    }
    if (this.dependentsOf.size === 0) return;
    let uid: string | undefined;
    try {
      uid = decodeStored(kv).metadata?.uid;
    } catch {
      return;
    }
    for (const key of this.dependentsOf.get(uid ?? '') ?? []) this.dependentQueue.add(key);
  }

  /** observe, with a bad object logged and skipped so that it never stops the collector. */
  private observeSafely(kv: KV): void {
    try {
      this.observe(kv);
    } catch (err) {
      this.log.warn({ err, key: kv.key }, 'garbage collector: object not indexed');
    }
  }

  /** Updates the index from a stored object and queues the work it implies. */
  private observe(kv: KV): void {
    const refsMayChange = has(kv.value, OWNER_REFS) || this.dependents.has(kv.key);
    const deleting = has(kv.value, DELETION);
    if (!refsMayChange && !deleting) return;
    let obj: KubeObject;
    try {
      obj = decodeStored(kv);
    } catch {
      return;
    }
    const md = obj.metadata ?? {};
    const refs: OwnerRef[] = Array.isArray(md.ownerReferences) ? md.ownerReferences : [];
    this.forget(kv.key);
    if (refs.length) {
      this.dependents.set(kv.key, { namespace: md.namespace ?? '', refs });
      for (const r of refs) {
        let set = this.dependentsOf.get(r.uid);
        if (!set) this.dependentsOf.set(r.uid, (set = new Set()));
        set.add(kv.key);
      }
      if (!md.deletionTimestamp) this.dependentQueue.add(kv.key);
    }
    const fins: string[] = md.finalizers ?? [];
    if (md.deletionTimestamp && (fins.includes(FINALIZER_ORPHAN) || fins.includes(FINALIZER_FOREGROUND))) this.ownerQueue.add(kv.key);
  }

  private forget(key: string): void {
    const d = this.dependents.get(key);
    if (!d) return;
    this.dependents.delete(key);
    for (const r of d.refs) {
      const set = this.dependentsOf.get(r.uid);
      set?.delete(key);
      if (set && set.size === 0) this.dependentsOf.delete(r.uid);
    }
  }

  private storeForKey(key: string): GenericStore | undefined {
    let best: GenericStore | undefined;
    for (const s of this.cc.registry.stores()) if (key.startsWith(s.prefix) && (!best || s.prefix.length > best.prefix.length)) best = s;
    return best;
  }

  private storeForRef(ref: OwnerRef): GenericStore | undefined {
    const group = ref.apiVersion.includes('/') ? ref.apiVersion.split('/')[0]! : '';
    return this.cc.registry.stores().find((s) => s.def.group === group && s.def.kind === ref.kind);
  }

  private enqueueOwnerByRef(ref: OwnerRef, namespace: string): void {
    const store = this.storeForRef(ref);
    if (store) this.ownerQueue.add(store.key(namespace, ref.name));
  }

  private async read(key: string): Promise<{ store: GenericStore; obj: KubeObject } | undefined> {
    const store = this.storeForKey(key);
    if (!store) return undefined;
    const kv = await store.getKVByKey(key);
    if (!kv) return undefined;
    try {
      return { store, obj: decodeStored(kv) };
    } catch {
      return undefined;
    }
  }

  /** Whether the referenced owner exists (same uid) — kube checks the owner by its coordinates, then its uid. */
  private async ownerExists(ref: OwnerRef, namespace: string): Promise<boolean> {
    const store = this.storeForRef(ref);
    if (!store) return false;
    const kv = await store.getKV(store.def.namespaced ? namespace : '', ref.name);
    if (!kv) return false;
    try {
      return decodeStored(kv).metadata?.uid === ref.uid;
    } catch {
      return true; // unreadable: do not delete dependents on a guess
    }
  }

  private kick(): void {
    if (this.running || this.stopped) return;
    this.running = true;
    setImmediate(() => void this.drain());
  }

  private async drain(): Promise<void> {
    let retry = false;
    try {
      while (!this.stopped && (this.ownerQueue.size || this.dependentQueue.size)) {
        const owners = [...this.ownerQueue];
        this.ownerQueue.clear();
        // One object that cannot be handled is logged and retried later; the others go on.
        for (const key of owners) {
          try {
            if (!(await this.processOwner(key))) retry = true;
          } catch (err) {
            this.log.warn({ err, key }, 'garbage collector: owner not processed');
            retry = true;
          }
        }
        const deps = [...this.dependentQueue];
        this.dependentQueue.clear();
        for (const key of deps) {
          try {
            await this.processDependent(key);
          } catch (err) {
            this.log.warn({ err, key }, 'garbage collector: dependent not processed');
          }
        }
      }
    } catch (err) {
      this.log.warn({ err }, 'garbage collector pass failed');
      retry = true;
    } finally {
      this.running = false;
    }
    if (retry && !this.stopped) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        void this.rescanOwners().then(() => this.kick());
      }, RETRY_MS);
      this.timer.unref?.();
    }
  }

  /** Owners still waiting (foreground) are re-queued from the index of their dependents' owners. */
  private async rescanOwners(): Promise<void> {
    for (const d of this.dependents.values()) for (const r of d.refs) this.enqueueOwnerByRef(r, d.namespace);
  }

  /** Returns false when the owner must wait (blocking dependents remain). */
  private async processOwner(key: string): Promise<boolean> {
    const it = await this.read(key);
    if (!it) return true;
    const md = meta(it.obj);
    if (!md.deletionTimestamp) return true;
    const fins: string[] = md.finalizers ?? [];
    const deps = [...(this.dependentsOf.get(md.uid ?? '') ?? [])];
    if (fins.includes(FINALIZER_ORPHAN)) {
      for (const depKey of deps) {
        const dep = await this.read(depKey);
        if (!dep) continue;
        await dep.store.mutate(namespaceOf(dep.obj), nameOf(dep.obj), (o) => {
          const refs = (meta(o).ownerReferences ?? []).filter((r: OwnerRef) => r.uid !== md.uid);
          if (refs.length) meta(o).ownerReferences = refs;
          else delete meta(o).ownerReferences;
          return o;
        });
      }
      await this.removeFinalizer(it.store, it.obj, FINALIZER_ORPHAN);
      return true;
    }
    if (fins.includes(FINALIZER_FOREGROUND)) {
      let blocking = 0;
      for (const depKey of deps) {
        const dep = await this.read(depKey);
        if (!dep) continue;
        const ref = (meta(dep.obj).ownerReferences ?? []).find((r: OwnerRef) => r.uid === md.uid);
        if (ref?.blockOwnerDeletion) blocking++;
        if (!meta(dep.obj).deletionTimestamp) await this.tryDelete(dep.store, dep.obj, 'Foreground');
      }
      if (blocking > 0) return false;
      await this.removeFinalizer(it.store, it.obj, FINALIZER_FOREGROUND);
    }
    return true;
  }

  private async processDependent(key: string): Promise<void> {
    const d = this.dependents.get(key);
    if (!d) return;
    const alive: OwnerRef[] = [];
    for (const r of d.refs) if (await this.ownerExists(r, d.namespace)) alive.push(r);
    if (alive.length === d.refs.length) return;
    const it = await this.read(key);
    if (!it || meta(it.obj).deletionTimestamp) return;
    if (alive.length === 0) {
      await this.tryDelete(it.store, it.obj, 'Background');
      return;
    }
    const aliveUids = new Set(alive.map((r) => r.uid));
    await it.store.mutate(namespaceOf(it.obj), nameOf(it.obj), (o) => {
      meta(o).ownerReferences = (meta(o).ownerReferences ?? []).filter((r: OwnerRef) => aliveUids.has(r.uid));
      return o;
    });
  }

  private async tryDelete(store: GenericStore, obj: KubeObject, policy: 'Background' | 'Foreground'): Promise<void> {
    try {
      await deleteObject(store, namespaceOf(obj), nameOf(obj), { dryRun: false, propagationPolicy: policy, preconditions: { uid: meta(obj).uid } });
    } catch {
      /* already gone or changed; its events bring it back here */
    }
  }

  private async removeFinalizer(store: GenericStore, obj: KubeObject, finalizer: string): Promise<void> {
    const md = meta(obj);
    await store
      .update(
        md.namespace ?? '',
        md.name ?? '',
        (cur) => {
          if (!cur) return obj;
          const next = structuredClone(cur);
          const nmd = meta(next);
          const finalizers = (nmd.finalizers ?? []).filter((f: string) => f !== finalizer);
          if (finalizers.length) nmd.finalizers = finalizers;
          else delete nmd.finalizers;
          delete nmd.resourceVersion;
          return next;
        },
        { dryRun: false, warnings: [], subresource: '' },
      )
      .catch(() => undefined);
  }
}
