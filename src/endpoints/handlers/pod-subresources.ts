// Pod sub-resources that make sense without a kubelet: log (an unscheduled pod has no log to stream), binding
// (what a scheduler posts: sets spec.nodeName once) and eviction (what kubectl drain posts: deletes the pod).
import { operationFor } from '../operation.js';
import { badRequest, conflict, routeMethodNotAllowed } from '../../errors/status.js';
import { deleteObject } from '../../registry/delete.js';
import type { KObject } from '../../api/object.js';
import { decodeBody } from '../negotiation/decode-body.js';
import { readBody } from '../negotiation/read-body.js';
import { writeEncoded } from '../negotiation/write-object.js';
import { parseWriteQuery } from '../query-options.js';
import { capability, type ResourceScope } from '../resource-scope.js';
import { writeBody } from '../../http/respond.js';

// kube returns a Status with no code for these creates; the response status is 201.
const created = (): KObject => ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success' });

function containerNames(pod: KObject): string[] {
  return [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? []), ...(pod.spec?.ephemeralContainers ?? [])].map((c: KObject) => c.name);
}

/** GET pods/{name}/log: kube's container checks; a pod no node runs has an empty log. */
export async function handlePodLog(scope: ResourceScope): Promise<void> {
  if (scope.ctx.method !== 'GET') throw routeMethodNotAllowed();
  const pod = await capability(scope, 'getter').get(scope.namespace, scope.name);
  const container = scope.ctx.query.get('container') ?? '';
  const names = containerNames(pod);
  if (!container) {
    const regular: string[] = (pod.spec?.containers ?? []).map((c: KObject) => c.name);
    if (regular.length > 1 && !pod.metadata?.annotations?.['kubectl.kubernetes.io/default-container']) {
      throw badRequest(`a container name must be specified for pod ${scope.name}, choose one of: [${regular.join(' ')}]`);
    }
  } else if (!names.includes(container)) {
    throw badRequest(`container ${container} is not valid for pod ${scope.name}`);
  }
  writeBody(scope.ctx, 200, 'text/plain', '');
}

async function decodeSubresourceBody(scope: ResourceScope, apiVersion: string, kind: string): Promise<KObject> {
  const body = await readBody(scope.ctx, scope.options.maxRequestBodyBytes);
  return decodeBody(scope.ctx.req.headers['content-type'], body, { apiVersion, kind });
}

/** POST pods/{name}/binding: assigns the pod to a node, once. */
export async function handlePodBinding(scope: ResourceScope): Promise<void> {
  if (scope.ctx.method !== 'POST') throw routeMethodNotAllowed();
  const q = parseWriteQuery(scope.ctx.query, 'CreateOptions');
  const binding = await decodeSubresourceBody(scope, 'v1', 'Binding');
  const node: string = binding.target?.name ?? '';
  if (binding.target?.kind && binding.target.kind !== 'Node') throw badRequest(`a binding target must be a Node, not ${binding.target.kind}`);
  const updater = capability(scope, 'updater');
  await updater.update(
    scope.namespace,
    scope.name,
    (current) => {
      if (!current) throw conflict(updater.gr, scope.name, 'pod not found');
      if (current.metadata?.deletionTimestamp) throw conflict(updater.gr, scope.name, `pod ${scope.name} is being deleted, cannot be assigned to a host`);
      if (current.spec?.nodeName) throw conflict(updater.gr, scope.name, `pod ${scope.name} is already assigned to node "${current.spec.nodeName}"`);
      const next = structuredClone(current);
      next.spec = { ...(next.spec ?? {}), nodeName: node };
      return next;
    },
    { ...operationFor(scope, q), subresource: '' },
  );
  await writeEncoded(scope.ctx, 201, created(), 'json');
}

/** POST pods/{name}/eviction: deletes the pod (PodDisruptionBudgets are not consulted). */
export async function handlePodEviction(scope: ResourceScope): Promise<void> {
  if (scope.ctx.method !== 'POST') throw routeMethodNotAllowed();
  const q = parseWriteQuery(scope.ctx.query, 'CreateOptions');
  const eviction = await decodeSubresourceBody(scope, 'policy/v1', 'Eviction');
  const opts: KObject = eviction.deleteOptions ?? {};
  const dryRun = q.dryRun || (Array.isArray(opts.dryRun) && opts.dryRun.length > 0);
  await deleteObject(capability(scope, 'deleter').store, scope.namespace, scope.name, {
    ...operationFor(scope, { dryRun }),
    dryRun,
    gracePeriodSeconds: opts.gracePeriodSeconds,
    propagationPolicy: opts.propagationPolicy,
    preconditions: opts.preconditions,
  });
  await writeEncoded(scope.ctx, 201, created(), 'json');
}
