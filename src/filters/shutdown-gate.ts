// WithWaitGroup: counts in-flight non-long-running requests so graceful shutdown can wait for them, and
// refuses new ones while draining with kube's 503 "apiserver is shutting down".
import { serviceUnavailable } from '../errors/status.js';
import { writeError } from '../http/respond.js';
import type { Filter } from './filter.js';

export class ShutdownState {
  /** Shutdown has begun: /readyz fails, requests are still served (--shutdown-delay-duration). */
  initiated = false;
  /** No new requests are accepted. */
  draining = false;
  inFlight = 0;
  private waiters: (() => void)[] = [];

  done(): void {
    this.inFlight--;
    if (this.inFlight === 0) for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves when no non-long-running request is in flight (or after timeoutMs). */
  drained(timeoutMs: number): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const t = setTimeout(resolve, timeoutMs);
      this.waiters.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
  }
}

export function withShutdownGate(state: ShutdownState): Filter {
  return async (ctx, next) => {
    if (ctx.longRunning) return next();
    if (state.draining) return writeError(ctx, serviceUnavailable('apiserver is shutting down', 1));
    state.inFlight++;
    try {
      await next();
    } finally {
      state.done();
    }
  };
}
