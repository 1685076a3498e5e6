// apiserver_storage_objects: every --etcd-count-metric-poll-period the number of stored objects of each served
// group-resource is counted in the storage engine (a count-only range, as kube asks etcd) and set on the gauge;
// a failed count sets -1.
import type { ApiserverMetrics } from '../observability/metrics/apiserver-metrics.js';
import type { Storage } from '../storage/interface.js';
import type { ResourceRegistry } from './resource-registry.js';

export class StorageObjectCounter {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly registry: ResourceRegistry,
    private readonly storage: Storage,
    private readonly metrics: ApiserverMetrics,
    private readonly periodMs: number,
  ) {}

  start(): void {
    if (this.periodMs <= 0 || this.timer) return;
    void this.poll();
    this.timer = setInterval(() => void this.poll(), this.periodMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One count of every resource (skipped while the previous one still runs). */
  poll(): Promise<void> {
    this.running ??= (async () => {
      for (const store of this.registry.stores()) {
        const { group, resource } = store.def;
        const label = group ? `${resource}.${group}` : resource;
        try {
          const r = await this.storage.list(store.prefix, { limit: 1 });
          this.metrics.storageObjects.set({ resource: label }, r.count);
        } catch {
          this.metrics.storageObjects.set({ resource: label }, -1);
        }
      }
    })().finally(() => (this.running = undefined));
    return this.running;
  }
}
