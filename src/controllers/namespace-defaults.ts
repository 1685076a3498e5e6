// What kube-controller-manager puts in every namespace and clients expect to find: the ServiceAccount
// "default" (serviceaccounts controller) and the ConfigMap "kube-root-ca.crt" with the cluster CA
// (root-ca-cert-publisher). Recreated when deleted, as upstream does.
import type { Logger } from 'pino';
import type { ControllerContext } from './controller-context.js';
import { StatusError } from '../errors/status.js';
import { type KubeObject, meta, nameOf } from '../api/object.js';
import { ResyncLoop } from './resync-loop.js';
import type { CacheEvent } from '../storage/cacher/cache-entry.js';

export class NamespaceDefaultsController {
  private readonly loops: ResyncLoop[] = [];

  constructor(
    private readonly cc: ControllerContext,
    private readonly caPem: string,
    log: Logger,
  ) {
    const ns = cc.registry.storeFor({ group: '', resource: 'namespaces' });
    if (ns) this.loops.push(new ResyncLoop('namespace-defaults', cc.informers.for(ns), () => this.reconcile(), log, 1000));
    // Only the deletion of one of the two defaults matters among service accounts and config maps.
    const ours = (batch: CacheEvent[]) => batch.some((e) => e.type === 'delete' && /\/(default|kube-root-ca\.crt)$/.test(e.entry.key));
    for (const s of [cc.registry.storeFor({ group: '', resource: 'serviceaccounts' }), cc.registry.storeFor({ group: '', resource: 'configmaps' })]) {
      if (s) this.loops.push(new ResyncLoop('namespace-defaults', cc.informers.for(s), () => this.reconcile(), log, 1000, ours));
    }
  }

  start(): void {
    for (const l of this.loops) void l.start();
  }

  stop(): void {
    for (const l of this.loops) l.stop();
  }

  private async ensure(group: string, resource: string, ns: string, obj: KubeObject): Promise<void> {
    const store = this.cc.registry.storeFor({ group: group, resource: resource });
    // The informer's view, as kube's controllers read their listers (a create of one that exists is refused anyway).
    if (!store || (await store.getCached(ns, nameOf(obj), { consistent: false }))) return;
    try {
      await store.create(ns, obj, { dryRun: false, warnings: [] });
    } catch (e) {
      if (!(e instanceof StatusError)) throw e; // exists, or the namespace is terminating
    }
  }

  private async reconcile(): Promise<boolean> {
    const namespaces = this.cc.registry.storeFor({ group: '', resource: 'namespaces' });
    if (!namespaces) return false;
    for (const ns of (await namespaces.list('')).items) {
      if (meta(ns).deletionTimestamp) continue;
      const name: string = nameOf(ns);
      await this.ensure('', 'serviceaccounts', name, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: name } });
      await this.ensure('', 'configmaps', name, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kube-root-ca.crt', namespace: name }, data: { 'ca.crt': this.caPem } });
    }
    return false;
  }
}
