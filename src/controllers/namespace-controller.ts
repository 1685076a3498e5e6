// The namespace controller (apiserver.md §10): for a namespace being deleted, mark it Terminating, delete
// everything in it, keep kube's status conditions, then remove the "kubernetes" finalizer so it disappears.
import type { Logger } from 'pino';
import type { ControllerContext } from './controller-context.js';
import { deleteObject } from '../registry/delete.js';
import { type KubeObject, meta, nameOf } from '../api/object.js';
import { nowRFC3339 } from '../api/object.js';
import { NAMESPACE_FINALIZER } from '../registry/strategies/namespaces.js';
import { ResyncLoop } from './resync-loop.js';

interface Condition {
  type: string;
  status: 'True' | 'False';
  reason: string;
  message: string;
}

/** The finalizers of an object, whatever shape a stored object gives them. */
function finalizersOf(obj: KubeObject): string[] {
  const f: unknown = obj.metadata?.finalizers;
  return Array.isArray(f) ? f.filter((x): x is string => typeof x === 'string') : [];
}

export class NamespaceController {
  private readonly loop: ResyncLoop;

  constructor(
    private readonly cc: ControllerContext,
    private readonly log: Logger,
  ) {
    const ns = cc.registry.storeFor({ group: '', resource: 'namespaces' })!;
    this.loop = new ResyncLoop('namespace', cc.informers.for(ns), () => this.reconcileAll(), log, 500);
  }

  start(): void {
    void this.loop.start();
  }

  stop(): void {
    this.loop.stop();
  }

  private async reconcileAll(): Promise<boolean> {
    const ns = this.cc.registry.storeFor({ group: '', resource: 'namespaces' })!;
    let pending = false;
    for (const n of (await ns.list('')).items) {
      if (!meta(n).deletionTimestamp) continue;
      const finalizers: unknown = n.spec?.finalizers;
      if (!Array.isArray(finalizers) || !finalizers.includes(NAMESPACE_FINALIZER)) continue;
      // One namespace that cannot be finished must not hold up the others: log it, retry it later.
      try {
        if (!(await this.reconcile(n))) pending = true;
      } catch (err) {
        this.log.warn({ err, namespace: nameOf(n) }, 'namespace deletion failed; retrying');
        pending = true;
      }
    }
    return pending;
  }

  /** Returns true when the namespace is finished. */
  private async reconcile(n: KubeObject): Promise<boolean> {
    const name: string = nameOf(n);
    const remaining = new Map<string, number>();
    const finalizerCounts = new Map<string, number>();
    for (const store of this.cc.registry.stores()) {
      if (!store.def.namespaced || !store.def.verbs.includes('delete')) continue;
      const items = (await store.list(name)).items;
      for (const item of items) {
        if (!meta(item).deletionTimestamp || !finalizersOf(item).length) {
          try {
            await deleteObject(store, name, nameOf(item), { dryRun: false, propagationPolicy: 'Background' });
          } catch (err) {
            // Gone already, or retried on the next pass; one object never stops the rest.
            this.log.debug({ err, namespace: name, name: nameOf(item) }, 'namespace content deletion failed');
          }
        }
      }
      const left = (await store.list(name)).items;
      if (left.length) {
        const label = `${store.def.resource}.${store.def.group}`;
        remaining.set(label, left.length);
        for (const item of left) for (const f of finalizersOf(item)) finalizerCounts.set(f, (finalizerCounts.get(f) ?? 0) + 1);
      }
    }
    const conditions: Condition[] = [
      { type: 'NamespaceDeletionDiscoveryFailure', status: 'False', reason: 'ResourcesDiscovered', message: 'All resources successfully discovered' },
      { type: 'NamespaceDeletionGroupVersionParsingFailure', status: 'False', reason: 'ParsedGroupVersions', message: 'All legacy kube types successfully parsed' },
      { type: 'NamespaceDeletionContentFailure', status: 'False', reason: 'ContentDeleted', message: 'All content successfully deleted, may be waiting on finalization' },
      remaining.size
        ? {
            type: 'NamespaceContentRemaining',
            status: 'True',
            reason: 'SomeResourcesRemain',
            message: `Some resources are remaining: ${[...remaining].sort().map(([r, c]) => `${r} has ${c} resource instances`).join(', ')}`,
          }
        : { type: 'NamespaceContentRemaining', status: 'False', reason: 'ContentRemoved', message: 'All content successfully removed' },
      finalizerCounts.size
        ? {
            type: 'NamespaceFinalizersRemaining',
            status: 'True',
            reason: 'SomeFinalizersRemain',
            message: `Some content in the namespace has finalizers remaining: ${[...finalizerCounts].sort().map(([f, c]) => `${f} in ${c} resource instances`).join(', ')}`,
          }
        : { type: 'NamespaceFinalizersRemaining', status: 'False', reason: 'ContentHasNoFinalizers', message: 'All content-preserving finalizers finished' },
    ];
    await this.writeStatus(name, conditions);
    if (remaining.size) return false;
    const ns = this.cc.registry.storeFor({ group: '', resource: 'namespaces' })!;
    await ns.update(
      '',
      name,
      (cur) => {
        if (!cur) return { metadata: { name } };
        const next = structuredClone(cur);
        next.spec = { ...(next.spec ?? {}), finalizers: (next.spec?.finalizers ?? []).filter((f: string) => f !== NAMESPACE_FINALIZER) };
        if (!next.spec.finalizers.length) delete next.spec.finalizers;
        return next;
      },
      { dryRun: false, warnings: [], subresource: 'finalize' },
    ).catch(() => undefined);
    return true;
  }

  private async writeStatus(name: string, conditions: Condition[]): Promise<void> {
    const ns = this.cc.registry.storeFor({ group: '', resource: 'namespaces' })!;
    await ns.mutate('', name, (obj) => {
      const old: Condition[] = obj.status?.conditions ?? [];
      const now = nowRFC3339();
      const merged = conditions.map((c) => {
        const prev = old.find((o) => o.type === c.type);
        const same = prev && prev.status === c.status && prev.reason === c.reason && prev.message === c.message;
        return same ? prev : { ...c, lastTransitionTime: now };
      });
      obj.status = { ...(obj.status ?? {}), phase: 'Terminating', conditions: merged };
      return obj;
    });
  }
}
