// The pod sub-resources that make sense without a kubelet (kube's LogREST, BindingREST, EvictionREST): log (an
// unscheduled pod has no log to stream), binding (what a scheduler posts: sets spec.nodeName once) and eviction (what
// kubectl drain posts: deletes the pod).
import { badRequest, conflict, routeMethodNotAllowed } from '../../../errors/status.js';
import type { KObject } from '../../../api/object.js';
import { deleteObject } from '../../delete.js';
import type { SubresourceRest } from '../builtin-resource.js';

/** A capability of the pod resource (pods have them all; the check keeps a resource without one out). */
function need<T>(c: T | undefined): T {
  if (!c) throw routeMethodNotAllowed();
  return c;
}

function containerNames(pod: KObject): string[] {
  return [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? []), ...(pod.spec?.ephemeralContainers ?? [])].map((c: KObject) => c.name);
}

/** GET pods/{name}/log: kube's container checks; a pod no node runs has an empty log. */
const log: SubresourceRest = {
  async get({ rest, namespace, name }, query) {
    const pod = await need(rest.getter).get(namespace, name);
    const container = query.get('container') ?? '';
    const names = containerNames(pod);
    if (!container) {
      const regular: string[] = (pod.spec?.containers ?? []).map((c: KObject) => c.name);
      if (regular.length > 1 && !pod.metadata?.annotations?.['kubectl.kubernetes.io/default-container']) {
        throw badRequest(`a container name must be specified for pod ${name}, choose one of: [${regular.join(' ')}]`);
      }
    } else if (!names.includes(container)) {
      throw badRequest(`container ${container} is not valid for pod ${name}`);
    }
    return '';
  },
};

/** POST pods/{name}/binding: assigns the pod to a node, once. */
const binding: SubresourceRest = {
  create: {
    body: { apiVersion: 'v1', kind: 'Binding' },
    async create({ rest, namespace, name }, binding, q, op) {
      const node: string = binding.target?.name ?? '';
      if (binding.target?.kind && binding.target.kind !== 'Node') throw badRequest(`a binding target must be a Node, not ${binding.target.kind}`);
      const updater = need(rest.updater);
      await updater.update(
        namespace,
        name,
        (current) => {
          if (!current) throw conflict(updater.gr, name, 'pod not found');
          if (current.metadata?.deletionTimestamp) throw conflict(updater.gr, name, `pod ${name} is being deleted, cannot be assigned to a host`);
          if (current.spec?.nodeName) throw conflict(updater.gr, name, `pod ${name} is already assigned to node "${current.spec.nodeName}"`);
          const next = structuredClone(current);
          next.spec = { ...(next.spec ?? {}), nodeName: node };
          return next;
        },
        { ...op(q), subresource: '' },
      );
    },
  },
};

/** POST pods/{name}/eviction: deletes the pod (PodDisruptionBudgets are not consulted). */
const eviction: SubresourceRest = {
  create: {
    body: { apiVersion: 'policy/v1', kind: 'Eviction' },
    async create({ rest, namespace, name }, eviction, q, op) {
      const opts: KObject = eviction.deleteOptions ?? {};
      const dryRun = q.dryRun || (Array.isArray(opts.dryRun) && opts.dryRun.length > 0);
      await deleteObject(need(rest.deleter).store, namespace, name, {
        ...op({ dryRun }),
        dryRun,
        gracePeriodSeconds: opts.gracePeriodSeconds,
        propagationPolicy: opts.propagationPolicy,
        preconditions: opts.preconditions,
      });
    },
  },
};

export const podSubresources: Record<string, SubresourceRest> = { log, binding, eviction };
