// Large writes must not freeze the server. Node runs every request on one thread, so a request whose body is large
// does its CPU-heavy stages one request at a time, and yields to the event loop between them: health probes and
// small requests are served in between, and the wait of anyone else is bounded by one stage, not by the sum of
// every large request in flight.
import type { RequestContext } from '../http/request-context.js';

/**
 * Bodies from this size on count as heavy work (and their pure stages go to the write worker): a ConfigMap of 2,000
 * keys, whose write costs tens of milliseconds in-thread; below it a round trip to the worker costs more than it saves.
 */
export const HEAVY_BODY_BYTES = 32 * 1024;

/** A step between two stages of a request: lets timers and I/O run for heavy ones, costs nothing otherwise. */
export type Step = () => Promise<void>;

export const noStep: Step = () => Promise.resolve();

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** One holder at a time, first come first served. */
class Gate {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  async acquire(): Promise<() => void> {
    if (this.held) await new Promise<void>((r) => this.waiting.push(r));
    this.held = true;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.held = false;
    };
  }
}

const gate = new Gate();

/**
 * Runs fn with a Step. For a heavy request (by its body size) fn runs alone among heavy requests and the Step
 * yields to the event loop; the gate is released however fn ends (also when the client left).
 */
export async function heavyWork<T>(ctx: RequestContext, bodyBytes: number, fn: (step: Step) => Promise<T>): Promise<T> {
  if (bodyBytes < HEAVY_BODY_BYTES) return fn(noStep);
  const release = await gate.acquire();
  try {
    if (ctx.signal.aborted) throw new Error('request aborted');
    await yieldToEventLoop();
    return await fn(yieldToEventLoop);
  } finally {
    release();
  }
}
