// An index of a watch cache's current entries by label value, so a list whose label selector pins a key to a few
// values (`app=web`, `tier in (a,b)`) visits only the entries carrying them instead of every entry under the prefix.
// A label key is indexed from the first list that asks for it; the cache reports changed keys and the index reads
// their labels when it is next used, so writes pay nothing. Lookups give a superset of the matches (entries whose
// labels cannot be read are always included): the caller's selector filter still decides.
import type { CacheEntry } from './cache-entry.js';

export type EntryLabels = Readonly<Record<string, string>> | null | undefined;

/** Reads an entry's labels; throws when the entry cannot be decoded. */
export type LabelReader = (e: CacheEntry) => EntryLabels;

const UNREADABLE = Symbol('unreadable');

export class LabelIndex {
  /** label key → label value → cache keys. */
  private readonly byKey = new Map<string, Map<string, Set<string>>>();
  /** The labels each cache key was indexed with (to remove it again), or UNREADABLE. */
  private readonly indexed = new Map<string, EntryLabels | typeof UNREADABLE>();
  private readonly unreadable = new Set<string>();
  /** Cache keys changed (put or deleted) since the index last caught up. */
  private changed = new Set<string>();
  private built = false;

  constructor(private readonly read: LabelReader) {}

  /** The cache saw a put or delete of `key`. */
  touch(key: string): void {
    if (this.built) this.changed.add(key);
  }

  /**
   * The keys of entries that may carry `label` with one of `values`, in key order (a superset of the matches).
   * `entries` is the cache's current state.
   */
  lookup(entries: ReadonlyMap<string, CacheEntry>, label: string, values: readonly string[]): string[] {
    this.catchUp(entries);
    let byValue = this.byKey.get(label);
    if (!byValue) byValue = this.indexKey(label);
    const out: string[] = [...this.unreadable];
    for (const v of new Set(values)) {
      const keys = byValue.get(v);
      if (keys) for (const k of keys) out.push(k);
    }
    return out.sort();
  }

  private catchUp(entries: ReadonlyMap<string, CacheEntry>): void {
    if (!this.built) {
      for (const [key, e] of entries) this.add(key, e);
      this.built = true;
      this.changed.clear();
      return;
    }
    if (this.changed.size === 0) return;
    const changed = this.changed;
    this.changed = new Set();
    for (const key of changed) {
      this.remove(key);
      const e = entries.get(key);
      if (e) this.add(key, e);
    }
  }

  private indexKey(label: string): Map<string, Set<string>> {
    const byValue = new Map<string, Set<string>>();
    for (const [key, labels] of this.indexed) {
      if (labels === UNREADABLE || !labels) continue;
      const v = labels[label];
      if (v !== undefined) setOf(byValue, v).add(key);
    }
    this.byKey.set(label, byValue);
    return byValue;
  }

  private add(key: string, e: CacheEntry): void {
    let labels: EntryLabels;
    try {
      labels = this.read(e);
    } catch {
      this.indexed.set(key, UNREADABLE);
      this.unreadable.add(key);
      return;
    }
    this.indexed.set(key, labels);
    if (!labels) return;
    for (const [label, byValue] of this.byKey) {
      const v = labels[label];
      if (v !== undefined) setOf(byValue, v).add(key);
    }
  }

  private remove(key: string): void {
    const labels = this.indexed.get(key);
    this.indexed.delete(key);
    if (labels === UNREADABLE) {
      this.unreadable.delete(key);
      return;
    }
    if (!labels) return;
    for (const [label, byValue] of this.byKey) {
      const v = labels[label];
      if (v === undefined) continue;
      const keys = byValue.get(v);
      keys?.delete(key);
      if (keys?.size === 0) byValue.delete(v);
    }
  }
}

function setOf(m: Map<string, Set<string>>, v: string): Set<string> {
  let s = m.get(v);
  if (!s) m.set(v, (s = new Set()));
  return s;
}
