// Sub-resources whose behaviour lives in the resource's home (registry/resources/…: SubresourceRest, e.g. pods' log,
// binding and eviction): this reads and decodes the body, builds the operation context and writes the answer.
import { operationFor } from '../operation.js';
import { routeMethodNotAllowed } from '../../errors/status.js';
import type { KObject } from '../../api/object.js';
import type { SubresourceRest } from '../../registry/resources/builtin-resource.js';
import { decodeBody } from '../negotiation/decode-body.js';
import { readBody } from '../negotiation/read-body.js';
import { writeEncoded } from '../negotiation/write-object.js';
import { parseWriteQuery } from '../query-options.js';
import type { ResourceScope } from '../resource-scope.js';
import { writeBody } from '../../http/respond.js';

// kube returns a Status with no code for these creates; the response status is 201.
const created = (): KObject => ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success' });

export async function handleHomeSubresource(scope: ResourceScope, own: SubresourceRest): Promise<void> {
  const { ctx } = scope;
  const target = { rest: scope.rest, namespace: scope.namespace, name: scope.name };
  if (own.get) {
    if (ctx.method !== 'GET') throw routeMethodNotAllowed();
    return writeBody(ctx, 200, 'text/plain', await own.get(target, ctx.query));
  }
  if (!own.create || ctx.method !== 'POST') throw routeMethodNotAllowed();
  const q = parseWriteQuery(ctx.query, 'CreateOptions');
  const body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  const obj = await decodeBody(ctx.req.headers['content-type'], body, own.create.body);
  await own.create.create(target, obj, q, (o) => operationFor(scope, o));
  await writeEncoded(ctx, 201, created(), 'json');
}
