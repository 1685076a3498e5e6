// PATCH (apiserver.md §3.3): JSON patch and merge patch applied to the latest object inside the store's
// retry loop; a resourceVersion inside the patch acts as a precondition.
import { operationFor } from '../operation.js';
import { notFound, routerUnsupportedMediaType, unsupportedMediaType } from '../../errors/status.js';
import { meta, type KubeObject } from '../../api/object.js';
import { contentTypeOf } from '../negotiation/media-type.js';
import { cborServed, negotiate } from '../negotiation/negotiate.js';
import { badRequest } from '../../errors/status.js';
import { readBody } from '../negotiation/read-body.js';
import { writeRepresentation } from '../negotiation/write-representation.js';
import { parseWriteQuery } from '../query-options.js';
import { forEndpoint, type ResourceScope, protobufServed } from '../resource-scope.js';
import type { WriteHooks } from '../write-hooks.js';
import type { Patcher } from '../../registry/rest.js';
import { trackManagedFields } from '../apply/write-integration.js';
import { applyPatchBody, PATCH_TYPES, type PatchType } from '../patch/apply-patch-body.js';
import { typeMetaError } from '../negotiation/type-meta.js';
import { apiVersionOf } from '../../registry/resource-def.js';
import { goMarshal } from '../../golang/encoding-json.js';
import { patchResultRejected } from '../../patch/patch-errors.js';

/**
 * The patched object is decoded again as a body is: apiVersion and kind must be strings (else kube's 422 on the
 * patch, 400 here: docs/deviations.md), an unstructured object (custom resource) needs its kind, and whatever
 * the patch removed the decoder takes from the endpoint's type, as Go's typed decoding does.
 */
function patchedWithTypeMeta(scope: ResourceScope, patched: KubeObject): KubeObject {
  const tm = typeMetaError(patched);
  if (tm) throw patchResultRejected(goMarshal(patched), tm);
  const missing = (v: unknown) => v === undefined || v === null || v === '';
  if (scope.def.builtin === false && missing(patched.kind)) {
    const text = goMarshal(patched);
    throw patchResultRejected(text, `Object 'Kind' is missing in '${text}'`);
  }
  // In place: the patch code keeps its findings about this object by identity.
  if (missing(patched.kind)) patched.kind = scope.def.kind;
  if (missing(patched.apiVersion)) patched.apiVersion = apiVersionOf(scope.def);
  // A built-in object cannot become another kind or version: kube's decoder finds no such type to decode into.
  const sameType = patched.kind === scope.def.kind && patched.apiVersion === apiVersionOf(scope.def);
  if (scope.def.builtin !== false && (!scope.subresource || scope.subresource === 'status') && !sameType) {
    const version = String(patched.apiVersion);
    throw patchResultRejected(goMarshal(patched), `no kind "${String(patched.kind)}" is registered for version "${version}" in scheme "pkg/api/legacyscheme/scheme.go:30"`);
  }
  return patched;
}
import { heavyWork } from '../heavy-work.js';
import { cborSerializer } from '../serializers/cbor.js';
import { BodyDecodeError } from '../serializers/serializer.js';

const APPLY_CBOR = 'application/apply-patch+cbor';

/** An application/apply-patch+cbor body as JSON text; kube's 400 `error decoding YAML: …` when it is no CBOR map. */
async function cborApplyBodyAsJson(body: Buffer): Promise<Buffer> {
  let value: unknown;
  try {
    value = await cborSerializer.decodeUntyped!(body);
  } catch (e) {
    if (e instanceof BodyDecodeError) throw badRequest(`error decoding YAML: ${e.detail}`);
    throw e;
  }
  if (value !== null && (typeof value !== 'object' || Array.isArray(value))) {
    const got = Array.isArray(value) ? 'array' : typeof value === 'string' ? 'byte string' : typeof value === 'number' ? 'integer' : 'primitives';
    throw badRequest(`error decoding YAML: cbor: cannot unmarshal ${got} into Go value of type map[string]interface {}`);
  }
  return Buffer.from(JSON.stringify(value ?? {}));
}

export async function handlePatch(scope: ResourceScope, hooks: WriteHooks, patcher: Patcher): Promise<void> {
  const { ctx, def } = scope;
  let ct = contentTypeOf(ctx.req.headers['content-type']);
  let body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  if (ct === APPLY_CBOR && cborServed(ctx)) {
    // A CBOR apply configuration is the same apply as its JSON (YAML) form; the stages after this one read the
    // request's patch type from its Content-Type.
    body = await cborApplyBodyAsJson(body);
    ctx.req.headers['content-type'] = ct = 'application/apply-patch+yaml';
  }
  if (!PATCH_TYPES.includes(ct as PatchType)) {
    // The router answers first on built-in endpoints (apiserver.md §1).
    if (def.builtin !== false) throw routerUnsupportedMediaType();
    const accepted = `application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml${cborServed(ctx) ? `, ${APPLY_CBOR}` : ''}`;
    throw unsupportedMediaType(`the body of the request was in an unknown format - accepted media types include: ${accepted}`);
  }
  const patchType = ct as PatchType;
  const isApply = patchType === 'application/apply-patch+yaml';
  const rep = negotiate(ctx, { list: false, transforms: false, protobuf: protobufServed(scope) });
  const q = parseWriteQuery(ctx.query, 'PatchOptions', { isApply });
  const implicitRV = new WeakSet<KubeObject>();
  const { obj: result, created } = await heavyWork(ctx, body.length, (step) =>
    patcher.update(
      scope.namespace,
      scope.name,
      async (current: KubeObject | undefined) => {
        if (!current && !isApply) throw notFound(patcher.gr, scope.name);
        const applied = applyPatchBody(scope, patchType, body, current, q);
        const patched = isApply ? applied : patchedWithTypeMeta(scope, applied);
        await step();
        const patchedRV = meta(patched).resourceVersion;
        // The patch applied to the current object carries its resourceVersion; only one the patch changed is a precondition.
        if (patchedRV !== undefined && current && patchedRV === meta(current).resourceVersion) implicitRV.add(patched);
        await hooks.beforeWrite(scope, patched, current, q, 'patch');
        await step();
        if (!isApply) trackManagedFields(scope, patched, current, q);
        return patched;
      },
      { ...operationFor(scope, q), subresource: scope.subresource, allowCreate: isApply, rvIsPrecondition: (o) => !implicitRV.has(o), step },
    ),
  );
  await writeRepresentation(scope, created ? 201 : 200, rep, { object: forEndpoint(scope, result) });
}
