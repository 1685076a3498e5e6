// The etcd engine: kube-apiserver's use of etcd (storage.md §1) behind the engine interface.
// - Revisions are etcd's own; an object's revision is its mod_revision.
// - create, update and delete are each one transaction conditional on the mod_revision read, whose failure branch
//   reads the key, so a conflict costs no second round trip.
// - Lists are ranges pinned to the first page's revision and paged, never one unbounded range.
// - One watch over the key space (keyspace-watch.ts) feeds an in-memory ring and every engine watcher, and tells
//   exactly how far this server has seen etcd, so the watch cache's consistent reads are correct on etcd 3.4.
//   A write resolves once that watch has delivered it, so the caches of this server show it when the caller
//   continues (as the embedded engines do); writes by other servers arrive as soon as etcd streams them.
// - Compaction is kube's (compactor.ts); history older than the ring or than etcd's compaction answers TooOld.
import type { Etcd3 } from 'etcd3';
import {
  StorageError,
  type DeleteResult,
  type GetResult,
  type KV,
  type ListOptions,
  type ListResult,
  type Rev,
  type Storage,
  type StorageEvent,
  type WatchOptions,
  type WatchSink,
  type Watcher,
  type WriteResult,
} from '../interface.js';
import { EventLog } from '../events/event-log.js';
import { RevWaiters } from '../cacher/rev-waiters.js';
import { closedError, futureRevision } from '../revision-errors.js';
import { createEtcdClient, type EtcdConnectionOptions } from './etcd-client.js';
import { KeyMap, bytePrefixEnd } from './etcd-keys.js';
import { isCompacted, isFutureRevision, neverSent, unavailable } from './etcd-errors.js';
import { KeyspaceWatch } from './keyspace-watch.js';
import { EtcdRpc } from './etcd-rpc.js';
import type { KeyValue, RangeRequest, RangeResponse, WatchEvent } from './etcd-wire.js';
import { COMPACT_REV_KEY, Compactor } from './compactor.js';

export interface EtcdStorageOptions extends EtcdConnectionOptions {
  /** Where the callers' keys live in etcd (default: unchanged). */
  keys?: KeyMap;
  /**
   * Events kept in memory for engine watches (default 10 000). The watch caches keep their own, longer history;
   * this one only bridges a cache's list and its watch, and the controllers' short catch-ups.
   */
  historyEvents?: number;
  /** Seconds of events kept in memory for watches (default 300). */
  historySeconds?: number;
  /** --etcd-compaction-interval in ms (default 5 min; 0 = this server never compacts). */
  compactionIntervalMs?: number;
  /** Keys per range request when listing (default 500). */
  pageSize?: number;
  /** How long a write waits for the watch to deliver it before resolving anyway (default 5000 ms). */
  writeVisibleTimeoutMs?: number;
  /**
   * While etcd cannot be reached, how long a request waits for it to come back before failing Unavailable, as
   * kube-apiserver's client waits until the request's deadline (default 5000 ms).
   */
  unavailableWaitMs?: number;
  /** Receives background failures (compaction, watch disconnects). */
  onError?: (err: Error) => void;
}

export async function openEtcdStorage(opts: EtcdStorageOptions): Promise<EtcdStorage> {
  const client = await createEtcdClient(opts);
  try {
    const rpc = await EtcdRpc.create(client, opts.callTimeoutMs ?? 10_000);
    const keys = opts.keys ?? new KeyMap();
    const compactKey = Buffer.from(COMPACT_REV_KEY);
    // With several members a dead one may be asked first: try the others (the client skips a failing member).
    let res;
    for (let tries = 1; ; tries++) {
      try {
        res = await rpc.range({ key: compactKey });
        break;
      } catch (err) {
        if (!neverSent(err) || tries > opts.endpoints.length * 3) throw err;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const compacted = Number(res.kvs[0]?.value.toString() || 0);
    return new EtcdStorage(client, rpc, keys, res.revision, compacted, opts);
  } catch (err) {
    client.close();
    throw unavailable(err);
  }
}

export class EtcdStorage implements Storage {
  readonly name = 'etcd3';
  private log: EventLog;
  private readonly stream: KeyspaceWatch;
  private readonly visible = new RevWaiters();
  private readonly compactor: Compactor;
  private readonly pending = new Set<Promise<unknown>>();
  private closed = false;
  /** The highest revision etcd is known to have compacted (by this server, another one, or as etcd told us). */
  private etcdCompacted: Rev;
  private streamConnected = false;
  private revisionRead?: Promise<Rev>;
  /** Callers waiting for etcd to be reachable again (the key-space watch re-established). */
  private reachableWaiters: (() => void)[] = [];
  private nextRevisionRead?: Promise<Rev>;

  constructor(
    readonly client: Etcd3,
    private readonly rpc: EtcdRpc,
    private readonly keys: KeyMap,
    startRev: Rev,
    compacted: Rev,
    private readonly opts: EtcdStorageOptions,
  ) {
    this.etcdCompacted = compacted;
    this.log = this.newLog(startRev);
    this.stream = new KeyspaceWatch(rpc, startRev, {
      events: (evs) => this.onEvents(evs),
      compacted: (rev) => void this.onStreamCompacted(rev),
      rewound: (rev, from) => this.onRewound(rev, from),
      disconnected: (err) => {
        this.streamConnected = false;
        opts.onError?.(err);
      },
      connected: () => {
        this.streamConnected = true;
        for (const wake of this.reachableWaiters.splice(0)) wake();
      },
    });
    this.stream.start();
    this.compactor = new Compactor(client, opts.compactionIntervalMs ?? 300_000, (rev) => this.noteCompacted(rev), opts.onError);
    this.compactor.start();
  }

  /** The revision up to which this server has received every change. */
  get watchedRevision(): Rev {
    return this.stream.revision;
  }

  /** Whether the key-space watch is currently established. */
  get watching(): boolean {
    return this.streamConnected;
  }

  async get(key: string): Promise<GetResult> {
    this.check();
    const res = await this.call(() => this.rpc.range({ key: this.keys.toEtcd(key) }), key);
    const kv = res.kvs[0];
    return { kv: kv && this.toKV(key, kv), rev: res.revision };
  }

  async list(prefix: string, opts: ListOptions = {}): Promise<ListResult> {
    this.check();
    const start = opts.startKey !== undefined && opts.startKey > prefix ? opts.startKey : prefix;
    const req: RangeRequest = {
      key: this.keys.toEtcd(start),
      rangeEnd: bytePrefixEnd(this.keys.toEtcd(prefix)),
      revision: opts.rev ?? 0,
    };
    if (opts.limit && opts.limit > 0) {
      const res = await this.range({ ...req, limit: opts.limit }, opts.rev);
      return { kvs: this.toKVs(res.kvs), rev: opts.rev || res.revision, more: res.more, count: res.count };
    }
    // Everything, in pages pinned to the first page's revision.
    const pageSize = this.opts.pageSize ?? 500;
    const first = await this.range({ ...req, limit: pageSize }, opts.rev);
    // etcd's header carries its current revision; a read at an older one happened at that one.
    const rev = opts.rev || first.revision;
    const kvs = this.toKVs(first.kvs);
    let more = first.more;
    let last = first.kvs[first.kvs.length - 1]?.key;
    while (more && last) {
      const page = await this.range({ ...req, key: Buffer.concat([last, Buffer.from([0])]), revision: rev, limit: pageSize }, rev);
      kvs.push(...this.toKVs(page.kvs));
      more = page.more;
      last = page.kvs[page.kvs.length - 1]?.key;
    }
    return { kvs, rev, more: false, count: kvs.length };
  }

  put(key: string, value: Uint8Array, expectedModRev: Rev): Promise<WriteResult> {
    return this.write<WriteResult>(key, async (k) => {
      const res = await this.rpc.txn({
        compare: [{ key: k, result: 'Equal', modRevision: expectedModRev }],
        success:
          expectedModRev === 0
            ? [{ put: { key: k, value } }]
            : // An update keeps the object's create revision, which only etcd knows: read it back without the value.
              [{ put: { key: k, value } }, { range: { key: k, keysOnly: true } }],
        failure: [{ range: { key: k } }],
      });
      const rev = res.revision;
      if (!res.succeeded) {
        const cur = res.responses[0]?.range?.kvs[0];
        return { result: { ok: false, current: cur && this.toKV(key, cur) } };
      }
      const createRev = expectedModRev === 0 ? rev : (res.responses[1]?.range?.kvs[0]?.createRevision ?? rev);
      return { rev, result: { ok: true, kv: { key, value, createRev, modRev: rev } } };
    });
  }

  delete(key: string, expectedModRev: Rev): Promise<DeleteResult> {
    return this.write<DeleteResult>(key, async (k) => {
      const res = await this.rpc.txn({
        compare: [
          expectedModRev === 0
            ? { key: k, result: 'Greater', modRevision: 0 } // exists
            : { key: k, result: 'Equal', modRevision: expectedModRev },
        ],
        success: [{ deleteRange: { key: k, prevKv: true } }],
        failure: [{ range: { key: k } }],
      });
      const rev = res.revision;
      if (!res.succeeded) {
        const cur = res.responses[0]?.range?.kvs[0];
        return { result: { ok: false, current: cur && this.toKV(key, cur) } };
      }
      const prev = res.responses[0]?.deleteRange?.prevKvs[0];
      if (!prev) return { result: { ok: false } }; // deleted by someone else between compare and apply: cannot happen in one txn
      return { rev, result: { ok: true, rev, prev: this.toKV(key, prev) } };
    });
  }

  watch(prefix: string, opts: WatchOptions, sink: WatchSink): Watcher {
    this.check();
    return this.log.watch(prefix, opts.afterRev, sink, this.stream.revision);
  }

  /**
   * etcd's current revision, linearizably. Every consistent read asks, so concurrent callers share reads: at most
   * one is in flight, and whoever arrives meanwhile joins the next one, which starts after they arrived (so each
   * caller still sees every write completed before it asked).
   */
  currentRevision(): Promise<Rev> {
    if (this.closed) return Promise.reject(closedError());
    if (!this.revisionRead) {
      this.revisionRead = this.readRevision().finally(() => (this.revisionRead = undefined));
      return this.revisionRead;
    }
    this.nextRevisionRead ??= this.revisionRead
      .catch(() => undefined)
      .then(() => {
        this.nextRevisionRead = undefined;
        return this.currentRevision();
      });
    return this.nextRevisionRead;
  }

  private async readRevision(): Promise<Rev> {
    // A linearizable count-only range on one key: etcd answers with its current revision in the header.
    const res = await this.call(() => this.rpc.range({ key: this.keys.toEtcd('/'), countOnly: true }));
    return res.revision;
  }

  compactedRevision(): Rev {
    return Math.max(this.log.base, this.etcdCompacted);
  }

  async compact(rev: Rev): Promise<void> {
    this.check();
    try {
      await this.client.kv.compact({ revision: rev });
    } catch (err) {
      if (isFutureRevision(err)) throw futureRevision(rev, await this.currentRevision());
      if (!isCompacted(err)) throw unavailable(err);
    }
    this.noteCompacted(rev);
  }

  /** Runs one round of kube's compaction now (tests; the timer runs it every --etcd-compaction-interval). */
  compactionRound(): Promise<number> {
    return this.compactor.tick();
  }

  /** kube's etcd health check: a linearizable read of <prefix>/health (the key need not exist). */
  async health(): Promise<void> {
    this.check();
    const deadline = Date.now() + 2000;
    for (let tries = 1; ; tries++) {
      try {
        await this.rpc.range({ key: this.keys.toEtcd('/registry/health'), countOnly: true }, deadline);
        return;
      } catch (err) {
        // With several members, a dead one may be picked: ask again (another member, or the same one skipped).
        if (tries >= this.opts.endpoints.length + 1 || !neverSent(err) || Date.now() >= deadline) throw unavailable(err);
      }
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.pending]); // writes already issued complete and are reported
    await this.compactor.stop();
    this.stream.stop();
    this.visible.rejectAll(closedError());
    for (const wake of this.reachableWaiters.splice(0)) wake();
    this.log.closeAll(closedError());
    this.client.close();
  }

  // One conditional transaction; resolves once the key-space watch has delivered the write (or after a bound).
  private write<R>(key: string, txn: (k: Buffer) => Promise<{ rev?: Rev; result: R }>): Promise<R> {
    if (this.closed) return Promise.reject(closedError());
    const p = (async () => {
      const k = this.keys.toEtcd(key);
      const out = await this.attempt(() => txn(k), key);
      if (out.rev !== undefined && out.rev > this.stream.revision) {
        await this.visible.wait(out.rev, this.opts.writeVisibleTimeoutMs ?? 5000, closedError).catch(() => undefined);
      }
      return out.result;
    })();
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p)).catch(() => undefined);
    return p;
  }

  private onEvents(evs: WatchEvent[]): void {
    const batch: StorageEvent[] = [];
    for (const ev of evs) {
      const rev = ev.kv.modRevision;
      const key = this.keys.fromEtcd(ev.kv.key);
      if (key === undefined) {
        if (ev.type === 'Put' && ev.kv.key.toString() === COMPACT_REV_KEY) {
          // Another server won this round of compaction and compacts etcd to this revision now.
          this.noteCompacted(Number(ev.kv.value.toString() || 0));
        }
        continue;
      }
      const prev = ev.prevKv ? this.toKV(key, ev.prevKv) : undefined;
      if (ev.type === 'Put') {
        batch.push({ type: 'put', rev, kv: this.toKV(key, ev.kv), prev });
      } else {
        const last = prev ?? { key, value: new Uint8Array(), createRev: 0, modRev: rev };
        batch.push({ type: 'delete', rev, kv: { ...last, modRev: rev }, prev });
      }
    }
    const rev = this.stream.revision;
    this.log.append(batch, rev); // an empty batch still tells every watcher how far the store has come
    this.visible.advance(rev);
  }

  // Our place in etcd's history is gone (we were disconnected across a compaction): every watcher ends with TooOld,
  // so the caches list again, and the stream restarts from etcd's current revision.
  private async onStreamCompacted(compactRev: Rev): Promise<void> {
    this.noteCompacted(compactRev);
    for (let delay = 100; !this.closed; delay = Math.min(delay * 2, 2000)) {
      try {
        const rev = await this.currentRevision();
        const old = this.log;
        this.log = this.newLog(rev);
        old.closeAll(new StorageError('TooOld', `etcd compacted revision ${compactRev} before the watch resumed`, undefined, compactRev));
        this.stream.restartAt(rev);
        return;
      } catch (err) {
        this.opts.onError?.(err as Error);
        await new Promise((r) => setTimeout(r, delay));
      }
    }
  }

  // etcd went back to an older revision (restored from a backup): every watcher ends with TooOld so the caches
  // list the restored state again, and history restarts at etcd's revision.
  private onRewound(rev: Rev, from: Rev): void {
    this.opts.onError?.(new Error(`etcd's revision went back from ${from} to ${rev}; rebuilding the caches`));
    this.etcdCompacted = 0;
    const old = this.log;
    this.log = this.newLog(rev);
    old.closeAll(new StorageError('TooOld', `etcd's revision went back to ${rev}`, undefined, rev));
  }

  private noteCompacted(rev: Rev): void {
    if (rev <= this.etcdCompacted) return;
    this.etcdCompacted = rev;
    this.log.compact(rev);
  }

  private newLog(rev: Rev): EventLog {
    return new EventLog(rev, { maxEvents: this.opts.historyEvents ?? 10_000, maxAgeMs: (this.opts.historySeconds ?? 300) * 1000 });
  }

  private async range(req: RangeRequest, atRev: Rev | undefined): Promise<RangeResponse> {
    try {
      return await this.attempt(() => this.rpc.range(req));
    } catch (err) {
      // etcd's refusals keep their text through attempt().
      if (isCompacted(err)) {
        throw new StorageError('TooOld', `required revision ${atRev} has been compacted`, undefined, this.compactedRevision());
      }
      if (isFutureRevision(err)) throw futureRevision(atRev ?? 0, await this.currentRevision());
      throw err;
    }
  }

  private call<T>(fn: () => Promise<T>, key?: string): Promise<T> {
    return this.attempt(fn, key);
  }

  /**
   * Runs one etcd call. While etcd is unreachable it first waits (bounded) for it to come back, and a call that
   * failed before it was sent is tried again within that bound; a call that may have reached etcd is never
   * repeated (a repeated compare-and-swap would report its own write as a conflict).
   */
  private async attempt<T>(fn: () => Promise<T>, key?: string): Promise<T> {
    const deadline = Date.now() + (this.opts.unavailableWaitMs ?? 5000);
    for (;;) {
      // The watch re-established is the sign etcd is back; but try at least every second (another member may answer).
      if (!this.streamConnected) await this.reachable(Math.min(deadline, Date.now() + 1000));
      try {
        return await fn();
      } catch (err) {
        if (this.closed || !neverSent(err) || Date.now() >= deadline) throw unavailable(err, key);
        // Another member may answer, or this one may be back, in a moment.
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  /** Resolves when the key-space watch is established again, or at the deadline. */
  private reachable(deadline: number): Promise<void> {
    const ms = deadline - Date.now();
    if (ms <= 0 || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.reachableWaiters.push(done);
    });
  }

  private toKVs(kvs: KeyValue[]): KV[] {
    const out: KV[] = [];
    for (const kv of kvs) {
      const key = this.keys.fromEtcd(kv.key);
      if (key !== undefined) out.push(this.toKV(key, kv));
    }
    return out;
  }

  private toKV(key: string, kv: KeyValue): KV {
    return { key, value: kv.value, createRev: kv.createRevision, modRev: kv.modRevision };
  }

  private check(): void {
    if (this.closed) throw closedError();
  }
}
