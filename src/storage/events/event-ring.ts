// A bounded, revision-ordered history of recent events, trimmed by count and by age. Every event with a revision
// greater than `base` is still held, so a watch may start after any revision >= base.
import type { Rev } from '../interface.js';

export interface RingOptions {
  /** Maximum number of events kept (default 100 000). */
  maxEvents?: number;
  /** Events older than this are dropped when new ones arrive (default 300 s). */
  maxAgeMs?: number;
}

export class EventRing<E extends { rev: Rev }> {
  private events: E[] = [];
  private times: number[] = [];
  private head = 0;
  private readonly maxEvents: number;
  private readonly maxAgeMs: number;

  constructor(
    /** Every event after this revision is held (the revision the history starts after). */
    private baseRev: Rev,
    opts: RingOptions = {},
  ) {
    this.maxEvents = Math.max(1, opts.maxEvents ?? 100_000);
    this.maxAgeMs = opts.maxAgeMs ?? 300_000;
  }

  get base(): Rev {
    return this.baseRev;
  }

  get size(): number {
    return this.events.length - this.head;
  }

  /** Appends events in revision order and drops what no longer fits. */
  push(batch: readonly E[], now = Date.now()): void {
    for (const e of batch) {
      this.events.push(e);
      this.times.push(now);
    }
    const oldest = now - this.maxAgeMs;
    while (this.size > this.maxEvents || (this.size > 0 && this.times[this.head]! < oldest)) this.dropOne();
    this.reclaim();
  }

  /** Drops every event at or below `rev`; the history then starts after `rev`. */
  compact(rev: Rev): void {
    while (this.size > 0 && this.events[this.head]!.rev <= rev) this.dropOne();
    if (rev > this.baseRev) this.baseRev = rev;
    this.reclaim();
  }

  /** Resets to an empty history starting after `rev`. */
  reset(rev: Rev): void {
    this.events = [];
    this.times = [];
    this.head = 0;
    this.baseRev = rev;
  }

  /** Events with revision > afterRev, oldest first, or undefined when afterRev is older than the history. */
  since(afterRev: Rev): E[] | undefined {
    if (afterRev < this.baseRev) return undefined;
    let lo = this.head;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.events[mid]!.rev <= afterRev) lo = mid + 1;
      else hi = mid;
    }
    return this.events.slice(lo);
  }

  private dropOne(): void {
    const e = this.events[this.head]!;
    (this.events as (E | undefined)[])[this.head] = undefined;
    this.head++;
    this.baseRev = e.rev;
  }

  // Drop the consumed front of the arrays once it is large, keeping push amortized O(1).
  private reclaim(): void {
    if (this.head > 1024 && this.head * 2 > this.events.length) {
      this.events = this.events.slice(this.head);
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
  }
}
