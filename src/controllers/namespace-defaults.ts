// What kube-controller-manager puts in every namespace and clients expect to find: the ServiceAccount
// "default" (serviceaccounts controller) and the ConfigMap "kube-root-ca.crt" with the cluster CA
// (root-ca-cert-publisher). Recreated when deleted, as upstream does.
import type { Logger } from 'pino';
import type { ApiServer } from '../endpoints/api-server.js';
import { StatusError } from '../errors/status.js';
import type { KObject } from '../registry/object.js';
import { ResyncLoop } from './resync-loop.js';

export class NamespaceDefaultsController {
  private readonly loops: ResyncLoop[] = [];

  constructor(
    private readonly api: ApiServer,
    private readonly caPem: string,
    log: Logger,
  ) {
    const prefixes = [api.storeFor('', 'namespaces'), api.storeFor('', 'serviceaccounts'), api.storeFor('', 'configmaps')].filter((s) => s).map((s) => s!.prefix);
    for (const p of prefixes) this.loops.push(new ResyncLoop('namespace-defaults', api.deps.storage, p, () => this.reconcile(), log, 1000));
  }

  start(): void {
    for (const l of this.loops) void l.start();
  }

  stop(): void {
    for (const l of this.loops) l.stop();
  }

  private async ensure(group: string, resource: string, ns: string, obj: KObject): Promise<void> {
    const store = this.api.storeFor(group, resource);
    if (!store || (await store.getKV(ns, obj.metadata.name))) return;
    try {
      await store.create(ns, obj, { dryRun: false, warnings: [] });
    } catch (e) {
      if (!(e instanceof StatusError)) throw e; // exists, or the namespace is terminating
    }
  }

  private async reconcile(): Promise<boolean> {
    const namespaces = this.api.storeFor('', 'namespaces');
    if (!namespaces) return false;
    for (const ns of (await namespaces.list('')).items) {
      if (ns.metadata.deletionTimestamp) continue;
      const name: string = ns.metadata.name;
      await this.ensure('', 'serviceaccounts', name, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: name } });
      await this.ensure('', 'configmaps', name, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kube-root-ca.crt', namespace: name }, data: { 'ca.crt': this.caPem } });
    }
    return false;
  }
}
