// NamespaceLifecycle admission (apiserver.md §10), a mutating plug-in as in kube: no content in missing or
// terminating namespaces, and the immortal namespaces cannot be deleted.
import { forbidden, notFound, StatusError } from '../errors/status.js';
import { hasObject, type AdmissionAttributes, type AdmissionOperation } from '../registry/admission.js';
import type { KubeObject } from '../api/object.js';
import type { AdmissionPlugin } from './chain.js';

export const IMMORTAL_NAMESPACES = new Set(['default', 'kube-system', 'kube-public']);

export class NamespaceLifecycle implements AdmissionPlugin {
  readonly name = 'NamespaceLifecycle';
  readonly operations = new Set<AdmissionOperation>(['CREATE', 'UPDATE', 'DELETE']);

  constructor(private readonly getNamespace: (name: string) => Promise<KubeObject | undefined>) {}

  async admit(a: AdmissionAttributes): Promise<void> {
    const { resource, operation } = a;
    if (resource.group === '' && resource.resource === 'namespaces') {
      const name = a.name || ((a.oldObject ?? a.object)?.metadata?.name ?? '');
      if (operation === 'DELETE' && IMMORTAL_NAMESPACES.has(name)) {
        throw forbidden({ group: '', resource: 'namespaces' }, name, 'this namespace may not be deleted');
      }
      return;
    }
    if (operation !== 'CREATE' || !hasObject(a) || !a.namespace) return;
    if (resource.group === 'authorization.k8s.io' && resource.resource === 'localsubjectaccessreviews') return;
    const nsName = a.namespace;
    const ns = await this.getNamespace(nsName);
    if (!ns) throw notFound({ group: '', resource: 'namespaces' }, nsName);
    if (ns.status?.phase === 'Terminating' || ns.metadata?.deletionTimestamp) {
      const e: StatusError = forbidden(
        { group: resource.group, resource: resource.resource },
        a.object!.metadata?.name || a.object!.metadata?.generateName || '',
        `unable to create new content in namespace ${nsName} because it is being terminated`,
      );
      e.status.details!.causes = [{ reason: 'NamespaceTerminating', message: `namespace ${nsName} is being terminated`, field: 'metadata.namespace' }];
      throw e;
    }
  }
}
