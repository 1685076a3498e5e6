// What the Node authorizer asks of the objects (kube keeps a graph fed by informers; kubelite, which has no node
// agents and few pods, answers from the pods bound to the node on demand): is a secret, config map, PVC, service
// account, resource claim, PV or volume attachment reachable from a pod scheduled on the node?
import type { NodeGraph } from '../authz/node/node-authorizer.js';
import type { KObject } from '../api/object.js';
import type { ResourceRegistry } from '../registry/resource-registry.js';

/** The names a pod refers to, by resource. */
function podReferences(pod: KObject): Record<string, Set<string>> {
  const refs: Record<string, Set<string>> = { secrets: new Set(), configmaps: new Set(), persistentvolumeclaims: new Set(), serviceaccounts: new Set(), resourceclaims: new Set() };
  const spec = pod.spec ?? {};
  const podName: string = pod.metadata?.name ?? '';
  refs.serviceaccounts.add(spec.serviceAccountName || 'default');
  for (const s of spec.imagePullSecrets ?? []) if (s?.name) refs.secrets.add(s.name);
  const containers = [...(spec.initContainers ?? []), ...(spec.containers ?? []), ...(spec.ephemeralContainers ?? [])];
  for (const c of containers) {
    for (const e of c.envFrom ?? []) {
      if (e.secretRef?.name) refs.secrets.add(e.secretRef.name);
      if (e.configMapRef?.name) refs.configmaps.add(e.configMapRef.name);
    }
    for (const e of c.env ?? []) {
      if (e.valueFrom?.secretKeyRef?.name) refs.secrets.add(e.valueFrom.secretKeyRef.name);
      if (e.valueFrom?.configMapKeyRef?.name) refs.configmaps.add(e.valueFrom.configMapKeyRef.name);
    }
  }
  for (const v of spec.volumes ?? []) {
    if (v.secret?.secretName) refs.secrets.add(v.secret.secretName);
    if (v.configMap?.name) refs.configmaps.add(v.configMap.name);
    if (v.persistentVolumeClaim?.claimName) refs.persistentvolumeclaims.add(v.persistentVolumeClaim.claimName);
    if (v.ephemeral) refs.persistentvolumeclaims.add(`${podName}-${v.name}`);
    for (const src of v.projected?.sources ?? []) {
      if (src.secret?.name) refs.secrets.add(src.secret.name);
      if (src.configMap?.name) refs.configmaps.add(src.configMap.name);
    }
    for (const secretRef of [v.azureFile?.secretName, v.cephfs?.secretRef?.name, v.cinder?.secretRef?.name, v.flexVolume?.secretRef?.name, v.iscsi?.secretRef?.name, v.rbd?.secretRef?.name, v.scaleIO?.secretRef?.name, v.storageos?.secretRef?.name, v.csi?.nodePublishSecretRef?.name]) {
      if (secretRef) refs.secrets.add(secretRef);
    }
  }
  for (const c of spec.resourceClaims ?? []) if (c.resourceClaimName) refs.resourceclaims.add(c.resourceClaimName);
  for (const s of pod.status?.resourceClaimStatuses ?? []) if (s.resourceClaimName) refs.resourceclaims.add(s.resourceClaimName);
  return refs;
}

export class RegistryNodeGraph implements NodeGraph {
  constructor(private readonly registry: ResourceRegistry) {}

  private async podsOn(node: string, namespace: string): Promise<KObject[]> {
    const pods = this.registry.storeFor({ group: '', resource: 'pods' });
    if (!pods) return [];
    return (await pods.list(namespace)).items.filter((p) => p.spec?.nodeName === node);
  }

  async related(node: string, resource: string, namespace: string, name: string): Promise<boolean> {
    switch (resource) {
      case 'pods': {
        const pod = await this.registry.getObject({ group: '', resource: 'pods' }, namespace, name);
        return pod?.spec?.nodeName === node;
      }
      case 'volumeattachments': {
        const va = await this.registry.getObject({ group: 'storage.k8s.io', resource: 'volumeattachments' }, '', name);
        return va?.spec?.nodeName === node;
      }
      case 'persistentvolumes': {
        const pv = await this.registry.getObject({ group: '', resource: 'persistentvolumes' }, '', name);
        const claim = pv?.spec?.claimRef;
        return !!claim?.name && (await this.related(node, 'persistentvolumeclaims', claim.namespace ?? '', claim.name));
      }
      default:
        for (const pod of await this.podsOn(node, namespace)) if (podReferences(pod)[resource]?.has(name)) return true;
        return false;
    }
  }
}
