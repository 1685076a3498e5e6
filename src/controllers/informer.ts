// Shared informers (kube's SharedInformerFactory, in process): one per resource, listing and watching the
// resource's watch cache, shared by every controller that follows the resource. Controllers never open raw
// storage watches; they read through the store (which reads through the watch cache) and react to informer events.
import type { GenericStore } from '../registry/generic-store.js';
import type { CacheEvent } from '../storage/cacher/cache-entry.js';
import type { CacheWatcher } from '../storage/cacher/watch-cache.js';

export interface InformerHandler {
  /** Changes, in revision order. */
  events(batch: CacheEvent[]): void;
  /** The informer lost its place (the cache was rebuilt): everything may have changed. */
  resync(): void;
}

export class SharedInformer {
  private readonly handlers = new Set<InformerHandler>();
  private watcher?: CacheWatcher;
  private starting?: Promise<void>;
  private stopped = false;

  constructor(readonly store: GenericStore) {}

  /** Adds a handler (starting the informer); returns the function that removes it. */
  subscribe(handler: InformerHandler): () => void {
    this.handlers.add(handler);
    void this.start().catch(() => undefined);
    return () => this.handlers.delete(handler);
  }

  /** Resolves once the informer follows the watch cache from its current revision. */
  start(): Promise<void> {
    this.starting ??= this.follow();
    return this.starting;
  }

  stop(): void {
    this.stopped = true;
    this.watcher?.stop();
    this.handlers.clear();
  }

  private async follow(): Promise<void> {
    const cache = await this.store.cache();
    if (this.stopped) return;
    this.watcher = cache.watch(this.store.prefix, cache.currentRev, {
      events: (batch) => {
        for (const h of this.handlers) h.events(batch);
      },
      error: () => {
        if (this.stopped) return;
        // Follow the (new) cache from now on, and let every handler look at everything again.
        this.starting = this.follow().then(() => {
          for (const h of this.handlers) h.resync();
        });
        this.starting.catch(() => undefined);
      },
    });
  }
}

/** One informer per resource (storage prefix), created on first use. */
export class InformerFactory {
  private readonly informers = new Map<string, SharedInformer>();

  for(store: GenericStore): SharedInformer {
    let i = this.informers.get(store.prefix);
    if (!i || i.store !== store) {
      i?.stop();
      this.informers.set(store.prefix, (i = new SharedInformer(store)));
    }
    return i;
  }

  stopAll(): void {
    for (const i of this.informers.values()) i.stop();
    this.informers.clear();
  }
}
