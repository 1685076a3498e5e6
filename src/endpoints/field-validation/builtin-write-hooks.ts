// The write hook for built-in kinds: decodes the object against its kind's schema as kube's typed strict
// decoder would (unknown fields dropped, repeated keys found, Go type errors), applies fieldValidation
// (Ignore: silent; Warn: one Warning per problem; Strict: the request fails) and then the schema defaults
// (apiserver.md §3.1 step 3, §3.3, §9.2). Kinds without a built-in schema pass through untouched.
import { decoderStrictErrors } from '../serializers/serializer.js';
import { badRequest, type StatusError } from '../../errors/status.js';
import { goMarshal } from '../../golang/encoding-json.js';
import { patchResultRejected, strictDecodingDetail } from '../../patch/patch-errors.js';
import type { KObject } from '../../api/object.js';
import { applyDefaults } from '../../schema/apply-defaults.js';
import { resourceSchema } from '../../schema/builtin-schemas.js';
import { decodeTyped } from '../../schema/typed-decode.js';
import { applyTypeDefaults } from '../../schema/type-defaulting.js';
import { builtinTypeDefaulters } from '../../registry/resources/index.js';
import { markDecoded } from '../../registry/decoded-objects.js';
import { contentTypeOf } from '../negotiation/media-type.js';
import { isApplyPatch } from '../patch/patch-types.js';
import type { WriteQuery } from '../query-options.js';
import type { ResourceScope } from '../resource-scope.js';
import type { WriteHooks } from '../write-hooks.js';
import { duplicateEntries, findingsOf } from './decode-findings.js';

type Op = 'create' | 'update' | 'patch';

/** kube's transformDecodeError text: `<Kind> in version "<v>" cannot be handled as a <Kind>: <err>`. */
export function cannotBeHandled(kind: string, version: string, err: string): StatusError {
  return badRequest(`${kind} in version "${version}" cannot be handled as a ${kind}: ${err}`);
}

// kube's warning recorder drops texts it cannot put in a header (the YAML duplicate-key error has newlines).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function patchType(scope: ResourceScope, op: Op): string | undefined {
  return op === 'patch' ? contentTypeOf(scope.ctx.req.headers['content-type']) : undefined;
}

/**
 * A strategic merge patch result goes through the unstructured converter, not the JSON decoder: it sees
 * no repeated keys and reports unknown fields sorted by their text.
 */
function converterErrors(strictErrors: string[]): string[] {
  return strictErrors.filter((e) => e.startsWith('unknown field ')).sort();
}

/**
 * Runs fieldValidation and defaulting on `obj` in place. Exported for handlers outside the WriteHooks path
 * (virtual resources) and for tests.
 */
export function validateFields(scope: ResourceScope, obj: KObject, q: Pick<WriteQuery, 'fieldValidation'>, op: Op): void {
  if (scope.def.builtin === false) return;
  const root = resourceSchema(scope.def);
  if (!root) return;
  const findings = findingsOf(obj);
  const strictMode = q.fieldValidation !== 'Ignore';
  const pt = patchType(scope, op);
  const apply = isApplyPatch(pt);
  // Non-apply patches report the patched object (Go JSON, taken before decoding drops anything) in a 422.
  const fail = (detail: string): StatusError =>
    op === 'patch' && !apply ? patchResultRejected(findings?.patchValue ?? goMarshal(obj), detail) : cannotBeHandled(scope.def.kind, scope.def.version, detail);
  const r = decodeTyped(obj, root, { duplicates: strictMode ? duplicateEntries(findings) : undefined });
  // A decoding error is fatal at every level and hides the strict ones.
  if (r.error !== undefined) throw fail(r.error);
  if (strictMode) {
    // Server-side apply rejects undeclared fields itself (`field not declared in schema`); only the strict
    // errors of decoding its body (recorded by the apply code) count, as `error strict decoding patch: …`.
    // A CBOR body has kube's CBOR strict finding instead (repeated keys are no valid CBOR at all).
    const own = decoderStrictErrors.get(obj) ?? (apply ? [] : pt === 'application/strategic-merge-patch+json' ? converterErrors(r.strictErrors) : r.strictErrors);
    const errors = [...(findings?.leading ?? []), ...own];
    if (errors.length && q.fieldValidation === 'Strict') {
      if (apply) throw badRequest(`error strict decoding patch: ${errors.join(', ')}`);
      throw fail(strictDecodingDetail(errors));
    }
    for (const e of errors) if (!CONTROL.test(e)) scope.ctx.warnings.push(e);
  }
  const decoded = r.value as KObject;
  if (decoded !== obj) adoptMembers(obj, decoded);
  applyDefaults(obj, root);
  // The Go defaulting functions run at decode, before the field manager: the writer owns what they fill in.
  applyTypeDefaults(obj, root, builtinTypeDefaulters);
  markDecoded(obj);
}

/**
 * Gives `obj` exactly the members of `decoded`, in their order. When the keys are the same in the same order (the
 * usual case: decoding drops nothing) the values are set in place; deleting every member would turn the object
 * into a slow dictionary-mode object for every later reader of this write.
 */
function adoptMembers(obj: KObject, decoded: KObject): void {
  const target = obj as Record<string, unknown>;
  const keys = Object.keys(target);
  const next = Object.keys(decoded);
  let same = keys.length === next.length;
  for (let i = 0; same && i < keys.length; i++) same = keys[i] === next[i] && keys[i] !== '__proto__';
  if (same) {
    for (const k of next) target[k] = decoded[k];
    return;
  }
  for (const k of keys) delete target[k];
  for (const k of next) Object.defineProperty(obj, k, { value: decoded[k], enumerable: true, writable: true, configurable: true });
}

export const builtinWriteHooks: WriteHooks = {
  async beforeWrite(scope, obj, _old, q, op) {
    validateFields(scope, obj, q, op);
  },
};
