// Callers waiting for the cache to reach a revision; each either sees it within its timeout or gets FutureRevision.
import type { StorageError, Rev } from '../interface.js';

interface Waiter {
  rev: Rev;
  resolve: () => void;
  reject: (e: StorageError) => void;
  timer: NodeJS.Timeout;
}

export class RevWaiters {
  private waiters: Waiter[] = [];

  get pending(): number {
    return this.waiters.length;
  }

  wait(rev: Rev, timeoutMs: number, onTimeout: () => StorageError): Promise<void> {
    return new Promise((resolve, reject) => {
      const w: Waiter = {
        rev,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((x) => x !== w);
          reject(onTimeout());
        }, timeoutMs),
      };
      this.waiters.push(w);
    });
  }

  /** Releases every waiter whose revision has been reached. */
  advance(rev: Rev): void {
    if (this.waiters.length === 0) return;
    const keep: Waiter[] = [];
    for (const w of this.waiters) {
      if (w.rev <= rev) {
        clearTimeout(w.timer);
        w.resolve();
      } else keep.push(w);
    }
    this.waiters = keep;
  }

  rejectAll(err: StorageError): void {
    for (const w of this.waiters) {
      clearTimeout(w.timer);
      w.reject(err);
    }
    this.waiters = [];
  }
}
