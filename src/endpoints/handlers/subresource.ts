// Sub-resources: status (get/update/patch), scale (autoscaling/v1 Scale), namespaces/finalize, and the connect
// sub-resources that need a kubelet (answered as kube-apiserver does when nothing can serve them).
import { operationFor } from '../operation.js';
import { badRequest, notFound, routeMethodNotAllowed, routeNotFound } from '../../errors/status.js';
import { builtinResource } from '../../registry/resources/index.js';
import { applyFinalize } from '../../registry/strategies/namespaces.js';
import type { HandlerDeps } from '../handler-deps.js';
import { capability, type ResourceScope, protobufServed } from '../resource-scope.js';
import { handleGet } from './get.js';
import { handlePatch } from './patch.js';
import { handleUpdate } from './update.js';
import { handleScale } from './scale.js';
import { handleTokenRequest } from './token-request.js';
import { handleHomeSubresource } from './home-subresource.js';
import { apiVersionOf } from '../../registry/resource-def.js';
import { decodeBody } from '../negotiation/decode-body.js';
import { readBody } from '../negotiation/read-body.js';
import { parseWriteQuery } from '../query-options.js';
import { cborServed, negotiate } from '../negotiation/negotiate.js';
import { writeRepresentation } from '../negotiation/write-representation.js';
import { forEndpoint } from '../resource-scope.js';

export async function handleSubresource(api: HandlerDeps, scope: ResourceScope): Promise<void> {
  const { def, ctx } = scope;
  const sub = def.subresources.find((s) => s.name === scope.subresource);
  if (!sub) throw routeNotFound();
  const method = ctx.method;
  if (sub.connect) return handleConnect(scope);
  const own = builtinResource(def)?.subresources?.[sub.name];
  if (own) return handleHomeSubresource(scope, own);
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
    case 'token':
      if (def.group === '' && def.resource === 'serviceaccounts') return handleTokenRequest(scope, api.authn);
      throw routeMethodNotAllowed();
    case 'finalize':
      if (method !== 'PUT') throw routeMethodNotAllowed();
      return handleFinalize(scope);
    default:
      throw routeMethodNotAllowed();
  }
}

async function handleFinalize(scope: ResourceScope): Promise<void> {
  const { ctx, def } = scope;
  const rep = negotiate(ctx, { list: false, transforms: false, protobuf: protobufServed(scope) });
  const q = parseWriteQuery(ctx.query, 'UpdateOptions');
  const body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  const desired = await decodeBody(ctx.req.headers['content-type'], body, { apiVersion: apiVersionOf(def), kind: def.kind }, cborServed(ctx));
  if (desired.metadata?.name && desired.metadata.name !== scope.name) {
    throw badRequest(`the name of the object (${desired.metadata.name}) does not match the name on the URL (${scope.name})`);
  }
  const updater = capability(scope, 'updater');
  const { obj } = await updater.update(
    '',
    scope.name,
    (current) => {
      if (!current) throw notFound(updater.gr, scope.name);
      const next = applyFinalize(desired, current);
      if (desired.metadata?.resourceVersion) next.metadata.resourceVersion = desired.metadata.resourceVersion;
      return next;
    },
    { ...operationFor(scope, q), subresource: 'finalize' },
  );
  await writeRepresentation(scope, 200, rep, { object: forEndpoint(scope, obj) });
}

/** Connect sub-resources need a node agent; kubelite has none, so they fail as on a cluster without one. */
async function handleConnect(scope: ResourceScope): Promise<void> {
  const { def } = scope;
  await capability(scope, 'getter').get(scope.namespace, scope.name); // 404 first, as kube
  throw builtinResource(def)?.connectError?.(scope.name) ?? routeMethodNotAllowed();
}
