// A small driver for in-process controllers: reacts to a shared informer's events and resyncs periodically
// while work remains, so a controller never misses a change and never spins.
import type { Logger } from 'pino';
import type { CacheEvent } from '../storage/cacher/cache-entry.js';
import type { SharedInformer } from './informer.js';

export class ResyncLoop {
  private unsubscribe?: () => void;
  private timer?: NodeJS.Timeout;
  private running = false;
  private again = false;
  private stopped = false;

  constructor(
    private readonly name: string,
    private readonly informer: SharedInformer,
    /** Returns true when work remains (then it runs again after retryMs). */
    private readonly reconcile: () => Promise<boolean>,
    private readonly log: Logger,
    private readonly retryMs = 250,
    /** Which event batches call for a reconcile (default: all). */
    private readonly relevant: (batch: CacheEvent[]) => boolean = () => true,
  ) {}

  async start(): Promise<void> {
    await this.informer.start();
    if (this.stopped) return;
    this.unsubscribe = this.informer.subscribe({
      events: (batch) => {
        if (this.relevant(batch)) this.kick();
      },
      resync: () => this.kick(),
    });
    this.kick();
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    clearTimeout(this.timer);
    setImmediate(async () => {
      if (this.stopped) return;
      let more = false;
      try {
        more = await this.reconcile();
      } catch (err) {
        this.log.warn({ err, controller: this.name }, 'controller reconcile failed');
        more = true;
      }
      this.running = false;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.kick();
      } else if (more) {
        this.timer = setTimeout(() => this.kick(), this.retryMs);
        this.timer.unref?.();
      }
    });
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.unsubscribe?.();
  }
}
