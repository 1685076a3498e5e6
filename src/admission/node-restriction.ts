// The NodeRestriction admission plug-in (auth.md §8.1), for what exists without a node agent: a node identity
// (system:node:<name> in system:nodes) may only write its own Node (and not set restricted labels), create and
// delete mirror pods bound to itself that reference no other objects, and update the status of pods bound to it.
// kubeadm enables it next to the Node authorizer; kubelite runs it by default (docs/deviations.md).
import { nodeIdentity } from '../authz/node/node-authorizer.js';
import { forbidden } from '../errors/status.js';
import type { AdmissionAttributes, AdmissionOperation } from '../registry/admission.js';
import type { KObject } from '../api/object.js';
import type { AdmissionPlugin } from './chain.js';

const MIRROR = 'kubernetes.io/config.mirror';

/** Labels a kubelet may set on its Node (kubelet's well-known labels and prefixes). */
const KUBELET_LABELS = new Set([
  'kubernetes.io/hostname', 'kubernetes.io/arch', 'kubernetes.io/os', 'beta.kubernetes.io/arch', 'beta.kubernetes.io/os', 'beta.kubernetes.io/instance-type',
  'failure-domain.beta.kubernetes.io/region', 'failure-domain.beta.kubernetes.io/zone', 'topology.kubernetes.io/region', 'topology.kubernetes.io/zone', 'node.kubernetes.io/instance-type',
]);
const KUBELET_LABEL_NAMESPACES = ['kubelet.kubernetes.io', 'node.kubernetes.io'];

const labelNamespace = (label: string) => (label.includes('/') ? label.slice(0, label.indexOf('/')) : '');
const under = (ns: string, domain: string) => ns === domain || ns.endsWith(`.${domain}`);

function forbiddenLabels(labels: Set<string>): string[] {
  const out: string[] = [];
  for (const label of labels) {
    const ns = labelNamespace(label);
    if (under(ns, 'node-restriction.kubernetes.io')) out.push(label);
    else if ((under(ns, 'kubernetes.io') || under(ns, 'k8s.io')) && !KUBELET_LABELS.has(label) && !KUBELET_LABEL_NAMESPACES.some((k) => under(ns, k))) out.push(label);
  }
  return out.sort();
}

function modifiedLabels(now: Record<string, string> = {}, before: Record<string, string> = {}): Set<string> {
  const out = new Set<string>();
  for (const k of new Set([...Object.keys(now), ...Object.keys(before)])) if (now[k] !== before[k]) out.add(k);
  return out;
}

/** The names of other objects a pod refers to, by kind. */
function podReferences(pod: KObject): { secrets: boolean; configmaps: boolean; pvcs: boolean; claims: boolean } {
  const spec = pod.spec ?? {};
  const containers = [...(spec.initContainers ?? []), ...(spec.containers ?? []), ...(spec.ephemeralContainers ?? [])];
  const env = containers.flatMap((c: KObject) => [...(c.env ?? []).map((e: KObject) => e.valueFrom ?? {}), ...(c.envFrom ?? [])]);
  const volumes: KObject[] = spec.volumes ?? [];
  const projected = volumes.flatMap((v) => v.projected?.sources ?? []);
  return {
    secrets: (spec.imagePullSecrets ?? []).length > 0 || env.some((e: KObject) => e.secretKeyRef || e.secretRef) || volumes.some((v) => v.secret) || projected.some((p: KObject) => p.secret),
    configmaps: env.some((e: KObject) => e.configMapKeyRef || e.configMapRef) || volumes.some((v) => v.configMap) || projected.some((p: KObject) => p.configMap),
    pvcs: volumes.some((v) => v.persistentVolumeClaim),
    claims: (spec.resourceClaims ?? []).length > 0,
  };
}

export class NodeRestriction implements AdmissionPlugin {
  readonly name = 'NodeRestriction';
  readonly operations = new Set<AdmissionOperation>(['CREATE', 'UPDATE', 'DELETE']);

  constructor(private readonly getPod: (namespace: string, name: string) => Promise<KObject | undefined>) {}

  async validate(a: AdmissionAttributes): Promise<void> {
    if (!a.user) return;
    const node = nodeIdentity(a.user);
    if (node === undefined) return;
    const gr = { group: a.resource.group, resource: a.resource.resource };
    const deny = (msg: string): never => {
      throw forbidden(gr, a.object?.metadata?.name || a.name, msg);
    };
    if (node === '') deny(`could not determine node from user "${a.user.name}"`);
    if (gr.group !== '') return;
    if (gr.resource === 'nodes') {
      if (a.operation === 'DELETE') return;
      if (a.name !== node && (a.object?.metadata?.name ?? a.name) !== node) deny(`node "${node}" is not allowed to modify node "${a.name || a.object?.metadata?.name}"`);
      if (a.subresource) return;
      const labels = forbiddenLabels(modifiedLabels(a.object?.metadata?.labels, a.operation === 'UPDATE' ? a.oldObject?.metadata?.labels : {}));
      if (labels.length) deny(`node "${node}" is not allowed to ${a.operation === 'CREATE' ? 'set' : 'modify'} the following labels: ${labels.join(', ')}`);
      if (a.operation === 'UPDATE' && JSON.stringify(a.object?.spec?.taints ?? []) !== JSON.stringify(a.oldObject?.spec?.taints ?? [])) deny(`node "${node}" is not allowed to modify taints`);
      return;
    }
    if (gr.resource !== 'pods') return;
    if (a.subresource === 'status') {
      if (a.operation === 'UPDATE' && a.oldObject?.spec?.nodeName !== node) deny(`node "${node}" can only update pod status for pods with spec.nodeName set to itself`);
      return;
    }
    if (a.subresource === 'eviction') {
      const pod = await this.getPod(a.namespace, a.name);
      if (pod && pod.spec?.nodeName !== node) deny(`node "${node}" can only evict pods with spec.nodeName set to itself`);
      return;
    }
    if (a.subresource) return;
    if (a.operation === 'CREATE') {
      const pod = a.object ?? {};
      if (!(MIRROR in (pod.metadata?.annotations ?? {}))) deny(`pod does not have "${MIRROR}" annotation, node "${node}" can only create mirror pods`);
      if (pod.spec?.nodeName !== node) deny(`node "${node}" can only create pods with spec.nodeName set to itself`);
      if (pod.spec?.serviceAccountName) deny(`node "${node}" can not create pods that reference a service account`);
      const refs = podReferences(pod);
      if (refs.secrets) deny(`node "${node}" can not create pods that reference secrets`);
      if (refs.configmaps) deny(`node "${node}" can not create pods that reference configmaps`);
      if (refs.pvcs) deny(`node "${node}" can not create pods that reference persistentvolumeclaims`);
      if (refs.claims) deny(`node "${node}" can not create pods that reference resourceclaims`);
      return;
    }
    if (a.operation === 'DELETE') {
      const pod = a.oldObject ?? (await this.getPod(a.namespace, a.name));
      if (pod && pod.spec?.nodeName !== node) deny(`node "${node}" can only delete pods with spec.nodeName set to itself`);
      return;
    }
    deny(`unexpected operation "${a.operation}", node "${node}" can only create and delete mirror pods`);
  }
}
