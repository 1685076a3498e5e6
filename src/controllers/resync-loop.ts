// A small driver for in-process controllers: reacts to store events under a prefix and resyncs periodically
// while work remains, so a controller never misses a change and never spins.
import type { Logger } from 'pino';
import type { Storage, StorageEvent, Watcher } from '../storage/interface.js';

export class ResyncLoop {
  private watcher?: Watcher;
  private timer?: NodeJS.Timeout;
  private running = false;
  private again = false;
  private stopped = false;

  constructor(
    private readonly name: string,
    private readonly storage: Storage,
    private readonly prefix: string,
    /** Returns true when work remains (then it runs again after retryMs). */
    private readonly reconcile: () => Promise<boolean>,
    private readonly log: Logger,
    private readonly retryMs = 250,
    /** Which event batches call for a reconcile (default: all). */
    private readonly relevant: (batch: StorageEvent[]) => boolean = () => true,
  ) {}

  async start(): Promise<void> {
    const rev = await this.storage.currentRevision();
    if (this.stopped) return;
    const subscribe = (after: number) => {
      this.watcher = this.storage.watch(this.prefix, { afterRev: after }, {
        events: (batch) => {
          if (this.relevant(batch)) this.kick();
        },
        error: async () => {
          // History lost (e.g. compaction): resubscribe from now and reconcile everything.
          if (this.stopped) return;
          subscribe(await this.storage.currentRevision());
          this.kick();
        },
      });
    };
    subscribe(rev);
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
    this.watcher?.stop();
  }
}
