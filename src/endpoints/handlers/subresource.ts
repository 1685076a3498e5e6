// Sub-resources: status (get/update/patch), scale (autoscaling/v1 Scale), those the resource's home defines
// (home-subresource.ts), and the connect sub-resources that need a kubelet (answered as kube-apiserver does when
// nothing can serve them).
import { routeMethodNotAllowed, routeNotFound } from '../../errors/status.js';
import { builtinResource } from '../../registry/resources/index.js';
import type { HandlerDeps } from '../handler-deps.js';
import { capability, type ResourceScope } from '../resource-scope.js';
import { handleGet } from './get.js';
import { handlePatch } from './patch.js';
import { handleUpdate } from './update.js';
import { handleScale } from './scale.js';
import { handleHomeSubresource } from './home-subresource.js';

export async function handleSubresource(api: HandlerDeps, scope: ResourceScope): Promise<void> {
  const { def, ctx } = scope;
  const sub = def.subresources.find((s) => s.name === scope.subresource);
  if (!sub) throw routeNotFound();
  const method = ctx.method;
  if (sub.connect) return handleConnect(scope);
  const own = builtinResource(def)?.subresources?.[sub.name];
  if (own) return handleHomeSubresource(scope, own, { authn: api.authn });
  switch (sub.name) {
    case 'status':
    case 'approval':
      if (method === 'GET') return handleGet(scope, capability(scope, 'getter'));
      if (method === 'PUT') return handleUpdate({ ...scope, subresource: 'status' }, api.writeHooks, capability(scope, 'updater'));
      if (method === 'PATCH') return handlePatch({ ...scope, subresource: 'status' }, api.writeHooks, capability(scope, 'patcher'));
      throw routeMethodNotAllowed();
    case 'ephemeralcontainers':
      // kubectl debug: the pod with spec.ephemeralContainers as the only writable field (the pod strategy's
      // subresourceUpdate); only pods have it.
      if (method === 'GET') return handleGet(scope, capability(scope, 'getter'));
      if (method === 'PUT') return handleUpdate(scope, api.writeHooks, capability(scope, 'updater'));
      if (method === 'PATCH') return handlePatch(scope, api.writeHooks, capability(scope, 'patcher'));
      throw routeMethodNotAllowed();
    case 'scale':
      return handleScale(scope);
    default:
      throw routeMethodNotAllowed();
  }
}

/** Connect sub-resources need a node agent; kubelite has none, so they fail as on a cluster without one. */
async function handleConnect(scope: ResourceScope): Promise<void> {
  const { def } = scope;
  await capability(scope, 'getter').get(scope.namespace, scope.name); // 404 first, as kube
  throw builtinResource(def)?.connectError?.(scope.name) ?? routeMethodNotAllowed();
}
