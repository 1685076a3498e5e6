// The engine side of watch: recent committed events in a ring, plus the live watchers they are published to.
// Used by the embedded engines (memory, SQLite), which are the only writers of their data and so publish from the
// commit path instead of polling.
import { StorageError, type KV, type Rev, type StorageEvent, type WatchSink, type Watcher } from '../interface.js';
import { storedBytes, storedText } from '../stored-text.js';
import { EventRing, type RingOptions } from './event-ring.js';
import { WatchHub } from './watch-hub.js';

/** A KV as the history keeps it: the value in its retained text form (shared with the watch cache's entries). */
interface HeldKV {
  text: string;
  createRev: Rev;
  modRev: Rev;
}

/** An event as the history keeps it, made back into a StorageEvent only for a watch that starts in the past. */
interface HeldEvent {
  type: StorageEvent['type'];
  rev: Rev;
  key: string;
  kv: HeldKV;
  prev?: HeldKV;
}

function hold(kv: KV): HeldKV {
  return { text: storedText(kv.value), createRev: kv.createRev, modRev: kv.modRev };
}

function release(key: string, h: HeldKV): KV {
  return { key, value: storedBytes(h.text), createRev: h.createRev, modRev: h.modRev };
}

export class EventLog {
  private readonly ring: EventRing<HeldEvent>;
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
    const held: HeldEvent[] = new Array(batch.length);
    for (let i = 0; i < batch.length; i++) {
      const e = batch[i]!;
      held[i] = { type: e.type, rev: e.rev, key: e.kv.key, kv: hold(e.kv), ...(e.prev && { prev: hold(e.prev) }) };
    }
    this.ring.push(held);
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
    const replay: StorageEvent[] = [];
    for (const h of history) {
      if (h.rev <= afterRev || !h.key.startsWith(prefix)) continue;
      replay.push({ type: h.type, rev: h.rev, kv: release(h.key, h.kv), ...(h.prev && { prev: release(h.key, h.prev) }) });
    }
    return this.hub.add(prefix, afterRev, sink, replay, currentRev);
  }

  closeAll(err: StorageError): void {
    this.hub.closeAll(err);
  }
}
