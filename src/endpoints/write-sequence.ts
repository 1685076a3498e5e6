// The pure sequence of a write between the request body and the store — decoding (or patching the current object),
// the checks against the URL, the write hooks (field validation and defaulting) and managedFields — in one
// implementation: the handlers run it in-thread, the write worker (offload/write-stages.ts) runs it on large bodies
// with the same hooks, so the two paths cannot drift apart.
import { badRequest } from '../errors/status.js';
import { meta, type KObject } from '../api/object.js';
import { apiVersionOf } from '../registry/resource-def.js';
import { decodeBody } from './negotiation/decode-body.js';
import { cloneDecoded } from './field-validation/decode-findings.js';
import { trackManagedFields } from './apply/write-integration.js';
import { applyPatchBody, isApplyPatch, type PatchType } from './patch/apply-patch-body.js';
import type { DecodedApplyBody } from '../apply/apply-body.js';
import { patchedWithTypeMeta } from './patch/patched-type-meta.js';
import type { WriteQuery } from './query-options.js';
import type { ResourceScope } from './resource-scope.js';
import type { WriteHooks } from './write-hooks.js';
import type { Step } from './heavy-work.js';

/** The checks of PUT on the decoded body: name and namespace against the URL. */
export function checkUpdateIdentity(scope: Pick<ResourceScope, 'def' | 'name' | 'namespace'>, obj: KObject): void {
  const md = meta(obj);
  // A name or namespace that is not a string fails the typed decoding of the write hooks, as it fails kube's
  // decoder before these checks.
  if (typeof md.name === 'string' && md.name !== '' && md.name !== scope.name) {
    throw badRequest(`the name of the object (${md.name}) does not match the name on the URL (${scope.name})`);
  }
  if (md.name === undefined || md.name === null || md.name === '') md.name = scope.name;
  if (scope.def.namespaced && typeof md.namespace === 'string' && md.namespace && md.namespace !== scope.namespace) {
    throw badRequest(`the namespace of the object (${md.namespace}) does not match the namespace on the request (${scope.namespace})`);
  }
}

/** The namespace check of POST. */
export function checkCreateNamespace(scope: Pick<ResourceScope, 'def' | 'namespace'>, obj: KObject): void {
  const md = meta(obj);
  if (scope.def.namespaced && typeof md.namespace === 'string' && md.namespace && md.namespace !== scope.namespace) {
    throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
  }
}

function decoded(scope: ResourceScope, body: Buffer, cbor: boolean): Promise<KObject> {
  return decodeBody(scope.ctx.req.headers['content-type'], body, { apiVersion: apiVersionOf(scope.def), kind: scope.def.kind }, cbor);
}

/** POST: the object to create from the body. */
export async function createSequence(scope: ResourceScope, hooks: WriteHooks, body: Buffer, q: WriteQuery, step: Step, cbor = false): Promise<KObject> {
  const obj = await decoded(scope, body, cbor);
  await step();
  checkCreateNamespace(scope, obj);
  await hooks.beforeWrite(scope, obj, undefined, q, 'create');
  await step();
  trackManagedFields(scope, obj, undefined, q);
  await step();
  return obj;
}

/** PUT: the body decoded and checked against the URL, once per request (each attempt works on a copy). */
export async function updateBody(scope: ResourceScope, body: Buffer, step: Step, cbor = false): Promise<KObject> {
  const obj = await decoded(scope, body, cbor);
  await step();
  checkUpdateIdentity(scope, obj);
  return obj;
}

/**
 * PUT: the object to write over `current` from the decoded body (not changed: a copy is, unless `owned`: the
 * caller hands the body over and decodes it again for another attempt).
 */
export async function updateSequence(scope: ResourceScope, hooks: WriteHooks, body: KObject, current: KObject | undefined, q: WriteQuery, step: Step, opts?: { owned?: boolean }): Promise<KObject> {
  const desired = opts?.owned ? body : cloneDecoded(body);
  await hooks.beforeWrite(scope, desired, current, q, 'update');
  await step();
  trackManagedFields(scope, desired, current, q);
  return desired;
}

/**
 * PATCH: the patch applied to `current` (which it may change: callers pass their own copy). `implicitRV`: the
 * result carries the current object's resourceVersion unchanged, which is then no precondition.
 */
export async function patchSequence(
  scope: ResourceScope,
  hooks: WriteHooks,
  patchType: PatchType,
  body: Buffer,
  current: KObject | undefined,
  q: WriteQuery,
  step: Step,
  applyConfig?: DecodedApplyBody,
): Promise<{ obj: KObject; implicitRV: boolean }> {
  const isApply = isApplyPatch(patchType);
  const applied = applyPatchBody(scope, patchType, body, current, q, applyConfig);
  const patched = isApply ? applied : patchedWithTypeMeta(scope, applied);
  await step();
  const patchedRV = meta(patched).resourceVersion;
  // The patch applied to the current object carries its resourceVersion; only one the patch changed is a precondition.
  const implicitRV = patchedRV !== undefined && current !== undefined && patchedRV === meta(current).resourceVersion;
  await hooks.beforeWrite(scope, patched, current, q, 'patch');
  await step();
  if (!isApply) trackManagedFields(scope, patched, current, q);
  return { obj: patched, implicitRV };
}
