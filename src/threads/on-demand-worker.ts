// A worker thread started on first use and shared by the servers of the process, answering requests by id. It holds
// the process open only while it has work. A worker that fails or exits rejects every request in flight; the next
// call starts a new one.
import { Worker } from 'node:worker_threads';

/** What a worker posts back: the answer to request `id`, or the error text of its failure. */
export type WorkerReply<R> = { id: number; result: R } | { id: number; error: string };

export class OnDemandWorker<Q, R> {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (r: R) => void; reject: (e: Error) => void }>();

  /** `script`: the worker module; `name`: how errors name it ("the write worker"). */
  constructor(
    private readonly script: URL,
    private readonly name: string,
  ) {}

  /** Posts `{ id, ...request }` and resolves with the worker's result for that id. */
  call(request: Q): Promise<R> {
    const w = this.started();
    const id = ++this.nextId;
    return new Promise<R>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      w.ref();
      w.postMessage({ id, ...request });
    });
  }

  private failAll(err: Error): void {
    this.worker = undefined;
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(this.script);
    w.on('message', (reply: WorkerReply<R>) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) w.unref();
      if ('error' in reply) p.reject(new Error(reply.error));
      else p.resolve(reply.result);
    });
    w.on('error', (e) => this.failAll(e));
    w.on('exit', () => this.failAll(new Error(`${this.name} exited`)));
    w.unref();
    return (this.worker = w);
  }
}
