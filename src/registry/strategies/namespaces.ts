// Namespace strategy (apiserver.md §10): phase Active and the "kubernetes" finalizer on create, the
// kubernetes.io/metadata.name label, and the spec.finalizers/status split across main, status and finalize.
import type { KObject } from '../../api/object.js';
import { meta } from '../../api/object.js';
import type { Strategy } from '../strategy.js';

export const NAMESPACE_FINALIZER = 'kubernetes';
export const NAME_LABEL = 'kubernetes.io/metadata.name';

function ensureNameLabel(obj: KObject): void {
  const md = meta(obj);
  md.labels = { ...(md.labels ?? {}), [NAME_LABEL]: md.name ?? '' };
}

export function namespaceStrategy(base: Strategy): Strategy {
  return {
    ...base,
    hasStatusSubresource: true,
    returnDeletedObject: true,
    prepareForCreate(obj) {
      obj.status = { phase: 'Active' };
      const fins: string[] = obj.spec?.finalizers ?? [];
      obj.spec = { ...(obj.spec ?? {}), finalizers: fins.includes(NAMESPACE_FINALIZER) ? fins : [...fins, NAMESPACE_FINALIZER] };
      ensureNameLabel(obj);
    },
    finalizersDone: (obj) => !obj.spec?.finalizers?.length,
    prepareForDeletion(obj) {
      obj.status = { ...(obj.status ?? {}), phase: 'Terminating' };
    },
    prepareForUpdate(obj, old, ctx) {
      // The main endpoint cannot change spec.finalizers (only /finalize can).
      if (ctx.subresource !== 'finalize') {
        obj.spec = { ...(obj.spec ?? {}), finalizers: old.spec?.finalizers };
        if (obj.spec.finalizers === undefined) delete obj.spec.finalizers;
      }
      ensureNameLabel(obj);
    },
  };
}

/** PUT /api/v1/namespaces/{n}/finalize: only spec.finalizers changes. */
export function applyFinalize(desired: KObject, current: KObject): KObject {
  const out = structuredClone(current);
  out.spec = { ...(out.spec ?? {}), finalizers: desired.spec?.finalizers ?? [] };
  if (!out.spec.finalizers.length) delete out.spec.finalizers;
  return out;
}
