// POST a new object (apiserver.md §3.1): 201 with the stored object.
import { operationFor } from '../operation.js';
import { badRequest } from '../../errors/status.js';
import { apiVersionOf } from '../../registry/resource-def.js';
import { meta } from '../../api/object.js';
import { decodeBody } from '../negotiation/decode-body.js';
import { cborServed, negotiate } from '../negotiation/negotiate.js';
import { readBody } from '../negotiation/read-body.js';
import { writeRepresentation } from '../negotiation/write-representation.js';
import { parseWriteQuery } from '../query-options.js';
import { forEndpoint, type ResourceScope, protobufServed } from '../resource-scope.js';
import type { WriteHooks } from '../write-hooks.js';
import type { Creater } from '../../registry/rest.js';
import { trackManagedFields } from '../apply/write-integration.js';
import { heavyWork } from '../heavy-work.js';

export async function handleCreate(scope: ResourceScope, hooks: WriteHooks, creater: Creater): Promise<void> {
  const { ctx, def } = scope;
  const rep = negotiate(ctx, { list: false, transforms: false, protobuf: protobufServed(scope) });
  const q = parseWriteQuery(ctx.query, 'CreateOptions');
  const body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  const created = await heavyWork(ctx, body.length, async (step) => {
    const obj = await decodeBody(ctx.req.headers['content-type'], body, { apiVersion: apiVersionOf(def), kind: def.kind }, cborServed(ctx));
    await step();
    const md = meta(obj);
    if (def.namespaced && typeof md.namespace === 'string' && md.namespace && md.namespace !== scope.namespace) {
      throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
    }
    await hooks.beforeWrite(scope, obj, undefined, q, 'create');
    await step();
    trackManagedFields(scope, obj, undefined, q);
    await step();
    return creater.create(scope.namespace, obj, { ...operationFor(scope, q), step });
  });
  await writeRepresentation(scope, 201, rep, { object: forEndpoint(scope, created) });
}
