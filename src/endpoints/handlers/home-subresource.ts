// Sub-resources whose behaviour lives in the resource's home (registry/resources/…: SubresourceRest, e.g. pods' log,
// binding and eviction, namespaces' finalize, serviceaccounts' token): this reads and decodes the body (in any format
// the endpoint serves), builds the operation context and writes the answer.
import { operationFor } from '../operation.js';
import { meta, nameOf, type KObject } from '../../api/object.js';
import type { SubresourceRest, SubresourceServices } from '../../registry/resources/builtin-resource.js';
import { decodeBody } from '../negotiation/decode-body.js';
import { readBody } from '../negotiation/read-body.js';
import { writeEncoded } from '../negotiation/write-object.js';
import { parseWriteQuery } from '../query-options.js';
import type { ResourceScope } from '../resource-scope.js';
import { routeMethodNotAllowed } from '../../errors/status.js';
import { writeBody } from '../../http/respond.js';
import { badRequest, notFound } from '../../errors/status.js';
import { apiVersionOf } from '../../registry/resource-def.js';
import { cborServed, negotiate } from '../negotiation/negotiate.js';
import { writeRepresentation } from '../negotiation/write-representation.js';
import { capability, forEndpoint, protobufServed } from '../resource-scope.js';

// kube returns a Status with no code for these creates; the response status is 201.
const created = (): KObject => ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success' });

export async function handleHomeSubresource(scope: ResourceScope, own: SubresourceRest, services: SubresourceServices): Promise<void> {
  const { ctx } = scope;
  const target = { rest: scope.rest, namespace: scope.namespace, name: scope.name };
  if (own.update) {
    if (ctx.method !== 'PUT') throw routeMethodNotAllowed();
    return handleOwnUpdate(scope, own.update);
  }
  if (own.get) {
    if (ctx.method !== 'GET') throw routeMethodNotAllowed();
    return writeBody(ctx, 200, 'text/plain', await own.get(target, ctx.query));
  }
  const create = own.create;
  if (!create || ctx.method !== 'POST' || (create.available && !create.available(services))) throw routeMethodNotAllowed();
  const rep = create.returnsObject ? negotiate(ctx, { list: false, transforms: false, protobuf: false }) : undefined;
  const q = parseWriteQuery(ctx.query, 'CreateOptions');
  const body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  const obj = await decodeBody(ctx.req.headers['content-type'], body, create.body, cborServed(ctx));
  const answer = await create.create(target, obj, q, (o) => operationFor(scope, o), services);
  if (!rep) return writeEncoded(ctx, 201, created(), 'json');
  await writeEncoded(ctx, 201, answer ?? created(), rep.as === 'object' ? rep.format : 'json');
}

/** PUT of the resource's own kind to a sub-resource whose home says what it changes (namespaces/finalize). */
async function handleOwnUpdate(scope: ResourceScope, update: NonNullable<SubresourceRest['update']>): Promise<void> {
  const { ctx, def } = scope;
  const rep = negotiate(ctx, { list: false, transforms: false, protobuf: protobufServed(scope) });
  const q = parseWriteQuery(ctx.query, 'UpdateOptions');
  const body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  const desired = await decodeBody(ctx.req.headers['content-type'], body, { apiVersion: apiVersionOf(def), kind: def.kind }, cborServed(ctx));
  const name = nameOf(desired);
  if (name && name !== scope.name) {
    throw badRequest(`the name of the object (${name}) does not match the name on the URL (${scope.name})`);
  }
  const rv = desired.metadata?.resourceVersion;
  const updater = capability(scope, 'updater');
  const { obj } = await updater.update(
    scope.namespace,
    scope.name,
    (current) => {
      if (!current) throw notFound(updater.gr, scope.name);
      const next = update(desired, current);
      if (rv) meta(next).resourceVersion = rv;
      return next;
    },
    operationFor(scope, q, { subresource: scope.subresource }),
  );
  await writeRepresentation(scope, 200, rep, { object: forEndpoint(scope, obj) });
}
