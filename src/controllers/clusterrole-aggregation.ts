// kube's clusterrole-aggregation-controller, in process (auth.md §7.7): every ClusterRole with an aggregationRule
// gets the rules of the ClusterRoles its selectors match (by selector, then by name, without duplicates); rules
// set by hand are overwritten. Runs on the shared ClusterRole informer.
import type { Logger } from 'pino';
import { labelSelectorFromMetaV1, type LabelSelectorV1 } from '../selection/label-selector.js';
import type { KObject } from '../api/object.js';
import { internalOperation } from '../registry/operation-context.js';
import { StatusError } from '../errors/status.js';
import type { ControllerContext } from './controller-context.js';
import { ResyncLoop } from './resync-loop.js';

/** The rules an aggregating ClusterRole should have, given every ClusterRole. */
export function aggregatedRules(role: KObject, all: readonly KObject[]): unknown[] {
  const sorted = [...all].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
  const out: unknown[] = [];
  const seen = new Set<string>();
  for (const sel of (role.aggregationRule?.clusterRoleSelectors ?? []) as LabelSelectorV1[]) {
    let selector;
    try {
      selector = labelSelectorFromMetaV1(sel);
    } catch {
      continue;
    }
    for (const other of sorted) {
      if (other.metadata.name === role.metadata.name || !selector.matches(other.metadata.labels ?? {})) continue;
      for (const rule of other.rules ?? []) {
        const key = JSON.stringify(canonicalRule(rule));
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(rule);
      }
    }
  }
  return out;
}

const canonicalRule = (r: KObject) => [r.verbs ?? [], r.apiGroups ?? [], r.resources ?? [], r.resourceNames ?? [], r.nonResourceURLs ?? []];

export class ClusterRoleAggregationController {
  private readonly loop?: ResyncLoop;

  constructor(
    private readonly cc: ControllerContext,
    log: Logger,
  ) {
    const store = cc.registry.storeFor({ group: 'rbac.authorization.k8s.io', resource: 'clusterroles' });
    if (store) this.loop = new ResyncLoop('clusterrole-aggregation', cc.informers.for(store), () => this.reconcile(), log, 500);
  }

  start(): void {
    void this.loop?.start();
  }

  stop(): void {
    this.loop?.stop();
  }

  /** One pass over every aggregating ClusterRole; true when a write conflicted and another pass is needed. */
  async reconcile(): Promise<boolean> {
    const store = this.cc.registry.storeFor({ group: 'rbac.authorization.k8s.io', resource: 'clusterroles' });
    if (!store) return false;
    const all = (await store.list('')).items;
    let again = false;
    // Independent writes, issued together (in list order) so the embedded engines commit them in one transaction.
    const writes: Promise<unknown>[] = [];
    for (const role of all) {
      if (!role.aggregationRule) continue;
      const rules = aggregatedRules(role, all);
      if (JSON.stringify(rules.map((r) => canonicalRule(r as KObject))) === JSON.stringify((role.rules ?? []).map(canonicalRule))) continue;
      const write = store.update('', role.metadata?.name ?? '', (cur) => {
        if (!cur) throw new StatusError({ code: 404, reason: 'NotFound', message: 'gone' });
        return { ...cur, rules };
      }, { ...internalOperation(), subresource: '', allowCreate: false });
      writes.push(
        write.catch((e) => {
          if (!(e instanceof StatusError)) throw e;
          again = true;
        }),
      );
    }
    await Promise.all(writes);
    return again;
  }
}
