// Create-only virtual resources: the access reviews, TokenReview and SelfSubjectReview (auth.md §9). Nothing is
// stored; the answer is 201 with what the resource's home (its `review`) computes from the request.
import { operationFor } from '../operation.js';
import { routeMethodNotAllowed } from '../../errors/status.js';
import type { ResourceInfo } from '../../api/resource-info.js';
import type { KObject } from '../../api/object.js';
import { apiVersionOf } from '../../registry/resource-def.js';
import { builtinResource } from '../../registry/resources/index.js';
import { decodeBody } from '../negotiation/decode-body.js';
import { cborServed, negotiate } from '../negotiation/negotiate.js';
import { readBody } from '../negotiation/read-body.js';
import { writeEncoded } from '../negotiation/write-object.js';
import { parseWriteQuery } from '../query-options.js';
import { type ResourceScope, protobufServed } from '../resource-scope.js';
import type { HandlerDeps } from '../handler-deps.js';

/** A resource whose home answers reviews, or one the catalog gives only `create` and no list. */
export function isVirtualResource(def: ResourceInfo): boolean {
  return builtinResource(def)?.review !== undefined || (def.verbs.length === 1 && def.verbs[0] === 'create' && !def.listKind);
}

export async function handleVirtualCreate(api: HandlerDeps, scope: ResourceScope): Promise<void> {
  const { ctx, def } = scope;
  const rep = negotiate(ctx, { list: false, transforms: false, protobuf: protobufServed(scope) });
  const format = rep.as === 'object' ? rep.format : 'json';
  const q = parseWriteQuery(ctx.query, 'CreateOptions');
  const body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  const obj = await decodeBody(ctx.req.headers['content-type'], body, { apiVersion: apiVersionOf(def), kind: def.kind }, cborServed(ctx));
  const admitted = scope.store.admissionAttributes('CREATE', scope.namespace, obj.metadata?.name ?? '', obj, undefined, operationFor(scope, q));
  await scope.store.deps.admission.admit(admitted);
  const review = builtinResource(def)?.review;
  if (!review) throw routeMethodNotAllowed();
  const out: KObject = { kind: def.kind, apiVersion: apiVersionOf(def), metadata: { ...(obj.metadata ?? {}), creationTimestamp: null } };
  await review.review(obj, out, { user: ctx.user ?? { name: '', groups: [] }, namespace: scope.namespace, authorizer: api.authorizer, authn: api.authn });
  await scope.store.deps.admission.validate(admitted);
  await writeEncoded(ctx, 201, out, format);
}
