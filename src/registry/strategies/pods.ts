// Pod strategy: a new pod is Pending with its QoS class computed from its containers' resources (kube's
// PrepareForCreate). Without a kubelet nothing moves it further.
import { deepClone, type KObject } from '../../api/object.js';
import type { Strategy } from '../strategy.js';

const QOS_RESOURCES = ['cpu', 'memory'];

/** kube's QoS classes: BestEffort (no requests or limits), Guaranteed (limits = requests for cpu and memory), else Burstable. */
export function qosClass(pod: KObject): 'BestEffort' | 'Burstable' | 'Guaranteed' {
  const containers: KObject[] = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])];
  let any = false;
  let guaranteed = true;
  for (const c of containers) {
    const req: Record<string, string> = { ...(c.resources?.limits ?? {}), ...(c.resources?.requests ?? {}) };
    const lim: Record<string, string> = c.resources?.limits ?? {};
    for (const r of QOS_RESOURCES) {
      if (req[r] !== undefined || lim[r] !== undefined) any = true;
      if (lim[r] === undefined || (c.resources?.requests?.[r] !== undefined && c.resources.requests[r] !== lim[r])) guaranteed = false;
    }
  }
  if (!any) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

export function podStrategy(base: Strategy): Strategy {
  return {
    ...base,
    prepareForCreate(obj, ctx) {
      base.prepareForCreate(obj, ctx);
      obj.status = { phase: 'Pending', qosClass: qosClass(obj) };
    },
    subresourceUpdate(subresource, desired, current) {
      if (subresource !== 'ephemeralcontainers') return base.subresourceUpdate?.(subresource, desired, current);
      // Only spec.ephemeralContainers (and managedFields) come from the request (kube's podEphemeralContainersStrategy).
      const obj = deepClone(current);
      obj.spec = { ...(obj.spec ?? {}), ephemeralContainers: desired.spec?.ephemeralContainers };
      if (obj.spec.ephemeralContainers === undefined) delete obj.spec.ephemeralContainers;
      const dmf = desired.metadata?.managedFields;
      if (dmf !== undefined) (obj.metadata ??= {}).managedFields = dmf;
      return obj;
    },
  };
}
