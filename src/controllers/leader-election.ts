// Leader election on a coordination.k8s.io/v1 Lease, as kube-controller-manager does it (client-go's
// leaderelection with a Lease lock): several kubelite servers on one etcd run their controllers on one of them.
// - Every retry period each candidate reads the Lease. A Lease held by someone else is respected until it has not
//   changed for leaseDuration, measured on this server's clock from when it last saw it change (so clocks need not
//   agree); then it is taken over by an update conditional on the resourceVersion read.
// - The holder renews every retry period; if it cannot renew within renewDeadline it stops leading.
// - On a graceful stop the holder gives the Lease up (empty holder), so another server takes over at once.
import type { Logger } from 'pino';
import { StatusError } from '../errors/status.js';
import type { GenericStore } from '../registry/generic-store.js';
import type { KObject } from '../api/object.js';

export interface LeaderElectionTiming {
  /** How long a Lease that stops changing is respected by the others (default 15 s, kube's --leader-elect-lease-duration). */
  leaseDurationMs: number;
  /** How long the leader keeps trying to renew before it stops leading (default 10 s). */
  renewDeadlineMs: number;
  /** How often candidates try and the leader renews (default 2 s). */
  retryPeriodMs: number;
}

export const DEFAULT_LEADER_ELECTION: LeaderElectionTiming = { leaseDurationMs: 15_000, renewDeadlineMs: 10_000, retryPeriodMs: 2_000 };

export interface LeaderCallbacks {
  startedLeading(): void;
  stoppedLeading(): void;
}

interface LeaseSpec {
  holderIdentity?: string;
  leaseDurationSeconds?: number;
  acquireTime?: string;
  renewTime?: string;
  leaseTransitions?: number;
}

/** metav1.MicroTime: RFC 3339 with microseconds, UTC. */
function microTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

export class LeaderElector {
  private leading = false;
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private observed?: string;
  private observedAt = 0;
  private lastRenew = 0;
  private running?: Promise<void>;

  constructor(
    private readonly leases: GenericStore,
    readonly identity: string,
    private readonly callbacks: LeaderCallbacks,
    private readonly log: Logger,
    private readonly timing: LeaderElectionTiming = DEFAULT_LEADER_ELECTION,
    private readonly namespace = 'kube-system',
    private readonly name = 'kube-controller-manager',
  ) {}

  get isLeader(): boolean {
    return this.leading;
  }

  start(): void {
    const tick = () => {
      if (this.stopped) return;
      this.running = this.round().finally(() => {
        this.running = undefined;
        if (!this.stopped) {
          this.timer = setTimeout(tick, this.timing.retryPeriodMs);
          this.timer.unref();
        }
      });
    };
    tick();
  }

  /** Stops trying; a leader stops leading and gives the Lease up. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    if (!this.leading) return;
    this.setLeading(false);
    await this.leases
      .update(this.namespace, this.name, (cur) => {
        if (!cur || (cur['spec'] as LeaseSpec | undefined)?.holderIdentity !== this.identity) throw new Error('not ours');
        const spec = { ...(cur['spec'] as LeaseSpec), holderIdentity: '', leaseDurationSeconds: 1, renewTime: microTime(Date.now()) };
        return { ...cur, spec };
      }, { dryRun: false, warnings: [], subresource: '' })
      .catch(() => undefined); // gone, taken over or unreachable: the others wait the lease out
  }

  private async round(): Promise<void> {
    let ok = false;
    try {
      ok = await this.tryAcquireOrRenew();
    } catch (err) {
      if (!(err instanceof StatusError && err.code === 409)) this.log.warn({ err: (err as Error).message, identity: this.identity }, 'leader election: lease not updated');
    }
    if (this.stopped) return;
    if (ok) {
      this.lastRenew = Date.now();
      this.setLeading(true);
    } else if (this.leading && Date.now() - this.lastRenew > this.timing.renewDeadlineMs) {
      this.log.warn({ identity: this.identity }, 'leader election lost');
      this.setLeading(false);
    }
  }

  private setLeading(leading: boolean): void {
    if (leading === this.leading) return;
    this.leading = leading;
    if (leading) {
      this.log.info({ identity: this.identity, lease: `${this.namespace}/${this.name}` }, 'successfully acquired lease');
      this.callbacks.startedLeading();
    } else this.callbacks.stoppedLeading();
  }

  /** One attempt; true when this server holds the Lease afterwards. */
  private async tryAcquireOrRenew(): Promise<boolean> {
    const now = Date.now();
    const current = await this.leases.getKV(this.namespace, this.name).then((kv) => (kv ? this.leases.get(this.namespace, this.name) : undefined));
    const durationSeconds = Math.round(this.timing.leaseDurationMs / 1000) || 1;
    if (!current) {
      const lease: KObject = {
        apiVersion: 'coordination.k8s.io/v1',
        kind: 'Lease',
        metadata: { name: this.name, namespace: this.namespace },
        spec: { holderIdentity: this.identity, leaseDurationSeconds: durationSeconds, acquireTime: microTime(now), renewTime: microTime(now), leaseTransitions: 0 },
      };
      await this.leases.create(this.namespace, lease, { dryRun: false, warnings: [] });
      return true;
    }
    const spec = (current['spec'] ?? {}) as LeaseSpec;
    const record = JSON.stringify(spec);
    if (record !== this.observed) {
      this.observed = record;
      this.observedAt = now;
    }
    const heldByOther = !!spec.holderIdentity && spec.holderIdentity !== this.identity;
    const respectedMs = (spec.leaseDurationSeconds ?? durationSeconds) * 1000;
    if (heldByOther && this.observedAt + respectedMs > now) return false;
    const ours = spec.holderIdentity === this.identity;
    const next: LeaseSpec = {
      holderIdentity: this.identity,
      leaseDurationSeconds: durationSeconds,
      acquireTime: ours && spec.acquireTime ? spec.acquireTime : microTime(now),
      renewTime: microTime(now),
      leaseTransitions: ours ? (spec.leaseTransitions ?? 0) : (spec.leaseTransitions ?? 0) + 1,
    };
    // The resourceVersion read is the precondition: a concurrent taker makes this a 409, and we try next round.
    const { obj } = await this.leases.update(this.namespace, this.name, () => ({ ...current, spec: next }), { dryRun: false, warnings: [], subresource: '' });
    this.observed = JSON.stringify(obj['spec']);
    this.observedAt = now;
    return true;
  }
}
