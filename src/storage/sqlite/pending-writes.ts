// The SQLite engine's view of writes handed to the committer and not yet acknowledged. For each key they touch it
// holds two versions: `latest`, what the next conditional write is checked against (the pending writes in order),
// and `acked`, what reads return (the version as of the last acknowledged commit). The database file itself may be
// at either: the commit may have landed while its answer is on its way. Keys absent here read from the file.
import type { KV } from '../interface.js';

interface Entry {
  /** The key's value as of the last acknowledged commit (undefined: absent). */
  acked: KV | undefined;
  /** The key's value after every pending write (undefined: absent). */
  latest: KV | undefined;
  /** The last batch that wrote the key. */
  seq: number;
}

/** A write of one batch, in batch order: the key and its value after the write (undefined: deleted). */
export interface BatchWrite {
  key: string;
  after: KV | undefined;
}

export class PendingWrites {
  private readonly entries = new Map<string, Entry>();

  get size(): number {
    return this.entries.size;
  }

  /** The value a conditional write is checked against, or `miss` when the file has the answer. */
  latest(key: string): { kv: KV | undefined } | undefined {
    const e = this.entries.get(key);
    return e && { kv: e.latest };
  }

  /** The acknowledged value of a pending key (what a read returns), or `undefined` when the file has the answer. */
  acked(key: string): { kv: KV | undefined } | undefined {
    const e = this.entries.get(key);
    return e && { kv: e.acked };
  }

  /** Records a write of batch `seq`; `before` is the key's latest value before it. */
  record(seq: number, key: string, before: KV | undefined, after: KV | undefined): void {
    const e = this.entries.get(key);
    if (e) {
      e.latest = after;
      e.seq = seq;
    } else this.entries.set(key, { acked: before, latest: after, seq });
  }

  /** Batch `seq` is committed: its writes become what reads see. */
  acknowledge(seq: number, writes: BatchWrite[]): void {
    for (const w of writes) {
      const e = this.entries.get(w.key);
      if (!e) continue; // an earlier write of this batch to the same key was the last one
      if (e.seq === seq) this.entries.delete(w.key);
      else e.acked = w.after;
    }
  }

  /** Every pending write failed: reads and checks go back to the file. */
  clear(): void {
    this.entries.clear();
  }

  /** Pending keys in [start, end) (end '' = no end), in key order. */
  keysIn(start: string, end: string): string[] {
    const keys: string[] = [];
    for (const k of this.entries.keys()) if (k >= start && (end === '' || k < end)) keys.push(k);
    return keys.sort();
  }
}
