// One etcd watch over the whole key space (with previous values), resumed after every disconnect from the
// revision after the last one received. Every etcd revision is the result of at least one key change, so a watch
// that sees every key sees every revision: the last event's revision is exactly how far the stream has come, which
// is what consistent reads from the cache need, without progress notifications (untrustworthy on etcd < 3.4.31 and
// < 3.5.13, issues 15220 and 17507).
import type { EtcdRpc, WatchStream } from './etcd-rpc.js';
import type { WatchEvent, WatchResponse } from './etcd-wire.js';

export interface KeyspaceWatchHandlers {
  /** The events of one response, in revision order. */
  events(events: WatchEvent[]): void;
  /** The resume point was compacted away: the stream has stopped; history up to `compactRev` is gone. */
  compacted(compactRev: number): void;
  /**
   * etcd's revision is below the last one received: it was restored from an older backup (or replaced). The stream
   * now follows it from `rev`; everything learnt before is void.
   */
  rewound(rev: number, from: number): void;
  /** The stream broke (it reconnects on its own). */
  disconnected(err: Error): void;
  /** The stream is (again) established. */
  connected(): void;
}

const ALL_KEYS = Buffer.from([0]);

export class KeyspaceWatch {
  private stream?: WatchStream;
  private stopped = false;
  private retryTimer?: NodeJS.Timeout;
  private backoffMs = 100;

  constructor(
    private readonly rpc: EtcdRpc,
    /** The last revision already known; the stream starts after it. */
    private lastRev: number,
    private readonly on: KeyspaceWatchHandlers,
  ) {}

  get revision(): number {
    return this.lastRev;
  }

  start(): void {
    if (this.stopped) return;
    // Before resuming, make sure etcd has not gone back in time: a watch from a revision etcd has not reached yet
    // would silently wait for it, and then hand out unrelated changes as if they followed ours.
    this.rpc
      .range({ key: ALL_KEYS, countOnly: true })
      .then((res) => {
        const current = res.revision;
        if (current < this.lastRev) {
          const from = this.lastRev;
          this.lastRev = current;
          this.on.rewound(current, from);
        }
        return this.rpc.watch();
      })
      .then((stream) => this.attach(stream))
      .catch((err: Error) => this.broken(err));
  }

  /** After `compacted`: follow etcd again from the revision after `rev` (history before it is given up). */
  restartAt(rev: number): void {
    this.lastRev = rev;
    this.stopped = false;
    this.backoffMs = 100;
    this.start();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.detach();
  }

  private attach(stream: WatchStream): void {
    if (this.stopped) {
      stream.cancel();
      return;
    }
    this.stream = stream;
    stream.on('data', (res: WatchResponse) => this.onResponse(stream, res));
    stream.on('error', (err: Error) => this.broken(err, stream));
    stream.on('end', () => this.broken(new Error('watch stream ended'), stream));
    stream.write({
      create: { key: ALL_KEYS, rangeEnd: ALL_KEYS, startRevision: this.lastRev + 1, prevKv: true, progressNotify: true },
    });
  }

  private onResponse(stream: WatchStream, res: WatchResponse): void {
    if (stream !== this.stream) return;
    if (res.canceled) {
      const compactRev = res.compactRevision;
      if (compactRev > 0) {
        this.detach();
        this.stopped = true;
        this.on.compacted(compactRev);
      } else this.broken(new Error(`watch canceled: ${res.cancelReason || 'no reason given'}`), stream);
      return;
    }
    if (res.created) {
      this.backoffMs = 100;
      this.on.connected();
    }
    if (res.events.length > 0) {
      this.lastRev = res.events[res.events.length - 1]!.kv.modRevision;
      this.on.events(res.events);
    }
  }

  private broken(err: Error, stream?: WatchStream): void {
    if (this.stopped || (stream && stream !== this.stream)) return;
    this.detach();
    this.on.disconnected(err);
    this.retryTimer = setTimeout(() => this.start(), this.backoffMs);
    this.backoffMs = Math.min(this.backoffMs * 2, 2000);
  }

  private detach(): void {
    const s = this.stream;
    this.stream = undefined;
    if (!s) return;
    // Its listeners stay attached but ignore it from now on (they compare with this.stream).
    try {
      s.cancel();
    } catch {
      // already closed
    }
  }
}
