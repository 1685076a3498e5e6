// PUT an object or its status (apiserver.md §3.2, §3.4): 200, or 201 when the update created it.
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
import { cloneDecoded } from '../field-validation/decode-findings.js';
import type { WriteHooks } from '../write-hooks.js';
import type { Updater } from '../../registry/rest.js';
import { trackManagedFields } from '../apply/write-integration.js';
import { heavyWork } from '../heavy-work.js';

export async function handleUpdate(scope: ResourceScope, hooks: WriteHooks, updater: Updater): Promise<void> {
  const { ctx, def } = scope;
  const rep = negotiate(ctx, { list: false, transforms: false, protobuf: protobufServed(scope) });
  const q = parseWriteQuery(ctx.query, 'UpdateOptions');
  const body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  const { obj: result, created } = await heavyWork(ctx, body.length, async (step) => {
    const obj = await decodeBody(ctx.req.headers['content-type'], body, { apiVersion: apiVersionOf(def), kind: def.kind }, cborServed(ctx));
    await step();
    const md = meta(obj);
    // A name or namespace that is not a string fails the typed decoding of the write hooks, as it fails kube's
    // decoder before these checks.
    if (typeof md.name === 'string' && md.name !== '' && md.name !== scope.name) {
      throw badRequest(`the name of the object (${md.name}) does not match the name on the URL (${scope.name})`);
    }
    if (md.name === undefined || md.name === null || md.name === '') md.name = scope.name;
    if (def.namespaced && typeof md.namespace === 'string' && md.namespace && md.namespace !== scope.namespace) {
      throw badRequest(`the namespace of the object (${md.namespace}) does not match the namespace on the request (${scope.namespace})`);
    }
    return updater.update(
      scope.namespace,
      scope.name,
      async (current) => {
        const desired = cloneDecoded(obj);
        await hooks.beforeWrite(scope, desired, current, q, 'update');
        await step();
        trackManagedFields(scope, desired, current, q);
        return desired;
      },
      { ...operationFor(scope, q), subresource: scope.subresource, step },
    );
  });
  await writeRepresentation(scope, created ? 201 : 200, rep, { object: forEndpoint(scope, result) });
}
