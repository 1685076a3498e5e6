// POST a new object (apiserver.md §3.1): 201 with the stored object.
import { operationFor } from '../operation.js';
import { apiVersionOf } from '../../registry/resource-def.js';
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
import { adoptStages, offloaded, runStagesInWorker, stagesInput } from '../offload/write-offload.js';
import { checkCreateNamespace } from '../offload/write-stages.js';

export async function handleCreate(scope: ResourceScope, hooks: WriteHooks, creater: Creater): Promise<void> {
  const { ctx, def } = scope;
  const rep = negotiate(ctx, { list: false, transforms: false, protobuf: protobufServed(scope) });
  const q = parseWriteQuery(ctx.query, 'CreateOptions');
  const body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  const offload = offloaded(scope, body.length);
  const created = await heavyWork(ctx, body.length, async (step) => {
    if (offload) {
      // Decoding, field validation and managedFields in the write worker (offload/write-stages.ts).
      const done = adoptStages(scope, await runStagesInWorker(stagesInput(scope, 'create', body, q)));
      if (done?.obj) {
        await step();
        return creater.create(scope.namespace, done.obj, operationFor(scope, q, { step }));
      }
    }
    const obj = await decodeBody(ctx.req.headers['content-type'], body, { apiVersion: apiVersionOf(def), kind: def.kind }, cborServed(ctx));
    await step();
    checkCreateNamespace(scope, obj);
    await hooks.beforeWrite(scope, obj, undefined, q, 'create');
    await step();
    trackManagedFields(scope, obj, undefined, q);
    await step();
    return creater.create(scope.namespace, obj, operationFor(scope, q, { step }));
  });
  await writeRepresentation(scope, 201, rep, { object: forEndpoint(scope, created) });
}
