// NamespaceLifecycle admission (apiserver.md §10): no content in missing or terminating namespaces, and the
// immortal namespaces cannot be deleted.
import { forbidden, notFound, StatusError } from '../errors/status.js';
import type { AdmissionPlugin } from '../registry/generic-store.js';
import type { KObject } from '../registry/object.js';
import type { ResourceDef } from '../registry/resource-def.js';

export const IMMORTAL_NAMESPACES = new Set(['default', 'kube-system', 'kube-public']);

export class NamespaceLifecycle implements AdmissionPlugin {
  constructor(private readonly getNamespace: (name: string) => Promise<KObject | undefined>) {}

  async admit(op: 'CREATE' | 'UPDATE' | 'DELETE', def: ResourceDef, obj: KObject | undefined, old: KObject | undefined): Promise<void> {
    if (def.group === '' && def.resource === 'namespaces') {
      const name = (old ?? obj)?.metadata?.name;
      if (op === 'DELETE' && IMMORTAL_NAMESPACES.has(name)) {
        throw forbidden({ group: '', resource: 'namespaces' }, name, 'this namespace may not be deleted');
      }
      return;
    }
    if (!def.namespaced || op !== 'CREATE' || !obj) return;
    if (def.group === 'authorization.k8s.io' && def.resource === 'localsubjectaccessreviews') return;
    const nsName: string = obj.metadata?.namespace ?? '';
    if (!nsName) return;
    const ns = await this.getNamespace(nsName);
    if (!ns) throw notFound({ group: '', resource: 'namespaces' }, nsName);
    if (ns.status?.phase === 'Terminating' || ns.metadata?.deletionTimestamp) {
      const e: StatusError = forbidden(
        { group: def.group, resource: def.resource },
        obj.metadata?.name || obj.metadata?.generateName || '',
        `unable to create new content in namespace ${nsName} because it is being terminated`,
      );
      e.status.details!.causes = [{ reason: 'NamespaceTerminating', message: `namespace ${nsName} is being terminated`, field: 'metadata.namespace' }];
      throw e;
    }
  }
}
