// fieldValidation for custom resources: the fields pruning would drop are kube's `unknown field "<path>"`
// findings: ignored, sent as Warnings (the default), or fatal with Strict — the same texts and status codes as
// for built-in kinds. Runs as the write hook of custom resources; other resources go to the inner hooks.
import { findingsOf } from '../endpoints/field-validation/decode-findings.js';
import { contentTypeOf } from '../endpoints/negotiation/media-type.js';
import type { WriteQuery } from '../endpoints/query-options.js';
import type { ResourceScope } from '../endpoints/resource-scope.js';
import type { WriteHooks } from '../endpoints/write-hooks.js';
import { badRequest } from '../errors/status.js';
import { goMarshal } from '../golang/encoding-json.js';
import { patchResultRejected, strictDecodingDetail } from '../patch/patch-errors.js';
import type { KObject } from '../api/object.js';
import { customResourceDetails } from './custom-resource-details.js';
import { pruneCustomResource } from './structural/prune.js';

/** The strict-decoding findings of a custom resource body: decode-time ones first, then unknown fields. */
export function customResourceFindings(scope: ResourceScope, obj: KObject): string[] {
  const d = customResourceDetails(scope.def);
  if (!d?.schema) return [];
  const pruned = pruneCustomResource(d.schema, structuredClone(obj));
  return [...(findingsOf(obj)?.leading ?? []), ...pruned.map((p) => `unknown field ${JSON.stringify(p)}`)];
}

export function validateCustomResourceFields(scope: ResourceScope, obj: KObject, q: Pick<WriteQuery, 'fieldValidation'>, op: 'create' | 'update' | 'patch'): void {
  if (q.fieldValidation === 'Ignore') return;
  const errors = customResourceFindings(scope, obj);
  if (!errors.length) return;
  if (q.fieldValidation === 'Strict') {
    const detail = strictDecodingDetail(errors);
    if (op === 'patch' && contentTypeOf(scope.ctx.req.headers['content-type']) !== 'application/apply-patch+yaml') throw patchResultRejected(goMarshal(obj), detail);
    const { kind, version } = scope.def;
    throw badRequest(`${kind} in version "${version}" cannot be handled as a ${kind}: ${detail}`);
  }
  scope.ctx.warnings.push(...errors);
}

/** Write hooks that handle custom resources and hand every other resource to `inner()`. */
export function customResourceWriteHooks(inner: () => WriteHooks): WriteHooks {
  return {
    async beforeWrite(scope, obj, old, q, op) {
      if (!customResourceDetails(scope.def)) return inner().beforeWrite(scope, obj, old, q, op);
      validateCustomResourceFields(scope, obj, q, op);
    },
  };
}
