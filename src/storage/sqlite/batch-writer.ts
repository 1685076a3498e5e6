// The write side of the SQLite engine: applies batches the main thread has already decided (keys, values and
// revisions assigned, conditions checked) in one IMMEDIATE transaction per call, with the revision counter. It runs
// in the commit worker (commit-worker.ts) or, for an in-memory database, on the main thread (committer.ts).
//
// Batches chain by revision: a batch is applied only if its baseRev is where the file is. After a failed commit
// the main thread resets to its last acknowledged revision; batches it built on top of the failed one, already on
// their way, no longer chain and are refused, so a revision is never committed twice or skipped.
import Database from 'better-sqlite3';

/** One write of a batch: a put of `len` bytes at `off` of the batch's data, or a delete. */
export type WireWrite = { key: string; createRev: number; modRev: number; off: number; len: number } | { key: string; del: true };

/** What the main thread hands over: every write of one event-loop turn, revisions baseRev+1 … endRev. */
export interface WireBatch {
  seq: number;
  baseRev: number;
  endRev: number;
  writes: WireWrite[];
  /** The values of the puts, one after another (transferred, not copied). */
  data: ArrayBuffer;
}

/** The outcome of one transaction: the batches it committed (in order), or why it failed. */
export type CommitReply = { seqs: number[]; ok: true; writes: number } | { seqs: number[]; ok: false; error: string };

export class BatchWriter {
  private readonly upsert: Database.Statement;
  private readonly remove: Database.Statement;
  private readonly setRev: Database.Statement;
  private readonly apply: (batches: WireBatch[]) => void;
  /**
   * An estimate of the pages committed since the last checkpoint: per transaction the revision's page, per write a
   * table and an index page and the value's own pages (SQLite tells the WAL's size only by checkpointing).
   */
  private pagesSinceCheckpoint = 0;

  /** `rev`: the last committed revision, as the main thread read it at open. */
  constructor(
    private readonly db: Database.Database,
    private rev: number,
  ) {
    this.upsert = db.prepare(
      'INSERT INTO kv (key, create_rev, mod_rev, value) VALUES (?, ?, ?, ?) ON CONFLICT(key) DO UPDATE SET mod_rev = excluded.mod_rev, value = excluded.value',
    );
    this.remove = db.prepare('DELETE FROM kv WHERE key = ?');
    this.setRev = db.prepare("INSERT INTO meta (name, value) VALUES ('revision', ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value");
    this.apply = db.transaction((batches: WireBatch[]) => {
      for (const b of batches) {
        const data = Buffer.from(b.data);
        for (const w of b.writes) {
          if ('del' in w) this.remove.run(w.key);
          else this.upsert.run(w.key, w.createRev, w.modRev, data.subarray(w.off, w.off + w.len));
        }
      }
      this.setRev.run(batches[batches.length - 1]!.endRev);
    }).immediate;
  }

  /** Takes up the chain at `rev` (a writer taking over from another connection). */
  resetRev(rev: number): void {
    this.rev = rev;
  }

  /** Commits every batch that chains on the file's revision in one transaction; answers in batch order. */
  commit(batches: WireBatch[]): CommitReply[] {
    const replies: CommitReply[] = [];
    const chained: WireBatch[] = [];
    let rev = this.rev;
    let writes = 0;
    for (const b of batches) {
      if (b.baseRev !== rev) {
        // Built on a batch that failed: the main thread has already failed it.
        replies.push({ seqs: [b.seq], ok: false, error: 'stale batch' });
        continue;
      }
      chained.push(b);
      rev = b.endRev;
      writes += b.writes.length;
    }
    if (chained.length === 0) return replies;
    const seqs = chained.map((b) => b.seq);
    if (writes === 0) return [{ seqs, ok: true, writes: 0 }, ...replies];
    try {
      this.apply(chained);
      this.rev = rev;
      let bytes = 0;
      for (const b of chained) bytes += b.data.byteLength;
      this.pagesSinceCheckpoint += 1 + 2 * writes + Math.ceil(bytes / 4096);
      return [{ seqs, ok: true, writes }, ...replies];
    } catch (err) {
      return [{ seqs, ok: false, error: (err as Error).message }, ...replies];
    }
  }

  /**
   * Copies the WAL into the database without waiting for readers (what SQLite's autocheckpoint does) once it holds
   * `CHECKPOINT_PAGES` pages; the next commit after a complete one starts the WAL over.
   */
  passiveCheckpoint(): void {
    if (this.walPages() < CHECKPOINT_PAGES) return;
    this.pagesSinceCheckpoint = 0;
    this.passiveCheckpointNow();
  }

  /** A PASSIVE checkpoint now. */
  passiveCheckpointNow(): void {
    try {
      this.db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // retried after the next commit
    }
  }

  /** True once `CHECKPOINT_PAGES` pages were committed since the last time it said so (a checkpoint is due). */
  checkpointDue(): boolean {
    if (this.pagesSinceCheckpoint < CHECKPOINT_PAGES) return false;
    this.pagesSinceCheckpoint = 0;
    return true;
  }

  private walPages(): number {
    return this.pagesSinceCheckpoint;
  }

  /** Truncates the WAL (run when writes pause); a busy checkpoint is retried at the next pause. */
  checkpoint(): void {
    try {
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // retried after the next idle period
    }
  }
}

/**
 * The worker's write connection: same file settings as openDatabase (the file is already in WAL mode), except that
 * SQLite's automatic checkpoint is off: it would run inside the COMMIT, before the batch is answered, copying
 * ~1,000 pages with an fsync of the database file (a stall of a whole batch's answer). The worker checkpoints itself
 * once the batch is answered (`passiveCheckpoint`).
 */
export function openWriteConnection(path: string, synchronous: 'FULL' | 'NORMAL'): Database.Database {
  const db = new Database(path);
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('busy_timeout = 5000');
  db.pragma('wal_autocheckpoint = 0');
  return db;
}

/** Pages in the WAL after which the worker checkpoints (SQLite's default autocheckpoint threshold). */
export const CHECKPOINT_PAGES = 1000;
