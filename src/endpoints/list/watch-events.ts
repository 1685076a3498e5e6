// Turns watch cache events into the events one watcher sees, as kube's cacheWatcher does with a selector: an object
// entering the selection is ADDED, one leaving it is DELETED (its previous state stamped with the new
// resourceVersion), one matching before and after is MODIFIED; deletes of matching objects are DELETED.
import type { KObject } from '../../api/object.js';
import type { CacheEntry, CacheEvent } from '../../storage/cacher/cache-entry.js';
import { objectOf } from './entry-object.js';

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

export type WatchItem =
  | { type: 'ADDED' | 'MODIFIED' | 'DELETED'; entry: CacheEntry }
  /** The previous state re-stamped with the event's revision, shared by all watchers of `event`. */
  | { type: 'DELETED'; left: CacheEvent };

export function translateEvent(ev: CacheEvent, match?: (e: CacheEntry) => boolean): WatchItem | undefined {
  if (ev.type === 'delete') return !match || match(ev.entry) ? { type: 'DELETED', entry: ev.entry } : undefined;
  if (!ev.prev) return !match || match(ev.entry) ? { type: 'ADDED', entry: ev.entry } : undefined;
  if (!match) return { type: 'MODIFIED', entry: ev.entry };
  const now = match(ev.entry);
  const before = match(ev.prev);
  if (now) return { type: before ? 'MODIFIED' : 'ADDED', entry: ev.entry };
  return before ? { type: 'DELETED', left: ev } : undefined;
}

const leftObjects = new WeakMap<CacheEvent, KObject>();

/** The object of a "left the selection" DELETED: the previous state with the event's resourceVersion. */
export function leftObject(ev: CacheEvent): KObject {
  let obj = leftObjects.get(ev);
  if (!obj) {
    const prev = objectOf(ev.prev!);
    obj = { ...prev, metadata: { ...prev.metadata, resourceVersion: String(ev.rev) } };
    leftObjects.set(ev, obj);
  }
  return obj;
}
