// kube-controller-manager's resourcequota controller, in process: a quota's status.hard follows spec.hard and its
// status.used is counted from the namespace's objects when the quota is created or changed, and again when a
// counted object is deleted (usage is released). Between those, the ResourceQuota admission plug-in raises
// status.used as objects are created.
import type { Logger } from 'pino';
import type { ControllerContext } from './controller-context.js';
import { ResyncLoop } from './resync-loop.js';
import { StatusError } from '../errors/status.js';
import type { KubeObject } from '../api/object.js';
import type { CacheEvent } from '../storage/cacher/cache-entry.js';
import { masked, scopesMatch, usageOf, type Usage } from '../admission/quota-usage.js';

const QUOTAS = { group: '', resource: 'resourcequotas' };
const COUNTED = ['pods', 'services', 'configmaps', 'secrets', 'persistentvolumeclaims', 'replicationcontrollers', 'resourcequotas'];

/** The namespace of a cache key (/registry/<resource>/<namespace>/<name>). */
const namespaceOfKey = (key: string) => key.split('/').at(-2) ?? '';

export class ResourceQuotaController {
  private readonly loops: ResyncLoop[] = [];
  /** Namespaces whose quotas must be recounted (a deletion happened there). */
  private readonly dirty = new Set<string>();

  constructor(
    private readonly cc: ControllerContext,
    log: Logger,
  ) {
    const quotas = cc.registry.storeFor(QUOTAS);
    if (quotas) this.loops.push(new ResyncLoop('resourcequota', cc.informers.for(quotas), () => this.reconcile(), log, 1000));
    const deletions = (batch: CacheEvent[]) => {
      let any = false;
      for (const e of batch) {
        if (e.type !== 'delete') continue;
        this.dirty.add(namespaceOfKey(e.entry.key));
        any = true;
      }
      return any;
    };
    for (const r of COUNTED.filter((r) => r !== 'resourcequotas')) {
      const s = cc.registry.storeFor({ group: '', resource: r });
      if (s) this.loops.push(new ResyncLoop('resourcequota', cc.informers.for(s), () => this.reconcile(), log, 1000, deletions));
    }
  }

  start(): void {
    for (const l of this.loops) void l.start();
  }

  stop(): void {
    for (const l of this.loops) l.stop();
  }

  private async usage(namespace: string, quota: KubeObject): Promise<Usage> {
    const hard = Object.keys(quota.spec?.hard ?? {});
    const resources = new Set<string>(COUNTED.map((r) => `/${r}`));
    for (const n of hard) {
      const m = /^count\/([^.]+)(?:\.(.+))?$/.exec(n);
      if (m) resources.add(`${m[2] ?? ''}/${m[1]}`);
    }
    const total: Usage = new Map();
    for (const gr of resources) {
      const [group, resource] = gr.split('/') as [string, string];
      const store = this.cc.registry.storeFor({ group, resource });
      if (!store) continue;
      for (const obj of (await store.list(namespace)).items) {
        if (!scopesMatch(quota, group, resource, obj)) continue;
        for (const [k, v] of usageOf(group, resource, obj)) {
          const cur = total.get(k);
          total.set(k, cur ? cur.add(v) : v);
        }
      }
    }
    return masked(total, hard);
  }

  private async reconcile(): Promise<boolean> {
    const store = this.cc.registry.storeFor(QUOTAS);
    if (!store) return false;
    const recount = new Set(this.dirty);
    this.dirty.clear();
    for (const quota of (await store.list('')).items) {
      const ns: string = quota.metadata?.namespace ?? '';
      const hard: Record<string, string> = quota.spec?.hard ?? {};
      const sameHard = JSON.stringify(hard) === JSON.stringify(quota.status?.hard ?? {});
      if (sameHard && !recount.has(ns)) continue;
      const used = Object.fromEntries([...(await this.usage(ns, quota))].map(([k, v]) => [k, v.toString()]));
      if (sameHard && JSON.stringify(used) === JSON.stringify(quota.status?.used ?? {})) continue;
      try {
        await store.update(
          ns,
          String(quota.metadata?.name ?? ""),
          (current) => {
            if (!current) throw new StatusError({ code: 404, reason: 'NotFound', message: 'gone' });
            current.status = { hard: { ...(current.spec?.hard ?? {}) }, used };
            return current;
          },
          { dryRun: false, warnings: [], subresource: 'status' },
        );
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
      }
    }
    return false;
  }
}
