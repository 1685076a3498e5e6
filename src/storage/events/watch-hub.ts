// Fans ordered event batches out to prefix watchers. A new watcher first gets its replay (events from history)
// in a microtask, so the caller holds its handle before any callback; events published meanwhile queue behind the
// replay. After that, delivery is synchronous with publish(), so a consumer is current as soon as the publisher
// returns (the commit path publishes before it resolves the writers' promises).
import { StorageError, type Rev } from '../interface.js';

export interface HubSink<E> {
  events(batch: E[]): void;
  error(err: StorageError): void;
  progress?(rev: Rev): void;
}

export interface HubWatcher {
  stop(): void;
  /** The revision up to which this watcher has been handed every matching event. */
  readonly deliveredRev: Rev;
  /** True once the replay is delivered and events arrive synchronously with publish(). */
  readonly live: boolean;
}

class Subscription<E extends { rev: Rev }> implements HubWatcher {
  /** Queued events while the replay is pending; null once live. */
  backlog: E[] | null;
  /** Highest revision queued or delivered, so an event is never handed over twice. */
  seen: Rev;
  pendingProgress: Rev;
  deliveredRev: Rev;
  stopped = false;

  constructor(
    private readonly hub: WatchHub<E>,
    readonly prefix: string,
    readonly sink: HubSink<E>,
    replay: E[],
    afterRev: Rev,
    progressRev: Rev,
  ) {
    this.backlog = replay;
    this.seen = replay.length > 0 ? replay[replay.length - 1]!.rev : afterRev;
    this.pendingProgress = progressRev;
    this.deliveredRev = afterRev;
  }

  get live(): boolean {
    return this.backlog === null && !this.stopped;
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.hub.remove(this);
  }
}

export class WatchHub<E extends { rev: Rev }> {
  private readonly subs = new Set<Subscription<E>>();

  constructor(private readonly keyOf: (e: E) => string) {}

  get size(): number {
    return this.subs.size;
  }

  /**
   * Registers a watcher for events under `prefix` with revision > afterRev. `history` is what the publisher already
   * holds after afterRev (it is filtered here); `currentRev` is the publisher's revision, reported as progress.
   */
  add(prefix: string, afterRev: Rev, sink: HubSink<E>, history: readonly E[], currentRev: Rev): HubWatcher {
    const replay = history.filter((e) => e.rev > afterRev && this.keyOf(e).startsWith(prefix));
    const sub = new Subscription(this, prefix, sink, replay, afterRev, Math.max(afterRev, currentRev));
    this.subs.add(sub);
    queueMicrotask(() => this.goLive(sub));
    return sub;
  }

  /** Delivers one committed batch (revision order) whose last revision is `rev`. */
  publish(batch: readonly E[], rev: Rev): void {
    if (batch.length === 0 && this.subs.size === 0) return;
    const first = batch.length > 0 ? batch[0]!.rev : Infinity;
    // Watchers of one prefix that have seen none of the batch get the very same array (filtered once per prefix), so
    // the layers above can share per-batch work (e.g. one encoded chunk) among them.
    let byPrefix: Map<string, E[] | undefined> | undefined;
    for (const sub of this.subs) {
      let matched: E[] | undefined;
      if (sub.seen < first) {
        byPrefix ??= new Map();
        if (byPrefix.has(sub.prefix)) matched = byPrefix.get(sub.prefix);
        else byPrefix.set(sub.prefix, (matched = this.matching(batch, sub.prefix, -Infinity)));
      } else {
        matched = this.matching(batch, sub.prefix, sub.seen);
      }
      if (matched) sub.seen = matched[matched.length - 1]!.rev;
      if (sub.backlog) {
        if (matched) sub.backlog.push(...matched);
        sub.pendingProgress = Math.max(sub.pendingProgress, rev);
        continue;
      }
      this.deliver(sub, matched, rev);
    }
  }

  private matching(batch: readonly E[], prefix: string, after: Rev): E[] | undefined {
    let matched: E[] | undefined;
    for (const e of batch) {
      if (e.rev > after && this.keyOf(e).startsWith(prefix)) (matched ??= []).push(e);
    }
    return matched;
  }

  /** Ends every watcher with `err`. */
  closeAll(err: StorageError): void {
    for (const sub of [...this.subs]) {
      sub.stop();
      safeCall(() => sub.sink.error(err));
    }
  }

  remove(sub: Subscription<E>): void {
    this.subs.delete(sub);
  }

  private goLive(sub: Subscription<E>): void {
    if (sub.stopped || !sub.backlog) return;
    const backlog = sub.backlog;
    sub.backlog = null;
    this.deliver(sub, backlog.length > 0 ? backlog : undefined, sub.pendingProgress);
  }

  private deliver(sub: Subscription<E>, batch: E[] | undefined, rev: Rev): void {
    try {
      if (batch) sub.sink.events(batch);
      if (sub.stopped) return;
      sub.deliveredRev = Math.max(sub.deliveredRev, rev);
      sub.sink.progress?.(rev);
    } catch (err) {
      // A failing consumer must not break the commit path or the other watchers: end only this one.
      sub.stop();
      safeCall(() => sub.sink.error(new StorageError('Unavailable', `watcher failed: ${(err as Error).message}`)));
    }
  }
}

function safeCall(fn: () => void): void {
  try {
    fn();
  } catch {
    // The consumer is already being dropped; nothing more can be done for it.
  }
}
