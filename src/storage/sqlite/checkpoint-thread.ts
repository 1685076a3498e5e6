// The main thread's side of the checkpoint worker (checkpoint-worker.ts): started on the first checkpoint asked for
// (an engine that writes little never starts a thread), one checkpoint at a time, a request made while one runs is
// run once after it. If the worker cannot run, checkpoints fall back to the caller's connection.
import { Worker } from 'node:worker_threads';
import type { CheckpointRequest, CheckpointWorkerData } from './checkpoint-worker.js';

const workerScript = new URL('./checkpoint-worker.js', import.meta.url);

export class CheckpointThread {
  private worker: Worker | undefined;
  private busy = false;
  private next: 'passive' | 'truncate' | undefined;
  private closed = false;
  private failed = false;
  /** Checkpoints the worker has answered (for tests and diagnostics). */
  done = 0;

  constructor(
    private readonly data: CheckpointWorkerData,
    /** Checkpoints on the caller's own connection, used when the worker has failed. */
    private readonly inline: (mode: 'passive' | 'truncate') => void,
  ) {}

  /** A checkpoint is running in the worker (its connection holds the checkpoint lock). */
  get running(): boolean {
    return this.busy;
  }

  request(mode: 'passive' | 'truncate'): void {
    if (this.closed) return;
    if (this.failed) return this.inline(mode);
    if (this.busy) {
      if (this.next !== 'truncate') this.next = mode;
      return;
    }
    this.busy = true;
    const w = (this.worker ??= this.start());
    w.postMessage(mode satisfies CheckpointRequest);
  }

  close(): void {
    this.closed = true;
    const w = this.worker;
    this.worker = undefined;
    if (!w) return;
    w.unref();
    w.postMessage('close' satisfies CheckpointRequest);
  }

  private start(): Worker {
    const w = new Worker(workerScript, { workerData: this.data });
    w.unref();
    w.on('message', () => {
      this.done++;
      this.busy = false;
      const next = this.next;
      this.next = undefined;
      if (next) this.request(next);
    });
    const died = (): void => {
      if (this.worker !== w) return;
      this.worker = undefined;
      this.busy = false;
      this.failed = true;
    };
    w.on('error', died);
    w.on('exit', died);
    return w;
  }
}
