// What an object counts against a ResourceQuota (kube's quota evaluators, pkg/quota/v1/evaluator/core and the
// generic object-count evaluator): object counts (`pods`, `services`, `count/<resource>[.<group>]`, ...), pod
// compute requests and limits, claim storage per storage class, service load balancers and node ports.
import type { KubeObject } from '../api/object.js';
import { parseQuantity, type Quantity } from '../registry/validation/quantity.js';

export type Usage = Map<string, Quantity>;

const ZERO = () => parseQuantity('0')!;
const LEGACY_COUNTS: Record<string, string> = {
  pods: 'pods',
  services: 'services',
  configmaps: 'configmaps',
  secrets: 'secrets',
  persistentvolumeclaims: 'persistentvolumeclaims',
  replicationcontrollers: 'replicationcontrollers',
  resourcequotas: 'resourcequotas',
};

function add(u: Usage, name: string, q: Quantity | undefined): void {
  if (!q) return;
  const cur = u.get(name);
  u.set(name, cur ? cur.add(q) : q);
}

const one = () => parseQuantity('1')!;

/** A pod counts while it is not finished (kube's QuotaV1Pod). */
export function podCounts(pod: KubeObject): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed';
}

/** The pod's effective requests or limits (containers summed, each init container's at least, plus overhead). */
function podResources(spec: KubeObject, field: 'requests' | 'limits'): Usage {
  const u: Usage = new Map();
  for (const c of Array.isArray(spec.containers) ? spec.containers : []) {
    for (const [k, v] of Object.entries((c?.resources?.[field] ?? {}) as Record<string, string>)) add(u, k, parseQuantity(String(v)));
  }
  for (const c of Array.isArray(spec.initContainers) ? spec.initContainers : []) {
    for (const [k, v] of Object.entries((c?.resources?.[field] ?? {}) as Record<string, string>)) {
      const x = parseQuantity(String(v));
      const cur = u.get(k);
      if (x && (!cur || x.cmp(cur) > 0)) u.set(k, x);
    }
  }
  for (const [k, v] of Object.entries((spec.overhead ?? {}) as Record<string, string>)) add(u, k, parseQuantity(String(v)));
  return u;
}

/** The usage one object of `group/resource` adds. */
export function usageOf(group: string, resource: string, obj: KubeObject): Usage {
  const u: Usage = new Map();
  if (group === '' && resource === 'pods' && !podCounts(obj)) return u;
  u.set(group ? `count/${resource}.${group}` : `count/${resource}`, one());
  if (group === '' && LEGACY_COUNTS[resource]) u.set(LEGACY_COUNTS[resource]!, one());
  if (group === '' && resource === 'pods') {
    const spec = obj.spec ?? {};
    for (const [k, v] of podResources(spec, 'requests')) {
      add(u, `requests.${k}`, v);
      if (k === 'cpu' || k === 'memory' || k === 'ephemeral-storage') add(u, k, v);
    }
    for (const [k, v] of podResources(spec, 'limits')) add(u, `limits.${k}`, v);
  }
  if (group === '' && resource === 'services') {
    const type = obj.spec?.type ?? 'ClusterIP';
    if (type === 'LoadBalancer') u.set('services.loadbalancers', one());
    if (type === 'LoadBalancer' || type === 'NodePort') {
      const ports = (Array.isArray(obj.spec?.ports) ? obj.spec.ports : []).length;
      if (ports) u.set('services.nodeports', parseQuantity(String(ports))!);
    }
  }
  if (group === '' && resource === 'persistentvolumeclaims') {
    const storage = parseQuantity(String(obj.spec?.resources?.requests?.storage ?? '0')) ?? ZERO();
    add(u, 'requests.storage', storage);
    const cls: string | undefined = obj.spec?.storageClassName ?? obj.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'];
    if (cls) {
      add(u, `${cls}.storageclass.storage.k8s.io/requests.storage`, storage);
      add(u, `${cls}.storageclass.storage.k8s.io/persistentvolumeclaims`, one());
    }
  }
  return u;
}

/** The resources of `usage` a quota tracks (its hard names), zero where the object adds nothing. */
export function masked(usage: Usage, names: readonly string[]): Usage {
  const out: Usage = new Map();
  for (const n of names) out.set(n, usage.get(n) ?? ZERO());
  return out;
}

/** A resource list as kube's prettyPrint writes it: sorted `name=value` joined by commas. */
export function prettyPrint(list: Record<string, string>): string {
  return Object.keys(list)
    .sort()
    .map((k) => `${k}=${list[k]}`)
    .join(',');
}

/** Whether a quota with these scopes applies to the object (pods only are scoped; other objects match unscoped quotas). */
export function scopesMatch(quota: KubeObject, group: string, resource: string, obj: KubeObject): boolean {
  const scopes: string[] = Array.isArray(quota.spec?.scopes) ? quota.spec.scopes : [];
  if (!scopes.length && !quota.spec?.scopeSelector) return true;
  if (group !== '' || resource !== 'pods') return false;
  const spec = obj.spec ?? {};
  const terminating = spec.activeDeadlineSeconds !== undefined && spec.activeDeadlineSeconds !== null;
  const bestEffort = [...(spec.containers ?? []), ...(spec.initContainers ?? [])].every(
    (c: KubeObject) => !Object.keys(c?.resources?.requests ?? {}).length && !Object.keys(c?.resources?.limits ?? {}).length,
  );
  const match = (scope: string, operator = 'Exists', values: string[] = []): boolean => {
    switch (scope) {
      case 'Terminating':
        return terminating;
      case 'NotTerminating':
        return !terminating;
      case 'BestEffort':
        return bestEffort;
      case 'NotBestEffort':
        return !bestEffort;
      case 'PriorityClass': {
        const pc = spec.priorityClassName ?? '';
        if (operator === 'Exists') return pc !== '';
        if (operator === 'DoesNotExist') return pc === '';
        if (operator === 'In') return values.includes(pc);
        if (operator === 'NotIn') return !values.includes(pc);
        return false;
      }
      default:
        return false;
    }
  };
  const expressions: KubeObject[] = Array.isArray(quota.spec?.scopeSelector?.matchExpressions) ? quota.spec.scopeSelector.matchExpressions : [];
  return scopes.every((s) => match(s)) && expressions.every((e) => match(e.scopeName, e.operator, e.values ?? []));
}
