// Creates the system namespaces at start-up (kube's system namespaces controller and bootstrap controller):
// default, kube-system, kube-public, kube-node-lease. Also re-learns allocated service IPs.
import type { ControllerContext } from './controller-context.js';
import { StatusError } from '../errors/status.js';
import { clusterIPAllocator } from '../registry/strategies/cluster-ips.js';
import { writeSystemObjects } from './system-objects-bulk.js';

export const SYSTEM_NAMESPACES = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];

/** `emptyStore`: the storage held nothing when this server started; the objects are then written in one batch. */
export async function bootstrapNamespaces(cc: ControllerContext, opts: { emptyStore?: boolean } = {}): Promise<void> {
  if (opts.emptyStore && (await writeSystemObjects(cc, SYSTEM_NAMESPACES, clusterIPAllocator(cc.options)))) return;
  const store = cc.registry.storeFor({ group: '', resource: 'namespaces' });
  if (!store) return;
  // Independent creates, written concurrently: the store commits them together.
  await Promise.all(
    SYSTEM_NAMESPACES.map(async (name) => {
      if (await store.getKV('', name)) return;
      try {
        await store.create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, { dryRun: false, warnings: [] });
      } catch (e) {
        if (!(e instanceof StatusError && e.reason === 'AlreadyExists')) throw e;
      }
    }),
  );
  const services = cc.registry.storeFor({ group: '', resource: 'services' });
  if (services) {
    const alloc = clusterIPAllocator(cc.options);
    for (const svc of (await services.list('')).items) if (svc.spec?.clusterIP && svc.spec.clusterIP !== 'None') alloc.markUsed(svc.spec.clusterIP);
    // The apiserver's own Service, as kube's bootstrap controller creates it.
    if (!(await services.getKV('default', 'kubernetes'))) {
      try {
        await services.create(
          'default',
          {
            apiVersion: 'v1',
            kind: 'Service',
            metadata: { name: 'kubernetes', namespace: 'default', labels: { component: 'apiserver', provider: 'kubernetes' } },
            spec: { clusterIP: alloc.firstIP, ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }], type: 'ClusterIP', sessionAffinity: 'None' },
          },
          { dryRun: false, warnings: [] },
        );
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
      }
    }
  }
}
