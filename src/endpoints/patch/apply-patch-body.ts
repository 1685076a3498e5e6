// Applies a PATCH body of one of the patch media types to the current object (apiserver.md §3.3).
import { unsupportedMediaType } from '../../errors/status.js';
import { applyJsonPatch } from '../../patch/json-patch.js';
import { applyMergePatch } from '../../patch/merge-patch.js';
import type { KObject } from '../../registry/object.js';
import type { WriteQuery } from '../query-options.js';
import type { ResourceScope } from '../resource-scope.js';

export const PATCH_TYPES = [
  'application/json-patch+json',
  'application/merge-patch+json',
  'application/strategic-merge-patch+json',
  'application/apply-patch+yaml',
] as const;
export type PatchType = (typeof PATCH_TYPES)[number];

export function applyPatchBody(scope: ResourceScope, type: PatchType, body: Buffer, current: KObject | undefined, q: WriteQuery): KObject {
  const doc = current ?? {};
  switch (type) {
    case 'application/json-patch+json': {
      const r = applyJsonPatch(doc, body, { fieldValidation: q.fieldValidation });
      if (q.fieldValidation === 'Warn') scope.ctx.warnings.push(...r.strictErrors);
      return r.result as KObject;
    }
    case 'application/merge-patch+json': {
      const r = applyMergePatch(doc, body, { fieldValidation: q.fieldValidation });
      return r.result as KObject;
    }
    default:
      // Strategic merge patch and server-side apply are served once src/patch and src/apply provide them.
      throw unsupportedMediaType(
        `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json`,
      );
  }
}
