// The system namespaces and the apiserver's `kubernetes` Service written to an empty store in one storage batch: the
// bytes the create path gives them (GenericStore.create with the server's own operation context), in the order it
// gives them revisions, with only the uid, the creationTimestamp and the cluster IP filled in per start.
//
// Only for a store that held nothing when the server started: no admission webhook or policy exists then, the built-in
// plug-ins pass these writes, and these constant objects validate (system-objects-bulk.e2e.test.ts compares this
// path's stored bytes and revision order with the create path's). The first create through the store then no longer
// falls within start-up, which otherwise paid for that path's first use (schemas, validation, admission).
import { randomUUID } from 'node:crypto';
import { nowRFC3339 } from '../api/object.js';
import type { GenericStore } from '../registry/generic-store.js';
import type { ClusterIPAllocator } from '../registry/strategies/cluster-ip-allocator.js';
import type { ControllerContext } from './controller-context.js';

const encoder = new TextEncoder();

function namespaceJSON(name: string, uid: string, creationTimestamp: string): string {
  return JSON.stringify({
    kind: 'Namespace',
    apiVersion: 'v1',
    metadata: { name, uid, creationTimestamp, labels: { 'kubernetes.io/metadata.name': name } },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  });
}

/** The Service kube's bootstrap controller creates, as the create path stores it (an IPv4 range: single-stack). */
function kubernetesServiceJSON(clusterIP: string, uid: string, creationTimestamp: string): string {
  return JSON.stringify({
    kind: 'Service',
    apiVersion: 'v1',
    metadata: { name: 'kubernetes', namespace: 'default', uid, creationTimestamp, labels: { component: 'apiserver', provider: 'kubernetes' } },
    spec: {
      ports: [{ name: 'https', protocol: 'TCP', port: 443, targetPort: 6443 }],
      clusterIP,
      clusterIPs: [clusterIP],
      type: 'ClusterIP',
      sessionAffinity: 'None',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      internalTrafficPolicy: 'Cluster',
    },
    status: { loadBalancer: {} },
  });
}

/**
 * Writes `namespaces` and the `kubernetes` Service to an empty store, every put queued in the same tick so the
 * embedded engines commit them in one transaction, in this order. False (nothing assumed written) when a store is
 * missing, holds anything, or a put fails; the caller then creates them one by one.
 */
export async function writeSystemObjects(cc: ControllerContext, namespaces: string[], alloc: ClusterIPAllocator): Promise<boolean> {
  const ns = cc.registry.storeFor({ group: '', resource: 'namespaces' });
  const svc = cc.registry.storeFor({ group: '', resource: 'services' });
  if (!ns || !svc) return false;
  for (const s of [ns, svc]) if ((await s.list('', { limit: 1 })).count > 0) return false;
  const now = nowRFC3339();
  const put = (s: GenericStore, namespace: string, name: string, json: string) => s.deps.storage.put(s.key(namespace, name), encoder.encode(json), 0);
  const clusterIP = alloc.firstIP;
  const writes = [
    ...namespaces.map((name) => put(ns, '', name, namespaceJSON(name, randomUUID(), now))),
    put(svc, 'default', 'kubernetes', kubernetesServiceJSON(clusterIP, randomUUID(), now)),
  ];
  const ok = (await Promise.all(writes)).every((r) => r.ok);
  if (ok) alloc.markUsed(clusterIP);
  return ok;
}
