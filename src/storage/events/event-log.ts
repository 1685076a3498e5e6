// The engine side of watch: recent committed events in a ring, plus the live watchers they are published to.
// Used by the embedded engines (memory, SQLite), which are the only writers of their data and so publish from the
// commit path instead of polling.
import { StorageError, type Rev, type StorageEvent, type WatchSink, type Watcher } from '../interface.js';
import { EventRing, type RingOptions } from './event-ring.js';
import { WatchHub } from './watch-hub.js';

export class EventLog {
  private readonly ring: EventRing<StorageEvent>;
  private readonly hub = new WatchHub<StorageEvent>((e) => e.kv.key);

  constructor(startRev: Rev, opts: RingOptions = {}) {
    this.ring = new EventRing(startRev, opts);
  }

  /** The oldest revision a watch may start after. */
  get base(): Rev {
    return this.ring.base;
  }

  get watcherCount(): number {
    return this.hub.size;
  }

  /** Records and publishes one committed batch (in revision order) ending at `rev`. */
  append(batch: StorageEvent[], rev: Rev): void {
    this.ring.push(batch);
    this.hub.publish(batch, rev);
  }

  /** Drops history up to `rev`; watchers already running are unaffected (they have those events). */
  compact(rev: Rev): void {
    this.ring.compact(rev);
  }

  watch(prefix: string, afterRev: Rev, sink: WatchSink, currentRev: Rev): Watcher {
    const history = this.ring.since(afterRev);
    if (!history) {
      throw new StorageError('TooOld', `too old resource version: ${afterRev} (${this.ring.base})`, undefined, this.ring.base);
    }
    return this.hub.add(prefix, afterRev, sink, history, currentRev);
  }

  closeAll(err: StorageError): void {
    this.hub.closeAll(err);
  }
}
