// A non-apply patch's result decoded again as a body is (the type meta checks of PATCH).
import type { KObject } from '../../api/object.js';
import { typeMetaError } from '../negotiation/type-meta.js';
import { apiVersionOf } from '../../registry/resource-def.js';
import { goMarshal } from '../../golang/encoding-json.js';
import { patchResultRejected } from '../../patch/patch-errors.js';
import type { ResourceScope } from '../resource-scope.js';

/**
 * The patched object is decoded again as a body is: apiVersion and kind must be strings (else kube's 422 on the
 * patch, 400 here: docs/deviations.md), an unstructured object (custom resource) needs its kind, and whatever
 * the patch removed the decoder takes from the endpoint's type, as Go's typed decoding does.
 */
export function patchedWithTypeMeta(scope: Pick<ResourceScope, 'def' | 'subresource'>, patched: KObject): KObject {
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
