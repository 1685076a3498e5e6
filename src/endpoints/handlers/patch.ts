// PATCH (apiserver.md §3.3): JSON patch and merge patch applied to the latest object inside the store's
// retry loop; a resourceVersion inside the patch acts as a precondition.
import { operationFor } from '../operation.js';
import { notFound, routerUnsupportedMediaType, unsupportedMediaType } from '../../errors/status.js';
import { meta, type KObject } from '../../api/object.js';
import { contentTypeOf } from '../negotiation/media-type.js';
import { negotiate } from '../negotiation/negotiate.js';
import { readBody } from '../negotiation/read-body.js';
import { writeRepresentation } from '../negotiation/write-representation.js';
import { parseWriteQuery } from '../query-options.js';
import { forEndpoint, type ResourceScope } from '../resource-scope.js';
import type { WriteHooks } from '../write-hooks.js';
import { trackManagedFields } from '../apply/write-integration.js';
import { applyPatchBody, PATCH_TYPES, type PatchType } from '../patch/apply-patch-body.js';

export async function handlePatch(scope: ResourceScope, hooks: WriteHooks): Promise<void> {
  const { ctx, def } = scope;
  const ct = contentTypeOf(ctx.req.headers['content-type']);
  const body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  if (!PATCH_TYPES.includes(ct as PatchType)) {
    // The router answers first on built-in endpoints (apiserver.md §1).
    if (def.builtin !== false) throw routerUnsupportedMediaType();
    throw unsupportedMediaType('the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml');
  }
  const patchType = ct as PatchType;
  const isApply = patchType === 'application/apply-patch+yaml';
  const rep = negotiate(ctx, { list: false, transforms: false, protobuf: false });
  const q = parseWriteQuery(ctx.query, 'PatchOptions', { isApply });
  const implicitRV = new WeakSet<KObject>();
  const { obj: result, created } = await scope.store.update(
    scope.namespace,
    scope.name,
    async (current: KObject | undefined) => {
      if (!current && !isApply) throw notFound(scope.store.gr, scope.name);
      const patched = applyPatchBody(scope, patchType, body, current, q);
      const patchedRV = meta(patched).resourceVersion;
      // The patch applied to the current object carries its resourceVersion; only one the patch changed is a precondition.
      if (patchedRV !== undefined && current && patchedRV === meta(current).resourceVersion) implicitRV.add(patched);
      await hooks.beforeWrite(scope, patched, current, q, 'patch');
      if (!isApply) trackManagedFields(scope, patched, current, q);
      return patched;
    },
    { ...operationFor(scope, q), subresource: scope.subresource, allowCreate: isApply, rvIsPrecondition: (o) => !implicitRV.has(o) },
  );
  await writeRepresentation(scope, created ? 201 : 200, rep, { object: forEndpoint(scope, result) });
}
