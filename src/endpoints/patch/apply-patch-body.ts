// Applies a PATCH body of one of the patch media types to the current object (apiserver.md §3.3, ssa.md §7–8).
// Each patch type's bytes are read by the serializer of the media type it is written in (serializers/index.ts):
// the JSON patch types by the JSON serializer's token tree, apply patches by the YAML or CBOR serializer.
import { unsupportedMediaType } from '../../errors/status.js';
import { applyPatchRequest } from '../apply/write-integration.js';
import { loadSchemas } from '../../api/catalog.js';
import { applyJsonPatch } from '../../patch/json-patch.js';
import { applyMergePatch } from '../../patch/merge-patch.js';
import { applyStrategicMergePatch } from '../../patch/strategic-merge-patch.js';
import { openAPIRefResolver, patchMetaFromOpenAPI, type OpenAPISchema, type PatchMeta } from '../../patch/patch-meta.js';
import type { DecodedPatch } from '../../patch/decoded-patch.js';
import type { DecodedApplyBody } from '../../apply/apply-body.js';
import { recordPatchValue, recordStrictErrors } from '../field-validation/decode-findings.js';
import type { KObject } from '../../api/object.js';
import type { WriteQuery } from '../query-options.js';
import type { ResourceScope } from '../resource-scope.js';
import { decoderFor } from '../serializers/index.js';
import { APPLY_CBOR, APPLY_YAML, BODY_MEDIA_TYPE, type PatchType } from './patch-types.js';

export { APPLY_CBOR, APPLY_YAML, isApplyPatch, PATCH_TYPES, PATCH_TYPES_WITH_CBOR, type PatchType } from './patch-types.js';

/** A body of the JSON patch types, read by the JSON serializer. */
export function decodePatchBody(body: Buffer | string): DecodedPatch {
  return decoderFor('application/json', false)!.decodePatch!(typeof body === 'string' ? Buffer.from(body) : body);
}

/** An apply configuration, read by the serializer of the apply patch type's format. */
export function decodeApplyConfiguration(type: typeof APPLY_YAML | typeof APPLY_CBOR, body: Buffer): DecodedApplyBody | Promise<DecodedApplyBody> {
  return decoderFor(BODY_MEDIA_TYPE[type], true)!.decodeApplyConfiguration!(body);
}

/** The YAML serializer reads synchronously; a CBOR configuration is read before (applyPatchBody's `applyConfig`). */
function yamlApplyConfiguration(type: PatchType, body: Buffer): DecodedApplyBody {
  if (type !== APPLY_YAML) throw new Error(`${type} body not decoded before the patch`);
  return decodeApplyConfiguration(APPLY_YAML, body) as DecodedApplyBody;
}

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

/**
 * Applies `body` to `current`. An apply configuration already decoded (a CBOR body, whose decoder is asynchronous,
 * is read before the store's retry loop) comes as `applyConfig`; otherwise the body's serializer reads it here.
 */
export function applyPatchBody(scope: ResourceScope, type: PatchType, body: Buffer, current: KObject | undefined, q: WriteQuery, applyConfig?: DecodedApplyBody): KObject {
  const doc = current ?? {};
  switch (type) {
    case 'application/json-patch+json': {
      const r = applyJsonPatch(doc, decodePatchBody(body), { fieldValidation: q.fieldValidation });
      recordStrictErrors(r.result as KObject, r.strictErrors);
      return r.result as KObject;
    }
    case 'application/merge-patch+json': {
      const r = applyMergePatch(doc, decodePatchBody(body), { fieldValidation: q.fieldValidation });
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
      const r = applyStrategicMergePatch(doc, decodePatchBody(body), meta, { fieldValidation: q.fieldValidation });
      recordStrictErrors(r.result as KObject, r.strictErrors);
      recordPatchValue(r.result as KObject, r.patchText);
      return r.result as KObject;
    }
    case APPLY_YAML:
    case APPLY_CBOR:
      return applyPatchRequest(scope, () => applyConfig ?? yamlApplyConfiguration(type, body), current, q);
  }
}
