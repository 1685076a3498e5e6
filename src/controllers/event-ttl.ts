// --event-ttl: kube-apiserver stores Events with an etcd lease of this length, renewed by every write, so an Event
// disappears that long after it was last written. kubelite keeps the same rule with one timer: it removes the
// Events whose last write (the newest managedFields time, else creationTimestamp) is older than the TTL.
import type { Logger } from 'pino';
import type { ControllerContext } from './controller-context.js';
import type { GenericStore } from '../registry/generic-store.js';
import type { KubeObject } from '../api/object.js';

function lastWrite(obj: KubeObject): number {
  let t = Date.parse(obj.metadata?.creationTimestamp ?? '') || 0;
  for (const e of obj.metadata?.managedFields ?? []) {
    const mt = Date.parse(e?.time ?? '');
    if (mt > t) t = mt;
  }
  return t;
}

export class EventTTLController {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly cc: ControllerContext,
    private readonly ttlMs: number,
    private readonly log: Logger,
    /** How often expired Events are looked for. */
    private readonly intervalMs = Math.min(60_000, Math.max(100, ttlMs / 4)),
  ) {}

  start(): void {
    if (this.ttlMs <= 0) return;
    this.timer = setInterval(() => void this.sweep().catch((err) => this.log.warn({ err }, 'event TTL sweep failed')), this.intervalMs);
    this.timer.unref?.();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private stores(): GenericStore[] {
    const seen = new Set<string>();
    const out: GenericStore[] = [];
    for (const g of ['', 'events.k8s.io']) {
      const s = this.cc.registry.storeFor({ group: g, resource: 'events' });
      if (s && !seen.has(s.prefix)) {
        seen.add(s.prefix);
        out.push(s);
      }
    }
    return out;
  }

  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    for (const store of this.stores()) {
      const cache = await store.cache();
      const r = await cache.list(store.prefix, { consistent: true });
      for (const kv of r.entries.map((e) => e.toKV())) {
        let obj: KubeObject;
        try {
          obj = JSON.parse(Buffer.from(kv.value).toString('utf8'));
        } catch {
          continue;
        }
        if (now - lastWrite(obj) < this.ttlMs) continue;
        if ((await store.removeIfUnchanged(kv)) !== undefined) removed++;
      }
    }
    return removed;
  }
}
