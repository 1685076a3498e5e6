// Where audit events go: the log and webhook backends, each blocking (the request waits until the event is
// handed over) or batching (a bounded queue; a full queue drops the event and counts an error).
import type { AuditEvent } from './event.js';

export interface AuditBackend {
  /** "log" or "webhook": the plugin label of apiserver_audit_error_total. */
  readonly name: string;
  /** Hands events over; false when some were dropped. */
  processEvents(events: AuditEvent[]): boolean;
  /** Sends what is queued, then stops. */
  shutdown(): Promise<void>;
}

export interface BatchSettings {
  bufferSize: number;
  maxBatchSize: number;
  /** ms; 0 sends as soon as the event loop is free. */
  maxWaitMs: number;
  throttleQPS?: number;
  throttleBurst?: number;
}

/**
 * A bounded queue flushed in batches of at most maxBatchSize, when full or after maxWaitMs, through `send` (one
 * batch at a time, in order). Throttling, when set, is a token bucket on batches.
 */
export class BatchQueue {
  private queue: AuditEvent[] = [];
  private timer?: NodeJS.Timeout;
  private sending?: Promise<void>;
  private tokens: number;
  private lastRefill = Date.now();
  private stopped = false;

  constructor(
    private readonly s: BatchSettings,
    private readonly send: (batch: AuditEvent[]) => Promise<void>,
    private readonly onDrop: (n: number) => void,
  ) {
    this.tokens = s.throttleBurst ?? 0;
  }

  add(events: AuditEvent[]): boolean {
    let ok = true;
    for (const e of events) {
      if (this.stopped || this.queue.length >= this.s.bufferSize) {
        this.onDrop(1);
        ok = false;
        continue;
      }
      this.queue.push(e);
    }
    if (this.queue.length >= this.s.maxBatchSize) this.kick(0);
    else if (this.queue.length) this.kick(this.s.maxWaitMs);
    return ok;
  }

  private kick(delay: number): void {
    if (this.sending) return; // the running flush looks again when it is done
    if (this.timer && delay > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delay);
    this.timer.unref?.();
  }

  private async throttle(): Promise<void> {
    const qps = this.s.throttleQPS ?? 0;
    if (qps <= 0) return;
    for (;;) {
      const now = Date.now();
      this.tokens = Math.min(this.s.throttleBurst ?? 1, this.tokens + ((now - this.lastRefill) / 1000) * qps);
      this.lastRefill = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await new Promise((r) => setTimeout(r, ((1 - this.tokens) / qps) * 1000));
    }
  }

  private flush(): Promise<void> {
    this.sending ??= (async () => {
      while (this.queue.length) {
        const batch = this.queue.splice(0, this.s.maxBatchSize);
        await this.throttle();
        await this.send(batch);
        if (!this.stopped && this.queue.length < this.s.maxBatchSize) break;
      }
    })().finally(() => {
      this.sending = undefined;
      if (this.queue.length) this.kick(this.stopped ? 0 : this.s.maxWaitMs);
    });
    return this.sending;
  }

  async drain(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    while (this.queue.length || this.sending) await (this.sending ?? this.flush());
  }
}

/** Several backends as one (log and webhook together). */
export class UnionBackend implements AuditBackend {
  readonly name = 'union';
  constructor(private readonly backends: AuditBackend[]) {}

  processEvents(events: AuditEvent[]): boolean {
    let ok = true;
    for (const b of this.backends) ok = b.processEvents(events) && ok;
    return ok;
  }

  async shutdown(): Promise<void> {
    await Promise.all(this.backends.map((b) => b.shutdown()));
  }
}
