// kube-apiserver's compaction, which several servers on one etcd share without compacting twice: every interval
// each server tries to bump the version of one key outside the prefix (compact_rev_key) from the version it last
// saw. The one that succeeds compacts to the revision it saw one interval earlier, so everything written in the
// last interval stays watchable; the others learn the new version and try again next interval.
import type { Etcd3 } from 'etcd3';
import { isCompacted } from './etcd-errors.js';

export const COMPACT_REV_KEY = 'compact_rev_key';

export class Compactor {
  private version = 0;
  private lastRev = 0;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly client: Etcd3,
    private readonly intervalMs: number,
    /** Called after this server compacted etcd to `rev`. */
    private readonly onCompacted: (rev: number) => void,
    private readonly onError: (err: Error) => void = () => undefined,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.tick()
        .then(() => undefined)
        .catch((err: Error) => this.onError(err))
        .finally(() => (this.running = undefined));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One round; returns the revision compacted to, or 0 when this round compacted nothing. */
  async tick(): Promise<number> {
    const key = Buffer.from(COMPACT_REV_KEY);
    const res = await this.client.kv.txn({
      compare: [{ key, target: 'Version', result: 'Equal', version: this.version }],
      success: [{ request_put: { key, value: Buffer.from(String(this.lastRev)) } }],
      failure: [{ request_range: { key } }],
    });
    const current = Number(res.header.revision);
    const target = this.lastRev;
    this.lastRev = current;
    if (!res.succeeded) {
      // Another server compacted (or will) this round; follow its version from now on.
      this.version = Number(res.responses[0]?.response_range?.kvs[0]?.version ?? 0);
      return 0;
    }
    this.version++;
    if (target === 0) return 0; // the first round only records where we are
    try {
      await this.client.kv.compact({ revision: target });
    } catch (err) {
      if (!isCompacted(err)) throw err; // someone compacted past it already: nothing to do
    }
    this.onCompacted(target);
    return target;
  }
}
