// One watch from start to end (apiserver.md §5 and the seed's watch table):
//   RV unset / "0"            → synthetic ADDED for the current matching state (from the cache), then changes
//   RV N                      → every change after N; ERROR 410 `too old resource version: N (oldest)` when N is gone
//   sendInitialEvents=true    → ADDEDs of a state not older than RV (unset: consistent), then, with bookmarks allowed,
//                               a BOOKMARK annotated `k8s.io/initial-events-end: "true"`, then changes
// with bookmarks about every minute and 2 s before the deadline, carrying the revision the watcher is complete up to.
// The stream ends cleanly at the deadline, when the client goes, or when the cache stops (server shutdown).
import { expired, StatusError, tooLargeResourceVersion, type Status } from '../../errors/status.js';
import type { Watcher } from '../../registry/rest.js';
import { StorageError, type Rev } from '../../storage/interface.js';
import type { CacheEvent } from '../../storage/cacher/cache-entry.js';
import type { CacheListOptions, CacheWatcher, WatchCache } from '../../storage/cacher/watch-cache.js';
import type { ResourceScope } from '../resource-scope.js';
import type { ListOptions } from './list-options.js';
import type { Selection } from './selection-filter.js';
import { bookmarkObject } from './present.js';
import { frame, type WatchEncoder } from './watch-encoder.js';
import { leftObject, translateEvent, type WatchItem } from './watch-events.js';
import { objectOf } from './entry-object.js';
import { WatchStream } from './watch-stream.js';

/** Knobs tests turn; the defaults are kube-apiserver's. */
export const watchTuning = {
  /** Bookmark period per watcher (kube: 1 minute). */
  bookmarkFrequencyMs: 60_000,
  /** The bookmark before the deadline is sent this long before it (kube: 2 s). */
  preTimeoutBookmarkMs: 2_000,
  /** --min-request-timeout: a watch without timeoutSeconds lasts a random time in [min, 2·min). */
  minRequestTimeoutSeconds: 1800,
  /** A watcher whose unsent output grows past this is cut off at once. */
  maxBufferedBytes: 32 * 1024 * 1024,
  /** A watcher whose unsent output is above this while its client takes nothing for slowWatcherMs is cut off. */
  slowBufferedBytes: 1024 * 1024,
  slowWatcherMs: 5_000,
  /** All watch streams together; above it the largest backlogs are cut off. */
  maxTotalBufferedBytes: 128 * 1024 * 1024,
  /** A cut-off stream that has not handed over what it holds by then is destroyed. */
  cutOffGraceMs: 1_000,
};

export interface WatchPlan {
  /** The parsed resourceVersion (0 for "" and "0"). */
  rv: Rev;
  /** Read for the synthetic ADDED events, or undefined to start without them. */
  initial?: CacheListOptions;
  /** Mark the end of the initial events with the annotated bookmark (streaming list with bookmarks). */
  endBookmark: boolean;
  /** Without initial events and without RV: start at the latest (consistent) or current revision. */
  startNow?: 'consistent' | 'current';
}

/** The seed's watch table plus the streaming-list rows. */
export function planWatch(opts: ListOptions, rv: Rev, sel: Selection): WatchPlan {
  const filter = sel.filter;
  if (opts.sendInitialEvents === true) {
    const initial: CacheListOptions = opts.resourceVersion === '' ? { consistent: true, filter } : { rev: rv, filter };
    return { rv, initial, endBookmark: opts.allowWatchBookmarks };
  }
  if (opts.sendInitialEvents === false) {
    return { rv, endBookmark: false, startNow: rv > 0 ? undefined : opts.resourceVersion === '' ? 'consistent' : 'current' };
  }
  if (rv === 0) return { rv, initial: { filter }, endBookmark: false };
  return { rv, endBookmark: false };
}

export function watchTimeoutMs(timeoutSeconds: number | undefined): number {
  const s = timeoutSeconds ?? 0;
  if (s !== 0) return Math.max(0, s) * 1000;
  return watchTuning.minRequestTimeoutSeconds * (1 + Math.random()) * 1000;
}

export async function serveWatch(scope: ResourceScope, source: Watcher, opts: ListOptions, sel: Selection, plan: WatchPlan, encoder: WatchEncoder, cache: WatchCache): Promise<void> {
  const { ctx } = scope;
  const prefix = source.listPrefix(scope.namespace);
  const deadline = Date.now() + watchTimeoutMs(opts.timeoutSeconds);
  const stream = new WatchStream(ctx, watchTuning, encoder.contentType);
  const record = ctx.recordWatchEvents;
  const counted = (parts: Buffer[]) => {
    record?.(scope.def.group, scope.def.version, scope.def.kind, parts.map((p) => p.length));
    return parts;
  };
  const sendError = (status: Status) => stream.write([encoder.errorEvent ? encoder.errorEvent(status) : frame('ERROR', Buffer.from(JSON.stringify(status)))]);

  let watcher: CacheWatcher | undefined;
  const timers: NodeJS.Timeout[] = [];
  let resolveDone!: () => void;
  const done = new Promise<void>((r) => (resolveDone = r));
  const finish = () => {
    for (const t of timers) clearTimeout(t);
    watcher?.stop();
    stream.end();
    resolveDone();
  };
  stream.onCutOff = finish;
  if (ctx.signal.aborted) return finish();
  ctx.signal.addEventListener('abort', finish, { once: true });
  timers.push(setTimeout(finish, Math.max(0, deadline - Date.now())));

  const prepare = scope.view?.prepare;
  let prepared: Promise<void> = Promise.resolve();
  // Where the change stream starts, after the synthetic events (if any) are written.
  let startRev: Rev;
  try {
    if (plan.initial) {
      const snap = await cache.list(prefix, plan.initial);
      if (prepare && snap.entries.length) await prepare(snap.entries.map(objectOf), ctx.signal);
      if (stream.closed) return finish();
      const parts: Buffer[] = [];
      for (const e of snap.entries) parts.push(encoder.event({ type: 'ADDED', entry: e }));
      // Like kube's, the end bookmark carries the cache's revision (at least the one required), never selector-filtered.
      if (plan.endBookmark) parts.push(encoder.objectEvent('BOOKMARK', bookmarkObject(scope, snap.rev, true)));
      if (parts.length) stream.write(counted(parts), { initial: true });
      startRev = snap.rev;
    } else if (plan.startNow === 'consistent') {
      startRev = await cache.consistentRev();
    } else if (plan.startNow === 'current') {
      startRev = cache.currentRev;
    } else {
      startRev = plan.rv;
    }
  } catch (e) {
    if (e instanceof StorageError && e.code === 'FutureRevision') sendError(tooLargeResourceVersion(plan.rv, e.rev ?? cache.currentRev).toJSON());
    else sendError(e instanceof StatusError ? e.toJSON() : internalStatus(e));
    finish();
    return done;
  }
  if (stream.closed) return finish();

  // Without a selector or a preparation every watcher of the prefix writes the same chunk for a batch: one encoded once.
  const shareKey = sel.filter || prepare ? undefined : encoder.shareKey;
  const { group, version, kind } = scope.def;
  try {
    watcher = cache.watch(prefix, startRev, {
      events: (batch: CacheEvent[]) => {
        if (shareKey !== undefined) {
          if (stream.closed) return;
          const chunk = sharedChunk(batch, shareKey, encoder);
          record?.(group, version, kind, chunk.sizes);
          if (!stream.write(chunk.bytes)) finish();
          return;
        }
        const items: WatchItem[] = [];
        for (const ev of batch) {
          const item = translateEvent(ev, sel.filter);
          if (item) items.push(item);
        }
        if (!items.length) return;
        const write = () => {
          if (stream.closed) return;
          const parts = items.map((item) => encoder.event(item));
          if (!stream.write(counted(parts))) finish();
        };
        if (!prepare) return write();
        // Batches stay in order while each waits for its preparation (a conversion webhook's answer).
        prepared = prepared
          .then(() => prepare(items.map((i) => ('entry' in i ? objectOf(i.entry) : leftObject(i.left))), ctx.signal))
          .then(write, (e) => {
            if (stream.closed) return;
            sendError(e instanceof StatusError ? e.toJSON() : internalStatus(e));
            finish();
          });
      },
      // The cache stopped (shutdown) or re-initialized: kube closes such watchers without an event; clients resume
      // from their last resourceVersion (and relist on the 410 that may follow).
      error: () => finish(),
    });
  } catch (e) {
    if (e instanceof StorageError && e.code === 'TooOld') sendError(expired(`too old resource version: ${startRev} (${e.rev ?? cache.oldestRev})`).toJSON());
    else sendError(internalStatus(e));
    finish();
    return done;
  }

  if (opts.allowWatchBookmarks) scheduleBookmarks(timers, deadline, () => {
    const rev = watcher!.progressRev();
    // kube sends a bookmark only when it moves past the revision the watch started from.
    if (rev > startRev && !stream.closed) stream.write(counted([encoder.objectEvent('BOOKMARK', bookmarkObject(scope, rev))]));
  });
  return done;
}

interface SharedChunk {
  bytes: Buffer;
  /** Each event's size, for the watch event metrics. */
  sizes: number[];
}

/** Per batch (the hub hands one array to every watcher of a prefix) and share key, the batch's encoded events. */
const sharedChunks = new WeakMap<readonly CacheEvent[], Map<string, SharedChunk>>();

function sharedChunk(batch: readonly CacheEvent[], key: string, encoder: WatchEncoder): SharedChunk {
  let byKey = sharedChunks.get(batch);
  let chunk = byKey?.get(key);
  if (chunk) return chunk;
  const frames: Buffer[] = new Array(batch.length);
  const sizes: number[] = new Array(batch.length);
  for (let i = 0; i < batch.length; i++) {
    const f = encoder.event(translateEvent(batch[i]!)!);
    frames[i] = f;
    sizes[i] = f.length;
  }
  chunk = { bytes: frames.length === 1 ? frames[0]! : Buffer.concat(frames), sizes };
  if (!byKey) sharedChunks.set(batch, (byKey = new Map()));
  byKey.set(key, chunk);
  return chunk;
}

// kube's nextBookmarkTime: every bookmarkFrequency, and once shortly before the deadline.
function scheduleBookmarks(timers: NodeJS.Timeout[], deadline: number, send: () => void): void {
  const schedule = () => {
    const now = Date.now();
    let at = now + watchTuning.bookmarkFrequencyMs;
    const preTimeout = deadline - watchTuning.preTimeoutBookmarkMs;
    if (preTimeout < at) at = preTimeout;
    if (at < now) return;
    timers.push(
      setTimeout(() => {
        send();
        if (at < deadline - watchTuning.preTimeoutBookmarkMs) schedule();
      }, at - now),
    );
  };
  schedule();
}

function internalStatus(e: unknown): Status {
  const message = e instanceof Error ? e.message : String(e);
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'InternalError', code: 500 };
}
