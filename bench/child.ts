// A forked child process spoken to over IPC: every request carries an id, every answer names it. Used for the
// load generator and for the servers under test.
import { fork, type ChildProcess } from 'node:child_process';

export interface ForkOptions {
  args?: string[];
  execArgv?: string[];
  /** Forward the child's stderr to ours (default: only keep its tail for error messages). */
  inheritStderr?: boolean;
}

export class Child {
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private stderrTail = '';
  private exited = false;

  private constructor(readonly proc: ChildProcess) {
    proc.on('message', (m: { id: number; result?: unknown; error?: string }) => {
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (m.error !== undefined) w.reject(new Error(m.error));
      else w.resolve(m.result);
    });
    proc.stderr?.on('data', (c: Buffer) => (this.stderrTail = (this.stderrTail + c.toString()).slice(-2000)));
    proc.on('exit', (code, signal) => {
      this.exited = true;
      const e = new Error(`child ${proc.pid} exited (${code ?? signal})${this.stderrTail ? `:\n${this.stderrTail}` : ''}`);
      for (const w of this.waiting.values()) w.reject(e);
      this.waiting.clear();
    });
  }

  /** Forks `modulePath` and waits for its first message (id 0), which is returned. */
  static async fork<T = unknown>(modulePath: string, opts: ForkOptions = {}): Promise<{ child: Child; hello: T }> {
    const proc = fork(modulePath, opts.args ?? [], {
      execArgv: opts.execArgv ?? [],
      stdio: ['ignore', 'ignore', opts.inheritStderr ? 'inherit' : 'pipe', 'ipc'],
    });
    const child = new Child(proc);
    const hello = await new Promise<T>((resolve, reject) => {
      child.waiting.set(0, { resolve: resolve as (v: unknown) => void, reject });
    });
    return { child, hello };
  }

  call<T>(payload: object, timeoutMs = 600_000): Promise<T> {
    if (this.exited) return Promise.reject(new Error(`child ${this.proc.pid} has exited`));
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`child ${this.proc.pid}: no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(id, {
        resolve: (v) => (clearTimeout(timer), resolve(v as T)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      this.proc.send({ id, ...payload });
    });
  }

  /** Ends the child: a `stop` call if it answers one, else SIGKILL after `graceMs`. */
  async stop(graceMs = 5000): Promise<void> {
    if (this.exited) return;
    const gone = new Promise<void>((r) => this.proc.once('exit', () => r()));
    this.proc.send({ id: this.next++, stop: true }, () => undefined);
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), graceMs);
    await gone;
    clearTimeout(timer);
  }
}
