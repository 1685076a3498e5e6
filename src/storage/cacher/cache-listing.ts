// Pages over the cache's sorted keys, either as they are now or as they were at an older revision. An older state
// is the current one with an overlay: for every key changed after that revision, its version at that revision
// (null when it did not exist), taken from the history ring.
import { prefixEnd, prefixSlice } from '../key-range.js';
import type { CacheEntry, CacheEvent } from './cache-entry.js';

export interface KeyedEntries {
  keys: readonly string[];
  entries: ReadonlyMap<string, CacheEntry>;
}

export interface PageOptions {
  startKey?: string;
  limit?: number;
  filter?: (e: CacheEntry) => boolean;
}

export interface Page {
  entries: CacheEntry[];
  /** True when more (matching) entries follow. */
  more: boolean;
  /** Keys under the prefix from startKey on, before filtering. */
  count: number;
}

export type Overlay = Map<string, CacheEntry | null>;

/** The state at the revision just before `laterEvents` (events in revision order) began, as an overlay. */
export function overlayBefore(laterEvents: readonly CacheEvent[]): Overlay {
  const overlay: Overlay = new Map();
  // Newest first, so each key ends with the version before its earliest later change.
  for (let i = laterEvents.length - 1; i >= 0; i--) {
    const e = laterEvents[i]!;
    overlay.set(e.entry.key, e.prev ?? null);
  }
  return overlay;
}

export function page(src: KeyedEntries, prefix: string, opts: PageOptions, overlay?: Overlay): Page {
  const [from, to] = prefixSlice(src.keys, prefix, opts.startKey);
  const limit = opts.limit && opts.limit > 0 ? opts.limit : Infinity;
  let count = to - from;
  let items: Iterator<CacheEntry>;
  if (overlay && overlay.size > 0) {
    const start = opts.startKey !== undefined && opts.startKey > prefix ? opts.startKey : prefix;
    const end = prefixEnd(prefix);
    const changed = [...overlay.keys()].filter((k) => k >= start && (end === '' || k < end)).sort();
    for (const k of changed) count += (overlay.get(k) ? 1 : 0) - (src.entries.has(k) ? 1 : 0);
    items = merged(src, from, to, changed, overlay);
  } else {
    items = current(src, from, to);
  }
  const entries: CacheEntry[] = [];
  const filter = opts.filter;
  let more = false;
  for (let r = items.next(); !r.done; r = items.next()) {
    if (filter && !filter(r.value)) continue;
    if (entries.length === limit) {
      more = true;
      break;
    }
    entries.push(r.value);
  }
  return { entries, more, count };
}

/**
 * A page of the current state over `candidates` only (sorted keys from an index, a superset of what the filter
 * accepts); `count` is still that of every key under the prefix, as page() reports it.
 */
export function pageOfCandidates(src: KeyedEntries, candidates: readonly string[], prefix: string, opts: PageOptions): Page {
  const [from, to] = prefixSlice(src.keys, prefix, opts.startKey);
  const [cFrom, cTo] = prefixSlice(candidates, prefix, opts.startKey);
  const limit = opts.limit && opts.limit > 0 ? opts.limit : Infinity;
  const entries: CacheEntry[] = [];
  let more = false;
  for (let i = cFrom; i < cTo; i++) {
    const e = src.entries.get(candidates[i]!);
    if (!e || (opts.filter && !opts.filter(e))) continue;
    if (entries.length === limit) {
      more = true;
      break;
    }
    entries.push(e);
  }
  return { entries, more, count: to - from };
}

function* current(src: KeyedEntries, from: number, to: number): Generator<CacheEntry> {
  for (let i = from; i < to; i++) yield src.entries.get(src.keys[i]!)!;
}

function* merged(src: KeyedEntries, from: number, to: number, changed: string[], overlay: Overlay): Generator<CacheEntry> {
  let i = from;
  let j = 0;
  while (i < to || j < changed.length) {
    const a = i < to ? src.keys[i]! : undefined;
    const b = j < changed.length ? changed[j]! : undefined;
    if (b === undefined || (a !== undefined && a < b)) {
      i++;
      if (!overlay.has(a!)) yield src.entries.get(a!)!;
    } else {
      if (a === b) i++;
      j++;
      const old = overlay.get(b);
      if (old) yield old;
    }
  }
}
