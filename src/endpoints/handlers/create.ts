// POST a new object (apiserver.md §3.1): 201 with the stored object.
import { operationFor } from '../operation.js';
import { cborServed, negotiate } from '../negotiation/negotiate.js';
import { readBody } from '../negotiation/read-body.js';
import { writeRepresentation } from '../negotiation/write-representation.js';
import { parseWriteQuery } from '../query-options.js';
import { forEndpoint, type ResourceScope, protobufServed } from '../resource-scope.js';
import type { WriteHooks } from '../write-hooks.js';
import type { Creater } from '../../registry/rest.js';
import { heavyWork } from '../heavy-work.js';
import { adoptStages, offloaded, preparedInWorker, runStagesInWorker, stagesInput } from '../offload/write-offload.js';
import { GenericStore } from '../../registry/generic-store.js';
import { createSequence } from '../write-sequence.js';

export async function handleCreate(scope: ResourceScope, hooks: WriteHooks, creater: Creater): Promise<void> {
  const { ctx } = scope;
  const rep = negotiate(ctx, { list: false, transforms: false, protobuf: protobufServed(scope) });
  const q = parseWriteQuery(ctx.query, 'CreateOptions');
  const body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  const offload = offloaded(scope, body.length);
  const created = await heavyWork(ctx, body.length, async (step) => {
    if (offload) {
      // The write sequence in the write worker (offload/write-stages.ts).
      // With a generic strategy, the store's preparation of the create too (registry/prepared-update.ts).
      const prepare = creater instanceof GenericStore && preparedInWorker(scope);
      const done = adoptStages(scope, await runStagesInWorker(stagesInput(scope, 'create', q, { body, prepare })));
      if (done?.preparedCreate && creater instanceof GenericStore) {
        await step();
        return creater.createPrepared(scope.namespace, done.preparedCreate, operationFor(scope, q, { step }));
      }
      if (done?.obj) {
        await step();
        return creater.create(scope.namespace, done.obj, operationFor(scope, q, { step }));
      }
    }
    const obj = await createSequence(scope, hooks, body, q, step, cborServed(ctx));
    return creater.create(scope.namespace, obj, operationFor(scope, q, { step }));
  });
  await writeRepresentation(scope, 201, rep, { object: forEndpoint(scope, created) });
}
