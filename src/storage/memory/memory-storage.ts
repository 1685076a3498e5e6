// A Map-based engine with the same semantics as the SQLite one, for tests: one global revision, CAS writes, events
// published synchronously after each write (before the writer's promise resolves), history in an in-memory ring.
import {
  type DeleteResult,
  type GetResult,
  type KV,
  type ListOptions,
  type ListResult,
  type Rev,
  type Storage,
  type WatchOptions,
  type WatchSink,
  type Watcher,
  type WriteResult,
} from '../interface.js';
import { EventLog } from '../events/event-log.js';
import { lowerBound, prefixSlice } from '../key-range.js';
import { checkListRev, closedError, futureRevision } from '../revision-errors.js';

export interface MemoryStorageOptions {
  historyEvents?: number;
  historySeconds?: number;
  /** Start from this state (a snapshot): its keys and values at its revisions, the store's revision `rev`. */
  initial?: { rev: Rev; kvs: readonly KV[] };
}

export class MemoryStorage implements Storage {
  readonly name = 'memory';
  private readonly data = new Map<string, KV>();
  /** Keys in sorted order, for prefix ranges. */
  private readonly keys: string[] = [];
  private rev: Rev = 0;
  private readonly log: EventLog;
  private closed = false;

  constructor(opts: MemoryStorageOptions = {}) {
    const initial = opts.initial;
    if (initial) {
      for (const kv of initial.kvs) {
        if (kv.modRev > initial.rev || kv.createRev > kv.modRev) throw new Error(`snapshot entry ${kv.key} is newer than the snapshot's revision ${initial.rev}`);
        this.data.set(kv.key, { key: kv.key, value: Uint8Array.from(kv.value), createRev: kv.createRev, modRev: kv.modRev });
      }
      this.keys.push(...[...this.data.keys()].sort());
      this.rev = initial.rev;
    }
    // History starts at the snapshot: a watch from an older revision is told it is too old (410), as after compaction.
    this.log = new EventLog(this.rev, { maxEvents: opts.historyEvents, maxAgeMs: (opts.historySeconds ?? 300) * 1000 });
  }

  async get(key: string): Promise<GetResult> {
    this.check();
    return { kv: this.data.get(key), rev: this.rev };
  }

  async list(prefix: string, opts: ListOptions = {}): Promise<ListResult> {
    this.check();
    checkListRev(opts.rev, this.rev);
    const [from, to] = prefixSlice(this.keys, prefix, opts.startKey);
    const limit = opts.limit && opts.limit > 0 ? opts.limit : Infinity;
    const end = Math.min(to, from + limit);
    const kvs: KV[] = [];
    for (let i = from; i < end; i++) kvs.push(this.data.get(this.keys[i]!)!);
    return { kvs, rev: this.rev, more: end < to, count: to - from };
  }

  async put(key: string, value: Uint8Array, expectedModRev: Rev): Promise<WriteResult> {
    this.check();
    const prev = this.data.get(key);
    if ((prev?.modRev ?? 0) !== expectedModRev) return { ok: false, current: prev };
    const rev = ++this.rev;
    const kv: KV = { key, value: Uint8Array.from(value), createRev: prev ? prev.createRev : rev, modRev: rev };
    if (!prev) this.keys.splice(lowerBound(this.keys, key), 0, key);
    this.data.set(key, kv);
    this.log.append([{ type: 'put', kv, prev, rev }], rev);
    return { ok: true, kv };
  }

  async delete(key: string, expectedModRev: Rev): Promise<DeleteResult> {
    this.check();
    const prev = this.data.get(key);
    if (!prev || (expectedModRev !== 0 && prev.modRev !== expectedModRev)) return { ok: false, current: prev };
    const rev = ++this.rev;
    this.data.delete(key);
    this.keys.splice(lowerBound(this.keys, key), 1);
    this.log.append([{ type: 'delete', kv: { ...prev, modRev: rev }, prev, rev }], rev);
    return { ok: true, rev, prev };
  }

  watch(prefix: string, opts: WatchOptions, sink: WatchSink): Watcher {
    this.check();
    return this.log.watch(prefix, opts.afterRev, sink, this.rev);
  }

  async currentRevision(): Promise<Rev> {
    this.check();
    return this.rev;
  }

  compactedRevision(): Rev {
    return this.log.base;
  }

  async compact(rev: Rev): Promise<void> {
    this.check();
    if (rev > this.rev) throw futureRevision(rev, this.rev);
    this.log.compact(rev);
  }

  async health(): Promise<void> {
    this.check();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.log.closeAll(closedError());
  }

  private check(): void {
    if (this.closed) throw closedError();
  }
}
