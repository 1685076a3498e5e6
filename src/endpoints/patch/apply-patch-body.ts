// Applies a PATCH body of one of the patch media types to the current object (apiserver.md §3.3, ssa.md §7–8).
import { unsupportedMediaType } from '../../errors/status.js';
import { applyPatchRequest } from '../apply/write-integration.js';
import { loadSchemas } from '../../api/catalog.js';
import { applyJsonPatch } from '../../patch/json-patch.js';
import { applyMergePatch } from '../../patch/merge-patch.js';
import { applyStrategicMergePatch } from '../../patch/strategic-merge-patch.js';
import { openAPIRefResolver, patchMetaFromOpenAPI, type OpenAPISchema, type PatchMeta } from '../../patch/patch-meta.js';
import { recordPatchValue, recordStrictErrors } from '../field-validation/decode-findings.js';
import type { KObject } from '../../api/object.js';
import type { WriteQuery } from '../query-options.js';
import type { ResourceScope } from '../resource-scope.js';

export const PATCH_TYPES = [
  'application/json-patch+json',
  'application/merge-patch+json',
  'application/strategic-merge-patch+json',
  'application/apply-patch+yaml',
] as const;
export type PatchType = (typeof PATCH_TYPES)[number];

const patchMetaCache = new Map<string, PatchMeta>();

/** Patch strategies and merge keys of a built-in kind, from its 1.33 OpenAPI schema. */
function patchMetaFor(scope: ResourceScope): PatchMeta | undefined {
  const { def } = scope;
  const schemaName = scope.subresource === 'scale' ? undefined : def.schema;
  if (!schemaName) return undefined;
  const key = `${def.group}/${def.version}/${schemaName}`;
  let meta = patchMetaCache.get(key);
  if (!meta) {
    const schemas = loadSchemas(def.group, def.version);
    if (!schemas) return undefined;
    const resolver = openAPIRefResolver({ components: { schemas } });
    meta = patchMetaFromOpenAPI({ $ref: `#/components/schemas/${schemaName}` } as OpenAPISchema, resolver);
    patchMetaCache.set(key, meta);
  }
  return meta;
}

export function applyPatchBody(scope: ResourceScope, type: PatchType, body: Buffer, current: KObject | undefined, q: WriteQuery): KObject {
  const doc = current ?? {};
  switch (type) {
    case 'application/json-patch+json': {
      const r = applyJsonPatch(doc, body, { fieldValidation: q.fieldValidation });
      recordStrictErrors(r.result as KObject, r.strictErrors);
      return r.result as KObject;
    }
    case 'application/merge-patch+json': {
      const r = applyMergePatch(doc, body, { fieldValidation: q.fieldValidation });
      recordStrictErrors(r.result as KObject, r.strictErrors);
      return r.result as KObject;
    }
    case 'application/strategic-merge-patch+json': {
      const meta = scope.def.builtin === false ? undefined : patchMetaFor(scope);
      if (!meta) {
        throw unsupportedMediaType(
          'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml',
        );
      }
      const r = applyStrategicMergePatch(doc, body, meta, { fieldValidation: q.fieldValidation });
      recordStrictErrors(r.result as KObject, r.strictErrors);
      recordPatchValue(r.result as KObject, r.patchText);
      return r.result as KObject;
    }
    case 'application/apply-patch+yaml':
      return applyPatchRequest(scope, body, current, q);
  }
}
