// One watch cache per resource prefix over one engine, started on first use and shared afterwards.
import type { Storage } from '../interface.js';
import { WatchCache, type WatchCacheOptions } from './watch-cache.js';

export class WatchCacheSet {
  private readonly caches = new Map<string, Promise<WatchCache>>();

  constructor(
    private readonly storage: Storage,
    private readonly opts: WatchCacheOptions = {},
  ) {}

  /** The cache for `prefix` (e.g. "/registry/configmaps/"), starting it if needed. */
  for(prefix: string): Promise<WatchCache> {
    let c = this.caches.get(prefix);
    if (!c) {
      c = WatchCache.start(this.storage, prefix, this.opts);
      // A failed start is not remembered, so the next caller tries again.
      c.catch(() => this.caches.delete(prefix));
      this.caches.set(prefix, c);
    }
    return c;
  }

  /** Stops every cache (their watchers end with Unavailable). */
  async stopAll(): Promise<void> {
    const all = [...this.caches.values()];
    this.caches.clear();
    for (const c of await Promise.allSettled(all)) if (c.status === 'fulfilled') c.value.stop();
  }
}
