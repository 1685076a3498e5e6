// The decoded PUT bodies the write worker keeps between a request's update-check and its update attempts. The
// handler releases its body when the request ends; should a release never arrive, the map still cannot grow past
// `max` entries nor keep one longer than `ttlMs` (a request outlives neither). A body no longer held makes the
// attempt fall back to the handler's in-thread path, which has the body itself.
export class HeldBodies<T> {
  private readonly entries = new Map<number, { value: T; at: number }>();
  private next = 0;

  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Holds `value`; its handle. */
  hold(value: T): number {
    this.prune();
    while (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    const id = ++this.next;
    this.entries.set(id, { value, at: this.now() });
    return id;
  }

  /** The value held under `id`, undefined once released, expired or evicted. */
  get(id: number): T | undefined {
    const e = this.entries.get(id);
    if (e && this.now() - e.at > this.ttlMs) {
      this.entries.delete(id);
      return undefined;
    }
    return e?.value;
  }

  release(id: number): void {
    this.entries.delete(id);
  }

  get size(): number {
    return this.entries.size;
  }

  // Entries are in insertion order, so the expired ones come first.
  private prune(): void {
    const t = this.now();
    for (const [id, e] of this.entries) {
      if (t - e.at <= this.ttlMs) break;
      this.entries.delete(id);
    }
  }
}
