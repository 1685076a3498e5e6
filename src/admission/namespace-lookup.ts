// How kube's ResourceQuota and LimitRanger plug-ins find the objects of a namespace: from their informer first; when
// it has none (it may not have caught up yet), from a live read, whose answer is kept for 30 s per namespace and
// shared by the callers asking at the same time. So a namespace without quotas costs one live read per 30 s, not
// one per request (on etcd a live read is a round trip to etcd for its current revision).
import type { KubeObject } from '../api/object.js';

export interface NamespaceLookupOptions {
  /** The informer's view: what this server's watch cache holds now, without waiting for etcd. */
  cached(namespace: string): Promise<KubeObject[]>;
  /** A consistent read of the namespace's objects. */
  live(namespace: string): Promise<KubeObject[]>;
  /** How long a live answer is used (kube: 30 s). */
  ttlMs?: number;
  /** Namespaces whose live answers are kept (kube: 100 for quotas, 10,000 for limit ranges). */
  maxEntries?: number;
  now?: () => number;
}

interface LiveEntry {
  items: KubeObject[];
  expires: number;
}

export class NamespaceLookup {
  private readonly liveAnswers = new Map<string, LiveEntry>();
  private readonly inFlight = new Map<string, Promise<KubeObject[]>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(private readonly opts: NamespaceLookupOptions) {
    this.ttlMs = opts.ttlMs ?? 30_000;
    this.maxEntries = opts.maxEntries ?? 100;
    this.now = opts.now ?? Date.now;
  }

  async list(namespace: string): Promise<KubeObject[]> {
    const cached = await this.opts.cached(namespace);
    if (cached.length) return cached;
    const entry = this.liveAnswers.get(namespace);
    if (entry && entry.expires > this.now()) return entry.items;
    let pending = this.inFlight.get(namespace);
    if (!pending) {
      pending = this.opts.live(namespace).then(
        (items) => {
          this.remember(namespace, items);
          return items;
        },
      );
      this.inFlight.set(namespace, pending);
      const forget = () => this.inFlight.delete(namespace);
      pending.then(forget, forget);
    }
    return pending;
  }

  // A small LRU: the Map's order is insertion order, so the first key is the least recently stored.
  private remember(namespace: string, items: KubeObject[]): void {
    this.liveAnswers.delete(namespace);
    this.liveAnswers.set(namespace, { items, expires: this.now() + this.ttlMs });
    while (this.liveAnswers.size > this.maxEntries) this.liveAnswers.delete(this.liveAnswers.keys().next().value!);
  }
}
