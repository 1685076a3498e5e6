// The watch cache for one resource prefix (kube's Cacher + watchCache): an in-memory copy of every object under the
// prefix, started from one engine list and kept current by one engine watch, plus a time- and count-bounded ring of
// recent events. It serves gets, lists (current, not-older-than, or exact older revisions rebuilt from the ring),
// watches from any revision in the window, and consistent reads. With an embedded engine the cache is updated
// synchronously inside the commit path, so its revision is linearizable the moment a write is acknowledged.
import { StorageError, type Rev, type Storage, type StorageEvent, type Watcher } from '../interface.js';
import { EventRing } from '../events/event-ring.js';
import { WatchHub, type HubWatcher } from '../events/watch-hub.js';
import { lowerBound } from '../key-range.js';
import { CacheEntry, type CacheEvent } from './cache-entry.js';
import { overlayBefore, page, pageOfCandidates, type KeyedEntries, type Page } from './cache-listing.js';
import { LabelIndex, type LabelReader } from './label-index.js';
import { RevWaiters } from './rev-waiters.js';

export interface WatchCacheOptions {
  /** Maximum events in the history ring (default 100 000). */
  historyEvents?: number;
  /** Seconds of events kept in the history ring (default 300). */
  historySeconds?: number;
  /** How long a read waits for the cache to reach a requested revision before FutureRevision (default 3000 ms). */
  waitTimeoutMs?: number;
  /** While someone waits, how often to ask the engine for a progress notification (default 100 ms). */
  progressRequestMs?: number;
}

export interface CacheListOptions {
  /** 0/undefined: current state, no wait (RV "0"). Otherwise a revision, read as "not older than" unless exact. */
  rev?: Rev;
  /** Read exactly at `rev` (resourceVersionMatch=Exact, or a continue token pinned to `rev`). */
  exact?: boolean;
  /** Linearizable read (RV ""): first learn the engine's current revision and wait until the cache has it. */
  consistent?: boolean;
  limit?: number;
  /** First key to return (inclusive), e.g. the last key of the previous page + "\x00". */
  startKey?: string;
  /** Only entries passing this count toward `limit` (selectors). */
  filter?: (e: CacheEntry) => boolean;
  /**
   * The filter only accepts entries whose label `label` has one of `values`: a read of the current state then visits
   * the label index's candidates instead of every key. `read` gives an entry's labels (the first one given is kept).
   */
  labelIndex?: { label: string; values: readonly string[]; read: LabelReader };
}

export interface CacheListResult extends Page {
  /** The revision the list reflects. */
  rev: Rev;
}

export interface CacheWatchListener {
  /** Ordered events, each at most once. Must not throw (a throwing listener is ended with an error). */
  events(batch: CacheEvent[]): void;
  /** The watch ended: TooOld when the cache was re-initialized, Unavailable when it stopped. */
  error(err: StorageError): void;
}

export interface CacheWatcher {
  stop(): void;
  /** The revision up to which this watcher has received every event (what a bookmark may carry). */
  progressRev(): Rev;
}

export class WatchCache {
  private entries = new Map<string, CacheEntry>();
  private keys: string[] = [];
  private rev: Rev;
  private ring: EventRing<CacheEvent>;
  private labels?: LabelIndex;
  private readonly hub = new WatchHub<CacheEvent>((e) => e.entry.key);
  private readonly waiters = new RevWaiters();
  private engineWatch?: Watcher;
  private progressTimer?: NodeJS.Timeout;
  private stopped = false;
  private readonly waitTimeoutMs: number;

  /** Lists the prefix from the engine and subscribes to its changes. */
  static async start(storage: Storage, prefix: string, opts: WatchCacheOptions = {}): Promise<WatchCache> {
    const cache = new WatchCache(storage, prefix, opts);
    await cache.resync();
    return cache;
  }

  private constructor(
    private readonly storage: Storage,
    readonly prefix: string,
    private readonly opts: WatchCacheOptions,
  ) {
    this.rev = 0;
    this.ring = this.newRing(0);
    this.waitTimeoutMs = opts.waitTimeoutMs ?? 3000;
  }

  /** The revision the cache reflects (for bookmarks and list resourceVersions). */
  get currentRev(): Rev {
    return this.rev;
  }

  /** The oldest revision a watch or exact list may start at/after; older answers TooOld. */
  get oldestRev(): Rev {
    return this.ring.base;
  }

  get size(): number {
    return this.entries.size;
  }

  get watcherCount(): number {
    return this.hub.size;
  }

  get(key: string): CacheEntry | undefined {
    return this.entries.get(key);
  }

  /** Lists keys under `prefix` (the cache's prefix or a narrower one, e.g. a namespace). */
  async list(prefix: string, opts: CacheListOptions = {}): Promise<CacheListResult> {
    this.checkPrefix(prefix);
    let want = opts.rev ?? 0;
    if (opts.consistent) want = Math.max(want, await this.storage.currentRevision());
    if (want > this.rev) await this.waitForRev(want);
    if (!opts.exact || !want || want >= this.rev) {
      const hint = opts.labelIndex;
      if (hint) {
        this.labels ??= new LabelIndex(hint.read);
        const candidates = this.labels.lookup(this.entries, hint.label, hint.values);
        return { ...pageOfCandidates(this.state(), candidates, prefix, opts), rev: this.rev };
      }
      return { ...page(this.state(), prefix, opts), rev: this.rev };
    }
    const later = this.ring.since(want);
    if (!later) throw this.tooOld(want);
    return { ...page(this.state(), prefix, opts, overlayBefore(later)), rev: want };
  }

  /**
   * Watches keys under `prefix` for events with revision > afterRev, replaying from the history first.
   * Throws StorageError TooOld when afterRev is older than the window.
   */
  watch(prefix: string, afterRev: Rev, listener: CacheWatchListener): CacheWatcher {
    this.checkPrefix(prefix);
    if (this.stopped) throw stoppedError();
    const history = this.ring.since(afterRev);
    if (!history) throw this.tooOld(afterRev);
    const sub: HubWatcher = this.hub.add(prefix, afterRev, listener, history, this.rev);
    return {
      stop: () => sub.stop(),
      progressRev: () => (sub.live ? Math.max(this.rev, sub.deliveredRev) : sub.deliveredRev),
    };
  }

  /** Resolves once the cache has reached `rev`; FutureRevision after the timeout. */
  waitForRev(rev: Rev, timeoutMs = this.waitTimeoutMs): Promise<void> {
    if (rev <= this.rev) return Promise.resolve();
    if (this.stopped) return Promise.reject(stoppedError());
    const p = this.waiters.wait(rev, timeoutMs, () =>
      new StorageError('FutureRevision', `Too large resource version: ${rev}, current: ${this.rev}`, undefined, this.rev),
    );
    this.startProgressRequests();
    return p;
  }

  /** The engine's current revision, once the cache has caught up with it (a linearizable read point). */
  async consistentRev(): Promise<Rev> {
    const rev = await this.storage.currentRevision();
    await this.waitForRev(rev);
    return this.rev;
  }

  /** Stops following the engine and ends every watcher. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.engineWatch?.stop();
    this.stopProgressRequests();
    this.hub.closeAll(stoppedError());
    this.waiters.rejectAll(stoppedError());
  }

  // (Re)builds the state from one engine list and follows the engine from that list's revision.
  private async resync(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.listAndWatch();
        return;
      } catch (err) {
        // The engine's history moved past the list between the two calls: list again.
        if (!(err instanceof StorageError && err.code === 'TooOld') || attempt >= 3) throw err;
      }
    }
  }

  private async listAndWatch(): Promise<void> {
    const listed = await this.storage.list(this.prefix);
    if (this.stopped) return;
    const entries = new Map<string, CacheEntry>();
    for (const kv of listed.kvs) entries.set(kv.key, CacheEntry.fromKV(kv));
    this.entries = entries;
    this.keys = listed.kvs.map((kv) => kv.key); // engines list in key order
    this.labels = undefined;
    this.rev = listed.rev;
    this.ring = this.newRing(listed.rev);
    this.engineWatch = this.storage.watch(this.prefix, { afterRev: listed.rev }, {
      events: (batch) => this.apply(batch),
      progress: (rev) => this.advance(rev),
      error: (err) => this.onEngineError(err),
    });
    this.waiters.advance(this.rev);
  }

  private apply(batch: StorageEvent[]): void {
    const events: CacheEvent[] = [];
    for (const ev of batch) {
      const key = ev.kv.key;
      this.labels?.touch(key);
      const prev = this.entries.get(key) ?? (ev.prev && CacheEntry.fromKV(ev.prev));
      if (ev.type === 'put') {
        const entry = CacheEntry.fromKV(ev.kv);
        if (!this.entries.has(key)) this.keys.splice(lowerBound(this.keys, key), 0, key);
        this.entries.set(key, entry);
        events.push({ type: 'put', rev: ev.rev, entry, prev });
      } else {
        const last = prev ?? CacheEntry.fromKV(ev.kv);
        if (this.entries.delete(key)) this.keys.splice(lowerBound(this.keys, key), 1);
        events.push({ type: 'delete', rev: ev.rev, entry: new CacheEntry(key, last.text, last.createRev, ev.rev), prev });
      }
    }
    if (events.length === 0) return;
    const rev = events[events.length - 1]!.rev;
    this.rev = Math.max(this.rev, rev);
    this.ring.push(events);
    this.hub.publish(events, this.rev);
    this.waiters.advance(this.rev);
  }

  private advance(rev: Rev): void {
    if (rev <= this.rev) return;
    this.rev = rev;
    this.waiters.advance(rev);
    if (this.waiters.pending === 0) this.stopProgressRequests();
  }

  // The engine lost our place (e.g. etcd compaction): end every watcher with TooOld, as kube does when its cache
  // re-initializes, so clients relist; then rebuild. A closed engine simply stops the cache.
  private onEngineError(err: StorageError): void {
    this.engineWatch = undefined;
    if (this.stopped) return;
    if (err.code === 'Unavailable') {
      this.stop();
      return;
    }
    this.hub.closeAll(new StorageError('TooOld', `watch cache re-initialized: ${err.message}`, undefined, this.rev));
    this.resync().catch(() => this.stop());
  }

  // Quiet prefixes only advance through progress notifications; engines that need asking get asked periodically.
  private startProgressRequests(): void {
    const ask = this.engineWatch?.requestProgress;
    if (!ask || this.progressTimer) return;
    ask.call(this.engineWatch);
    this.progressTimer = setInterval(() => {
      if (this.waiters.pending === 0) this.stopProgressRequests();
      else this.engineWatch?.requestProgress?.();
    }, this.opts.progressRequestMs ?? 100);
    this.progressTimer.unref();
  }

  private stopProgressRequests(): void {
    if (this.progressTimer) clearInterval(this.progressTimer);
    this.progressTimer = undefined;
  }

  private state(): KeyedEntries {
    return { keys: this.keys, entries: this.entries };
  }

  private newRing(base: Rev): EventRing<CacheEvent> {
    return new EventRing<CacheEvent>(base, {
      maxEvents: this.opts.historyEvents,
      maxAgeMs: (this.opts.historySeconds ?? 300) * 1000,
    });
  }

  private tooOld(rev: Rev): StorageError {
    return new StorageError('TooOld', `too old resource version: ${rev} (${this.ring.base})`, undefined, this.ring.base);
  }

  private checkPrefix(prefix: string): void {
    if (!prefix.startsWith(this.prefix)) {
      throw new StorageError('Invalid', `prefix ${JSON.stringify(prefix)} is outside the cache for ${JSON.stringify(this.prefix)}`);
    }
  }
}

function stoppedError(): StorageError {
  return new StorageError('Unavailable', 'watch cache is stopped');
}
