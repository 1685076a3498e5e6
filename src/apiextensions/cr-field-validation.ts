// fieldValidation for custom resources: the fields pruning would drop are kube's `unknown field "<path>"`
// findings: ignored, sent as Warnings (the default), or fatal with Strict — the same texts and status codes as
// for built-in kinds. Runs as the write hook of custom resources; other resources go to the inner hooks.
import { findingsOf } from '../endpoints/field-validation/decode-findings.js';
import { contentTypeOf } from '../endpoints/negotiation/media-type.js';
import { isApplyPatch } from '../endpoints/patch/patch-types.js';
import type { WriteQuery } from '../endpoints/query-options.js';
import type { ResourceScope } from '../endpoints/resource-scope.js';
import type { WriteHooks } from '../endpoints/write-hooks.js';
import { badRequest } from '../errors/status.js';
import { goMarshal } from '../golang/encoding-json.js';
import { patchResultRejected, strictDecodingDetail } from '../patch/patch-errors.js';
import type { KObject } from '../api/object.js';
import { customResourceDetails } from './custom-resource-details.js';
import { pruneCustomResource } from './structural/prune.js';
import { builtinResolver } from '../schema/builtin-schemas.js';
import { decodeTyped } from '../schema/typed-decode.js';

/** The strict-decoding findings of a custom resource body: decode-time ones first, then unknown fields. */
export function customResourceFindings(scope: ResourceScope, obj: KObject, metaUnknown: string[] = []): string[] {
  const d = customResourceDetails(scope.def);
  if (!d?.schema) return metaUnknown;
  const pruned = pruneCustomResource(d.schema, structuredClone(obj));
  return [...(findingsOf(obj)?.leading ?? []), ...metaUnknown, ...pruned.map((p) => `unknown field ${JSON.stringify(p)}`)];
}

export function validateCustomResourceFields(
  scope: ResourceScope,
  obj: KObject,
  q: Pick<WriteQuery, 'fieldValidation'>,
  op: 'create' | 'update' | 'patch',
  metaUnknown: string[] = [],
): void {
  if (q.fieldValidation === 'Ignore') return;
  const errors = customResourceFindings(scope, obj, metaUnknown);
  if (!errors.length) return;
  if (q.fieldValidation === 'Strict') {
    const detail = strictDecodingDetail(errors);
    if (isNonApplyPatch(scope, op)) throw patchResultRejected(goMarshal(obj), detail);
    const { kind, version } = scope.def;
    throw badRequest(`${kind} in version "${version}" cannot be handled as a ${kind}: ${detail}`);
  }
  scope.ctx.warnings.push(...errors);
}

const isNonApplyPatch = (scope: ResourceScope, op: string): boolean =>
  op === 'patch' && !isApplyPatch(contentTypeOf(scope.ctx.req.headers['content-type']));

/** Go's map order: encoding/json writes map keys sorted, and kube re-encodes metadata before decoding it. */
function sortedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (v === null || typeof v !== 'object') return v;
  const out: KObject = {};
  for (const k of Object.keys(v).sort()) out[k] = sortedKeys((v as KObject)[k]);
  return out;
}

/**
 * The metadata of a custom resource decoded into ObjectMeta as kube's request decoder does it: a type error
 * fails the request (400 `<Kind> in version "<v>" cannot be handled as a <Kind>: json: cannot unmarshal …`; a
 * non-apply patch reports the patched object), a null map value or list element becomes its zero value, and
 * fields ObjectMeta does not have are dropped. Returns those as strict findings (`unknown field "metadata.x"`).
 */
export function decodeCustomResourceMeta(scope: ResourceScope, obj: KObject, op: 'create' | 'update' | 'patch'): string[] {
  if (obj.metadata === undefined) return [];
  const node = builtinResolver('', 'v1')?.component('io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta');
  if (!node) return [];
  const r = decodeTyped(obj.metadata === null ? {} : sortedKeys(obj.metadata), node);
  if (r.error !== undefined) {
    if (isNonApplyPatch(scope, op)) throw patchResultRejected(goMarshal(obj), r.error);
    const { kind, version } = scope.def;
    throw badRequest(`${kind} in version "${version}" cannot be handled as a ${kind}: ${r.error}`);
  }
  obj.metadata = r.value as KObject;
  return r.strictErrors.filter((e) => e.startsWith('unknown field "')).map((e) => `unknown field "metadata.${e.slice('unknown field "'.length)}`);
}

/** Write hooks that handle custom resources and hand every other resource to `inner()`. */
export function customResourceWriteHooks(inner: () => WriteHooks): WriteHooks {
  return {
    async beforeWrite(scope, obj, old, q, op) {
      if (!customResourceDetails(scope.def)) return inner().beforeWrite(scope, obj, old, q, op);
      const metaUnknown = decodeCustomResourceMeta(scope, obj, op);
      validateCustomResourceFields(scope, obj, q, op, metaUnknown);
    },
  };
}
