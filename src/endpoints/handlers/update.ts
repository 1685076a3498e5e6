// PUT an object or its status (apiserver.md §3.2, §3.4): 200, or 201 when the update created it.
import { operationFor, withOptions } from '../operation.js';
import { deepClone, type KubeObject } from '../../api/object.js';
import { cborServed, negotiate } from '../negotiation/negotiate.js';
import { readBody } from '../negotiation/read-body.js';
import { writeRepresentation } from '../negotiation/write-representation.js';
import { parseWriteQuery } from '../query-options.js';
import { forEndpoint, type ResourceScope, protobufServed } from '../resource-scope.js';
import type { WriteHooks } from '../write-hooks.js';
import type { Updater } from '../../registry/rest.js';
import { heavyWork } from '../heavy-work.js';
import { adoptStages, offloaded, preparedInWorker, releaseHeld, runStagesInWorker, stagesInput } from '../offload/write-offload.js';
import { updateBody, updateSequence } from '../write-sequence.js';
import type { KV } from '../../storage/interface.js';

export async function handleUpdate(scope: ResourceScope, hooks: WriteHooks, updater: Updater): Promise<void> {
  const { ctx, def } = scope;
  const rep = negotiate(ctx, { list: false, transforms: false, protobuf: protobufServed(scope) });
  const q = parseWriteQuery(ctx.query, 'UpdateOptions');
  const body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  const offload = offloaded(scope, body.length);
  const { obj: result, created } = await heavyWork(ctx, body.length, async (step) => {
    const opts = operationFor(scope, q, { subresource: scope.subresource, step });
    if (offload) {
      // The write sequence in the write worker (offload/write-stages.ts): the body's decode errors and identity
      // checks first, as in-thread, the decoded body then held there for the attempts against each stored value
      // (and with a generic strategy, the store's preparation of the update too: registry/prepared-update.ts).
      const checked = adoptStages(scope, await runStagesInWorker(stagesInput(scope, 'update-check', q, { body })));
      if (checked?.hold !== undefined) {
        const hold = checked.hold;
        let obj: KubeObject | undefined;
        const prepare = preparedInWorker(scope);
        const viaWorker = async (stored: KV | undefined, withPreparation: boolean) =>
          obj ? undefined : adoptStages(scope, await runStagesInWorker(stagesInput(scope, 'update', q, { hold, current: stored, prepare: withPreparation })));
        try {
          return await updater.update(
            scope.namespace,
            scope.name,
            async (current, stored) => {
              const done = current && !stored ? undefined : await viaWorker(stored, false);
              if (done?.obj) return done.obj;
              obj ??= await updateBody(scope, body, step, cborServed(ctx));
              return updateSequence(scope, hooks, obj, current && deepClone(current), q, step);
            },
            withOptions(opts, { currentReadOnly: true, prepare: prepare ? async (stored: KV) => (await viaWorker(stored, true))?.prepared : undefined }),
          );
        } finally {
          releaseHeld(scope, q, hold);
        }
      }
    }
    // The first attempt takes the decoded body itself; a retry (a conflict on an unconditional update) decodes the
    // body again rather than every attempt copying it. Built-in kinds' stages only read the current object, so
    // the store hands it over without a copy; a custom resource store normalizes it in place.
    let first: KubeObject | undefined = await updateBody(scope, body, step, cborServed(ctx));
    return updater.update(
      scope.namespace,
      scope.name,
      async (current) => {
        const obj = first ?? (await updateBody(scope, body, step, cborServed(ctx)));
        first = undefined;
        return updateSequence(scope, hooks, obj, current, q, step, { owned: true });
      },
      // Set on the context itself: a copy of it (withOptions) costs more than the rest of this call.
      def.builtin === false ? opts : Object.assign(opts, { currentReadOnly: true }),
    );
  });
  await writeRepresentation(scope, created ? 201 : 200, rep, { object: forEndpoint(scope, result) });
}
