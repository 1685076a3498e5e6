// PATCH (apiserver.md §3.3): JSON patch and merge patch applied to the latest object inside the store's
// retry loop; a resourceVersion inside the patch acts as a precondition.
import { operationFor } from '../operation.js';
import { notFound, routerUnsupportedMediaType, unsupportedMediaType } from '../../errors/status.js';
import { deepClone, type KubeObject } from '../../api/object.js';
import { contentTypeOf } from '../negotiation/media-type.js';
import { cborServed, negotiate } from '../negotiation/negotiate.js';
import { readBody } from '../negotiation/read-body.js';
import { writeRepresentation } from '../negotiation/write-representation.js';
import { parseWriteQuery } from '../query-options.js';
import { forEndpoint, type ResourceScope, protobufServed } from '../resource-scope.js';
import type { WriteHooks } from '../write-hooks.js';
import type { Patcher } from '../../registry/rest.js';
import { APPLY_CBOR, decodeApplyConfiguration, isApplyPatch, PATCH_TYPES, PATCH_TYPES_WITH_CBOR, type PatchType } from '../patch/apply-patch-body.js';
import { patchSequence } from '../write-sequence.js';
import type { KV } from '../../storage/interface.js';

import { heavyWork } from '../heavy-work.js';
import { adoptStages, offloaded, preparedInWorker, runStagesInWorker, stagesInput } from '../offload/write-offload.js';

/** How much heavier a byte of an apply patch is than one of another body (measured: YAML decoding, the schema merge). */
const APPLY_COST_FACTOR = 8;

export async function handlePatch(scope: ResourceScope, hooks: WriteHooks, patcher: Patcher): Promise<void> {
  const { ctx, def } = scope;
  const ct = contentTypeOf(ctx.req.headers['content-type']);
  const body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  const cbor = cborServed(ctx);
  // The CBOR decoder is asynchronous: a CBOR apply configuration is read once, before anything else looks at it.
  let cborApply = ct === APPLY_CBOR && cbor ? await decodeApplyConfiguration(APPLY_CBOR, body) : undefined;
  if (!(cbor ? PATCH_TYPES_WITH_CBOR : (PATCH_TYPES as readonly string[])).includes(ct)) {
    // The router answers first on built-in endpoints (apiserver.md §1).
    if (def.builtin !== false) throw routerUnsupportedMediaType();
    const accepted = `application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml${cbor ? `, ${APPLY_CBOR}` : ''}`;
    throw unsupportedMediaType(`the body of the request was in an unknown format - accepted media types include: ${accepted}`);
  }
  const patchType = ct as PatchType;
  const isApply = isApplyPatch(patchType);
  const rep = negotiate(ctx, { list: false, transforms: false, protobuf: protobufServed(scope) });
  const q = parseWriteQuery(ctx.query, 'PatchOptions', { isApply });
  const implicitRV = new WeakSet<KubeObject>();
  // Decoding YAML and merging by schema cost far more per byte than the other patches.
  const weight = isApply ? body.length * APPLY_COST_FACTOR : body.length;
  const offload = offloaded(scope, weight);
  // The same sequence in the write worker (offload/write-stages.ts), on the stored bytes the store read; with a
  // generic strategy the store's preparation of the update too (registry/prepared-update.ts).
  const prepare = offload && preparedInWorker(scope) ? async (stored: KV) => adoptStages(scope, await runStagesInWorker(stagesInput(scope, 'patch', q, { body, current: stored, prepare: true })))?.prepared : undefined;
  const { obj: result, created } = await heavyWork(ctx, weight, (step) =>
    patcher.update(
      scope.namespace,
      scope.name,
      async (current: KubeObject | undefined, stored) => {
        if (!current && !isApply) throw notFound(patcher.gr, scope.name);
        if (offload && (stored || !current)) {
          const done = adoptStages(scope, await runStagesInWorker(stagesInput(scope, 'patch', q, { body, current: stored })));
          if (done?.obj) {
            if (done.implicitRV) implicitRV.add(done.obj);
            return done.obj;
          }
        }
        // The in-thread sequence changes what it is given: its own copy (the store gave its own to the worker path).
        if (offload && current) current = deepClone(current);
        // A retry of the loop reads the CBOR configuration again (the first attempt's apply may have changed it).
        const applyConfig = patchType === APPLY_CBOR ? (cborApply ?? (await decodeApplyConfiguration(APPLY_CBOR, body))) : undefined;
        cborApply = undefined;
        const patched = await patchSequence(scope, hooks, patchType, body, current, q, step, applyConfig);
        if (patched.implicitRV) implicitRV.add(patched.obj);
        return patched.obj;
      },
      operationFor(scope, q, { subresource: scope.subresource, allowCreate: isApply, rvIsPrecondition: (o: KubeObject) => !implicitRV.has(o), step, currentReadOnly: offload, prepare }),
    ),
  );
  await writeRepresentation(scope, created ? 201 : 200, rep, { object: forEndpoint(scope, result) });
}
