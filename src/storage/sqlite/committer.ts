// Where the SQLite engine's batches are committed: in the commit worker (the default: the fsync blocks that thread,
// not the one serving requests) or in-thread (an in-memory database, which no second connection can open, and
// while the worker starts, so that neither opening the engine nor its first writes wait for a thread to start).
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { BatchWriter, type CommitReply, type WireBatch } from './batch-writer.js';
import type { CommitWorkerData, CommitWorkerMessage, CommitWorkerReady } from './commit-worker.js';
import type { CheckpointThread } from './checkpoint-thread.js';

export interface Committer {
  /** Where the next batch will be committed. */
  readonly thread: 'worker' | 'main';
  /** Hands a batch over; its reply comes through the callback given at construction (at once when in-thread). */
  submit(batch: WireBatch): void;
  /** Truncates the WAL unless batches are waiting. */
  checkpoint(): void;
  /** Ends the committer; every submitted batch must have been answered. */
  close(): void;
}

export type ReplyHandler = (reply: CommitReply) => void;

/**
 * Commits on the calling thread, synchronously: the reply is delivered before submit returns. With `checkpoints`
 * (the connection's automatic checkpoint then off), the WAL is copied into the database by the checkpoint worker
 * once a checkpoint's worth of pages was committed, instead of inside a COMMIT on this thread.
 */
export class InlineCommitter implements Committer {
  readonly thread = 'main';
  readonly writer: BatchWriter;
  checkpoints: CheckpointThread | undefined;
  constructor(
    db: Database.Database,
    rev: number,
    private readonly onReply: ReplyHandler,
  ) {
    this.writer = new BatchWriter(db, rev);
  }
  submit(batch: WireBatch): void {
    for (const r of this.writer.commit([batch])) this.onReply(r);
    if (this.checkpoints && this.writer.checkpointDue()) this.checkpoints.request('passive');
  }
  checkpoint(): void {
    // Asked for when writes pause: truncating here is quick then, unless the worker's checkpoint holds the lock.
    if (this.checkpoints?.running) this.checkpoints.request('truncate');
    else this.writer.checkpoint();
  }
  close(): void {
    this.checkpoints?.close();
  }
}

const workerScript = new URL('./commit-worker.js', import.meta.url);

/** Batches of fewer writes are committed in-thread when the worker has none outstanding (the default). */
export const WORKER_MIN_WRITES = 4;

/**
 * Commits in a worker thread owning a write connection of its own, started `startDelayMs` after the first batch of
 * `minWrites` writes or more: an engine that is only read, writes one thing at a time, or writes for a moment (tools,
 * tests, a process killed and restarted in a loop) does not pay for a thread's start-up, which takes ~50 ms of CPU on
 * a quiet machine and seconds on a loaded one.
 * Until the worker says it is ready, batches are committed in-thread on the main connection; the hand-over happens
 * between two batches (in-thread commits are synchronous, so none is outstanding then) and tells the worker the
 * revision to chain on.
 */
export class WorkerCommitter implements Committer {
  private worker: Worker | undefined;
  private ready = false;
  /** Batches submitted to the worker and not yet answered (answered as failed if the worker dies). */
  private readonly outstanding = new Set<number>();
  private readonly inline: InlineCommitter;

  /**
   * `ackedRev`: the main thread's last acknowledged revision, where the worker takes up the chain. A worker that
   * died after a commit landed and before its answer left would leave the file ahead of it: not handled beyond
   * failing the writes in flight (a dying worker is a defect, not an expected state).
   */
  constructor(
    private readonly data: CommitWorkerData,
    mainDb: Database.Database,
    private readonly ackedRev: () => number,
    private readonly onReply: ReplyHandler,
    private readonly startDelayMs: number,
    private readonly minWrites = WORKER_MIN_WRITES,
  ) {
    this.inline = new InlineCommitter(mainDb, ackedRev(), onReply);
  }

  private startTimer: NodeJS.Timeout | undefined;
  /** In-thread commits happened since the worker's last batch: it must take up the chain at ackedRev. */
  private inlineSinceWorker = true;
  private closed = false;

  get thread(): 'worker' | 'main' {
    return this.ready ? 'worker' : 'main';
  }

  submit(batch: WireBatch): void {
    const w = this.worker;
    // A small batch while the worker has nothing of ours commits in-thread: few requests wait on it, so the main
    // thread has little else to do during its fsync, and it is spared two thread hops (the latency of a lone write,
    // and on a loaded machine each hop waits for a CPU).
    const small = batch.writes.length < this.minWrites;
    if (!w || !this.ready || (this.outstanding.size === 0 && small)) {
      if (!w && !small && !this.startTimer && !this.closed) {
        this.startTimer = setTimeout(() => {
          this.startTimer = undefined;
          if (!this.closed) this.started();
        }, this.startDelayMs);
        this.startTimer.unref();
      }
      // Nothing outstanding in the worker: every batch before this one is acknowledged.
      this.inline.writer.resetRev(this.ackedRev());
      this.inline.submit(batch);
      this.inlineSinceWorker = true;
      return;
    }
    if (this.inlineSinceWorker) {
      // The worker's chain is behind the in-thread commits (none is outstanding: they are synchronous).
      this.inlineSinceWorker = false;
      w.postMessage({ type: 'rev', rev: this.ackedRev() } satisfies CommitWorkerMessage);
    }
    if (this.outstanding.size === 0) w.ref();
    this.outstanding.add(batch.seq);
    w.postMessage({ type: 'batch', batch } satisfies CommitWorkerMessage, [batch.data]);
  }

  checkpoint(): void {
    if (!this.ready) this.inline.checkpoint();
    else if (this.worker && this.outstanding.size === 0) this.worker.postMessage({ type: 'checkpoint' } satisfies CommitWorkerMessage);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.startTimer);
    const w = this.worker;
    if (!w) return;
    this.worker = undefined;
    // Every batch is answered by now: the worker closes its connection (or, still starting, is stopped) on its own,
    // without holding the process or the caller.
    w.unref();
    if (this.ready) w.postMessage({ type: 'close' } satisfies CommitWorkerMessage);
    else void w.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    this.ready = false;
    this.inline.writer.resetRev(this.ackedRev());
    const w = new Worker(workerScript, { workerData: this.data });
    w.on('message', (r: CommitReply | CommitWorkerReady) => {
      if ('ready' in r) {
        if (this.worker !== w) return;
        this.ready = true;
        this.inlineSinceWorker = true;
        return;
      }
      for (const s of r.seqs) this.outstanding.delete(s);
      if (this.outstanding.size === 0) w.unref();
      this.onReply(r);
    });
    const died = (why: string): void => {
      if (this.worker !== w) return;
      this.worker = undefined;
      this.ready = false;
      const seqs = [...this.outstanding].sort((a, b) => a - b);
      this.outstanding.clear();
      if (seqs.length > 0) this.onReply({ seqs, ok: false, error: why });
    };
    w.on('error', (e) => died(e.message));
    w.on('exit', (code) => died(`the commit worker exited (${code})`));
    w.unref();
    return (this.worker = w);
  }
}
