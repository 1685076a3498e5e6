// The default engine: one SQLite file holding the current state (no log table) and the revision counter.
// Writes are group-committed: every write queued during one event-loop turn goes into one transaction, run from
// setImmediate; revisions follow queue order; events are published (ring + live watchers) after the commit and
// before the writers' promises resolve. We are the only writer, so there is no polling and no CAS race: the check
// and the write run inside one synchronous transaction.
import type Database from 'better-sqlite3';
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
import { prefixEnd } from '../key-range.js';
import { checkListRev, closedError, futureRevision } from '../revision-errors.js';
import { openDatabase, type Synchronous } from './sqlite-open.js';

export interface SqliteStorageOptions {
  /** The database file. */
  path: string;
  /** FULL (default) fsyncs every commit; NORMAL may lose the last commits on power loss (not on a crash). */
  synchronous?: Synchronous;
  /** Events kept in memory for watches (default 100 000). */
  historyEvents?: number;
  /** Seconds of events kept in memory for watches (default 300). */
  historySeconds?: number;
  /** After this long without writes, truncate the WAL (default 30 000 ms; 0 = never). */
  idleCheckpointMs?: number;
}

interface Row {
  create_rev: number;
  mod_rev: number;
  value: Buffer;
}

type Op =
  | { kind: 'put'; key: string; value: Buffer; expected: Rev; done: (r: WriteResult) => void; fail: (e: Error) => void }
  | { kind: 'delete'; key: string; expected: Rev; done: (r: DeleteResult) => void; fail: (e: Error) => void };

export async function openSqliteStorage(opts: SqliteStorageOptions): Promise<SqliteStorage> {
  return new SqliteStorage(opts);
}

export class SqliteStorage implements Storage {
  readonly name = 'sqlite';
  /** Number of write transactions committed (observable proof of group commit). */
  commits = 0;
  private readonly db: Database.Database;
  private rev: Rev;
  private readonly log: EventLog;
  private queue: Op[] = [];
  private scheduled = false;
  private closed = false;
  private readonly idleCheckpoint?: NodeJS.Timeout;
  private readonly stmt;
  private readonly applyBatch: (ops: Op[], startRev: Rev) => { results: unknown[]; events: StorageEvent[]; rev: Rev };

  constructor(opts: SqliteStorageOptions) {
    const opened = openDatabase(opts.path, opts.synchronous ?? 'FULL');
    this.db = opened.db;
    this.rev = opened.rev;
    this.log = new EventLog(this.rev, { maxEvents: opts.historyEvents, maxAgeMs: (opts.historySeconds ?? 300) * 1000 });
    const db = this.db;
    this.stmt = {
      get: db.prepare('SELECT create_rev, mod_rev, value FROM kv WHERE key = ?'),
      insert: db.prepare('INSERT INTO kv (key, create_rev, mod_rev, value) VALUES (?, ?, ?, ?)'),
      update: db.prepare('UPDATE kv SET mod_rev = ?, value = ? WHERE key = ?'),
      delete: db.prepare('DELETE FROM kv WHERE key = ?'),
      setRev: db.prepare("INSERT INTO meta (name, value) VALUES ('revision', ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value"),
      range: db.prepare('SELECT key, create_rev, mod_rev, value FROM kv WHERE key >= ? AND key < ? ORDER BY key LIMIT ?'),
      rangeOpen: db.prepare('SELECT key, create_rev, mod_rev, value FROM kv WHERE key >= ? ORDER BY key LIMIT ?'),
      count: db.prepare('SELECT count(*) FROM kv WHERE key >= ? AND key < ?').pluck(),
      countOpen: db.prepare('SELECT count(*) FROM kv WHERE key >= ?').pluck(),
      ping: db.prepare('SELECT 1').pluck(),
    };
    this.applyBatch = db.transaction((ops: Op[], startRev: Rev) => this.applyOps(ops, startRev)).immediate;
    const idleMs = opts.idleCheckpointMs ?? 30_000;
    if (idleMs > 0) {
      // One timer, pushed back by every commit (refresh() is cheap), so checkpoints run only when writes pause
      // and never compete with a commit; SQLite's autocheckpoint still bounds the WAL under constant load.
      this.idleCheckpoint = setTimeout(() => this.checkpointIfIdle(), idleMs);
      this.idleCheckpoint.unref();
    }
  }

  async get(key: string): Promise<GetResult> {
    this.check();
    const row = this.stmt.get.get(key) as Row | undefined;
    return { kv: row && toKV(key, row), rev: this.rev };
  }

  async list(prefix: string, opts: ListOptions = {}): Promise<ListResult> {
    this.check();
    checkListRev(opts.rev, this.rev);
    const start = opts.startKey !== undefined && opts.startKey > prefix ? opts.startKey : prefix;
    const end = prefixEnd(prefix);
    const limit = opts.limit && opts.limit > 0 ? opts.limit : -1;
    // Ask for one extra row to learn whether more follow without counting.
    const fetch = limit > 0 ? limit + 1 : -1;
    const rows = (end === '' ? this.stmt.rangeOpen.all(start, fetch) : this.stmt.range.all(start, end, fetch)) as (Row & { key: string })[];
    const more = limit > 0 && rows.length > limit;
    if (more) rows.length = limit;
    const count = more ? ((end === '' ? this.stmt.countOpen.get(start) : this.stmt.count.get(start, end)) as number) : rows.length;
    return { kvs: rows.map((r) => toKV(r.key, r)), rev: this.rev, more, count };
  }

  put(key: string, value: Uint8Array, expectedModRev: Rev): Promise<WriteResult> {
    if (this.closed) return Promise.reject(closedError());
    const buf = Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    return new Promise((done, fail) => this.enqueue({ kind: 'put', key, value: buf, expected: expectedModRev, done, fail }));
  }

  delete(key: string, expectedModRev: Rev): Promise<DeleteResult> {
    if (this.closed) return Promise.reject(closedError());
    return new Promise((done, fail) => this.enqueue({ kind: 'delete', key, expected: expectedModRev, done, fail }));
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
    // Deleted keys keep no rows and old versions are overwritten in place: only the in-memory history shrinks.
    this.log.compact(rev);
  }

  async health(): Promise<void> {
    this.check();
    this.stmt.ping.get();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.flush(); // commit what callers already queued
    this.closed = true;
    clearTimeout(this.idleCheckpoint);
    this.log.closeAll(closedError());
    this.db.close();
  }

  private checkpointIfIdle(): void {
    if (this.closed || this.queue.length > 0) return;
    try {
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // A busy checkpoint is retried after the next idle period.
    }
  }

  private enqueue(op: Op): void {
    this.queue.push(op);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): void {
    this.scheduled = false;
    const ops = this.queue;
    if (ops.length === 0 || this.closed) return;
    this.queue = [];
    let out: { results: unknown[]; events: StorageEvent[]; rev: Rev };
    try {
      out = this.applyBatch(ops, this.rev);
    } catch (err) {
      const e = new StorageError('Unavailable', `storage write failed: ${(err as Error).message}`);
      for (const op of ops) op.fail(e);
      return;
    }
    if (out.events.length > 0) {
      this.commits++;
      this.idleCheckpoint?.refresh();
      this.rev = out.rev;
      this.log.append(out.events, out.rev);
    }
    for (let i = 0; i < ops.length; i++) (ops[i]!.done as (r: unknown) => void)(out.results[i]);
  }

  // Runs inside one IMMEDIATE transaction; later ops of the batch see the earlier ones.
  private applyOps(ops: Op[], startRev: Rev): { results: unknown[]; events: StorageEvent[]; rev: Rev } {
    let rev = startRev;
    const results: unknown[] = [];
    const events: StorageEvent[] = [];
    for (const op of ops) {
      const row = this.stmt.get.get(op.key) as Row | undefined;
      const prev = row && toKV(op.key, row);
      if (op.kind === 'put') {
        if ((prev?.modRev ?? 0) !== op.expected) {
          results.push({ ok: false, current: prev });
          continue;
        }
        rev++;
        if (prev) this.stmt.update.run(rev, op.value, op.key);
        else this.stmt.insert.run(op.key, rev, rev, op.value);
        const kv: KV = { key: op.key, value: op.value, createRev: prev ? prev.createRev : rev, modRev: rev };
        results.push({ ok: true, kv });
        events.push({ type: 'put', kv, prev, rev });
      } else {
        if (!prev || (op.expected !== 0 && prev.modRev !== op.expected)) {
          results.push({ ok: false, current: prev });
          continue;
        }
        rev++;
        this.stmt.delete.run(op.key);
        results.push({ ok: true, rev, prev });
        events.push({ type: 'delete', kv: { ...prev, modRev: rev }, prev, rev });
      }
    }
    if (rev !== startRev) this.stmt.setRev.run(rev);
    return { results, events, rev };
  }

  private check(): void {
    if (this.closed) throw closedError();
  }
}

function toKV(key: string, row: Row): KV {
  return { key, value: row.value, createRev: row.create_rev, modRev: row.mod_rev };
}
