// PUT an object or its status (apiserver.md §3.2, §3.4): 200, or 201 when the update created it.
import { operationFor, withOptions } from '../operation.js';
import { apiVersionOf } from '../../registry/resource-def.js';
import { deepClone, type KubeObject } from '../../api/object.js';
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
import { adoptStages, offloaded, runStagesInWorker, stagesInput } from '../offload/write-offload.js';
import { checkUpdateIdentity } from '../offload/write-stages.js';

export async function handleUpdate(scope: ResourceScope, hooks: WriteHooks, updater: Updater): Promise<void> {
  const { ctx, def } = scope;
  const rep = negotiate(ctx, { list: false, transforms: false, protobuf: protobufServed(scope) });
  const q = parseWriteQuery(ctx.query, 'UpdateOptions');
  const body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  const offload = offloaded(scope, body.length);
  const { obj: result, created } = await heavyWork(ctx, body.length, async (step) => {
    const decoded = async () => {
      const obj = await decodeBody(ctx.req.headers['content-type'], body, { apiVersion: apiVersionOf(def), kind: def.kind }, cborServed(ctx));
      await step();
      checkUpdateIdentity(scope, obj);
      return obj;
    };
    const inThread = async (obj: KubeObject, current: KubeObject | undefined) => {
      const desired = cloneDecoded(obj);
      await hooks.beforeWrite(scope, desired, current, q, 'update');
      await step();
      trackManagedFields(scope, desired, current, q);
      return desired;
    };
    const opts = operationFor(scope, q, { subresource: scope.subresource, step });
    if (offload) {
      // Decoding, field validation and managedFields in the write worker (offload/write-stages.ts): the body's
      // decode errors and identity checks first, as in-thread, then the stages against each current object read.
      const checked = adoptStages(scope, await runStagesInWorker(stagesInput(scope, 'update-check', body, q)));
      if (checked) {
        let obj: KubeObject | undefined;
        return updater.update(
          scope.namespace,
          scope.name,
          async (current, stored) => {
            const done = obj || (current && !stored) ? undefined : adoptStages(scope, await runStagesInWorker(stagesInput(scope, 'update', body, q, stored)));
            if (done?.obj) return done.obj;
            return inThread((obj ??= await decoded()), current && deepClone(current));
          },
          withOptions(opts, { currentReadOnly: true }),
        );
      }
    }
    // The first attempt takes the decoded body itself; a retry (a conflict on an unconditional update) decodes the
    // body again rather than every attempt copying it. Built-in kinds' stages only read the current object, so
    // the store hands it over without a copy; a custom resource store normalizes it in place.
    let body0: KubeObject | undefined = await decoded();
    return updater.update(
      scope.namespace,
      scope.name,
      async (current) => {
        const obj = body0 ?? (await decoded());
        body0 = undefined;
        await hooks.beforeWrite(scope, obj, current, q, 'update');
        await step();
        trackManagedFields(scope, obj, current, q);
        return obj;
      },
      def.builtin === false ? opts : withOptions(opts, { currentReadOnly: true }),
    );
  });
  await writeRepresentation(scope, created ? 201 : 200, rep, { object: forEndpoint(scope, result) });
}
