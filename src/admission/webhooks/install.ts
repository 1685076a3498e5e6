// The webhook admission plug-ins over the server's registry: configurations from the shared informers, namespace
// labels from the namespace cache, equivalent resources and version conversion from the served resources, and
// service references resolved as kube's cluster-IP service resolver does (without a cluster network).
import type { KObject, KubeObject } from '../../api/object.js';
import type { AdmissionAttributes } from '../../registry/admission.js';
import type { ResourceRegistry } from '../../registry/resource-registry.js';
import type { AdmissionPlugin } from '../chain.js';
import type { Invocation } from './admission-review.js';
import { WebhookConfigSource, type FollowChanges } from './config-source.js';
import type { ServiceResolution, ServiceResolver } from './webhook-client.js';
import { MutatingWebhooks, ValidatingWebhooks, type WebhookDeps } from './webhook-dispatch.js';
import type { GVR } from './webhook-matching.js';

const NAMESPACES = { group: '', resource: 'namespaces' };
const SERVICES = { group: '', resource: 'services' };

export function webhookDeps(registry: ResourceRegistry, scale: ScaleView): WebhookDeps {
  const served = (r: GVR) => registry.lookup(r);
  /** An object of one served version as another served version of the same storage writes it. */
  const convert = (obj: KObject, from: GVR, to: GVR): KObject => {
    const src = served(from);
    const dst = served(to);
    if (!src || !dst) return obj;
    const stored = src.store.converter ? src.store.converter.toStored(structuredClone(obj)) : structuredClone(obj);
    const out = dst.store.converter ? dst.store.converter.fromStored(stored) : stored;
    return { ...out, apiVersion: dst.def.group ? `${dst.def.group}/${dst.def.version}` : dst.def.version, kind: dst.def.kind };
  };
  const same = (a: AdmissionAttributes, inv: Invocation) => inv.kind.group === a.kind.group && inv.kind.version === a.kind.version && inv.kind.kind === a.kind.kind;
  return {
    async namespaceLabels(name) {
      const ns = await registry.getObjectCachedFirst(NAMESPACES, '', name);
      return ns ? (ns.metadata?.labels ?? {}) : undefined;
    },
    equivalents(resource, subresource) {
      const mine = served(resource);
      if (!mine) return [];
      // Only whole objects convert between versions; other sub-resources have kinds of their own.
      if (subresource && subresource !== 'status') return [];
      return registry
        .all()
        .filter((d) => registry.lookup(d)?.store.prefix === mine.store.prefix && (!subresource || d.subresources.some((s) => s.name === subresource)))
        .map((d) => ({ resource: { group: d.group, version: d.version, resource: d.resource }, kind: { group: d.group, version: d.version, kind: d.kind } }));
    },
    versioned(a, inv) {
      if (same(a, inv)) return { object: a.object, oldObject: a.oldObject };
      return {
        object: a.object ? convert(a.object, a.resource, inv.resource) : undefined,
        oldObject: a.oldObject ? convert(a.oldObject, a.resource, inv.resource) : undefined,
      };
    },
    redefault(inv, object) {
      // Sub-resources with kinds of their own (Scale) are not the stored kind.
      if (inv.subresource && inv.subresource !== 'status') return;
      served(inv.resource)?.store.strategy.roundTrip?.(object);
    },
    unversion(a, inv, object) {
      return same(a, inv) ? object : convert(object, inv.resource, a.resource);
    },
    subresourceView(a) {
      if (a.subresource !== 'scale') return { attrs: a };
      const def = served(a.resource)?.def;
      const sub = def?.subresources.find((x) => x.name === 'scale');
      if (!sub) return { attrs: a };
      // kube admits the Scale itself (autoscaling/v1), not the object behind it.
      const attrs: AdmissionAttributes = {
        ...a,
        kind: { group: sub.group, version: sub.version, kind: sub.kind },
        object: a.object ? (scale.toScale(a.object) as KubeObject) : undefined,
        oldObject: a.oldObject ? (scale.toScale(a.oldObject) as KubeObject) : undefined,
      };
      return {
        attrs,
        writeBack: (changed) => {
          if (a.object) scale.setSpecReplicas(a.object, changed.spec?.replicas ?? 0);
        },
      };
    },
    resolveService: serviceResolver(registry),
  };
}

/** kube's cluster-IP service resolver over the served Services (shared with CRD conversion webhooks). */
export function serviceResolver(registry: ResourceRegistry): ServiceResolver {
  return async (namespace, name, port): Promise<ServiceResolution> => {
      const svc = await registry.getObject(SERVICES, namespace, name);
      if (!svc) return { error: `service ${JSON.stringify(name)} not found` };
      const spec: KObject = svc.spec ?? {};
      const type = spec.type ?? 'ClusterIP';
      if (type === 'ClusterIP' && spec.clusterIP === 'None') return { error: 'cannot route to service with ClusterIP "None"' };
      if (type === 'ClusterIP' || type === 'NodePort' || type === 'LoadBalancer') {
        const p = (Array.isArray(spec.ports) ? spec.ports : []).find((x: KObject) => x.port === port);
        if (!p) return { error: `no service port ${port} found for service ${JSON.stringify(name)}` };
        // The cluster IP is only reachable inside a cluster network, which kubelite does not have.
        return { host: String(spec.clusterIP ?? ''), port, unreachable: true };
      }
      if (type === 'ExternalName') return { host: String(spec.externalName ?? ''), port };
      return { error: `unsupported service type ${JSON.stringify(type)}` };
  };
}

export interface WebhookAdmission {
  mutating: AdmissionPlugin;
  validating: AdmissionPlugin;
  stop(): void;
}

/** The Scale view of an object (the scale sub-resource's), given by the endpoints layer. */
export interface ScaleView {
  toScale(obj: KObject): KObject;
  setSpecReplicas(obj: KObject, replicas: number): void;
}

export function webhookAdmission(registry: ResourceRegistry, follow: FollowChanges, scale: ScaleView): WebhookAdmission {
  const deps = webhookDeps(registry, scale);
  const mutatingSource = new WebhookConfigSource(registry, follow, 'mutating');
  const validatingSource = new WebhookConfigSource(registry, follow, 'validating');
  return {
    mutating: new MutatingWebhooks(mutatingSource, deps),
    validating: new ValidatingWebhooks(validatingSource, deps),
    stop: () => {
      mutatingSource.stop();
      validatingSource.stop();
    },
  };
}
