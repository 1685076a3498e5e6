// Whole-object validation as the generic store runs it (rest.BeforeCreate / rest.BeforeUpdate) around each
// kind's strategy, so that the 422 lists the same errors in the same order as kube-apiserver 1.33.
import type { FieldError } from '../../errors/field-error.js';
import type { GroupKind } from '../../errors/status.js';
import { usesKubeFinalizerRule } from './name-rules.js';
import { nameValidatorFor } from './kind-name-rule.js';
import { validatePathSegmentName } from '../../validation/names.js';
import { validateObjectMetaCreate, validateObjectMetaUpdate } from './object-meta.js';
import { validateKindCreate } from './validate-kind.js';
import { builtinResourceByKind } from '../resources/index.js';
import type { MetaChecks } from '../resources/builtin-resource.js';

export interface ValidateObjectOptions {
  /** Scope of the resource. */
  namespaced: boolean;
  /** Set for writes to a subresource; `status` and `finalize` change what Namespaces check. */
  subresource?: string;
}

const metadataOf = (obj: unknown): unknown => (obj !== null && typeof obj === 'object' ? (obj as Record<string, unknown>).metadata : undefined);

/** The strategy's own metadata checks on create (name rule and finalizer rule of the kind). */
function strategyMetaCreate(gk: GroupKind, obj: unknown, namespaced: boolean): FieldError[] {
  return validateObjectMetaCreate(metadataOf(obj), {
    namespaced,
    nameValidator: nameValidatorFor(gk.group, gk.kind, obj),
    kubeFinalizers: usesKubeFinalizerRule(gk.group, gk.kind),
  });
}

function strategyMetaUpdate(gk: GroupKind, obj: unknown, old: unknown): FieldError[] {
  return validateObjectMetaUpdate(metadataOf(obj), metadataOf(old), { kubeFinalizers: usesKubeFinalizerRule(gk.group, gk.kind) });
}

/** The 422 errors of a create: the strategy's, or, when it is satisfied, the store's generic metadata checks. */
export function validateObjectCreate(gk: GroupKind, obj: unknown, opts: ValidateObjectOptions): FieldError[] {
  const errs = [...strategyMetaCreate(gk, obj, opts.namespaced), ...validateKindCreate(gk, obj)];
  if (errs.length) return errs;
  return validateObjectMetaCreate(metadataOf(obj), { namespaced: opts.namespaced, nameValidator: validatePathSegmentName, kubeFinalizers: false });
}

/** The strategy's ValidateUpdate, with the kind's own interleaving of metadata and type checks (its home says how). */
function strategyUpdate(gk: GroupKind, obj: unknown, old: unknown, opts: ValidateObjectOptions): FieldError[] {
  const m: MetaChecks = {
    update: () => strategyMetaUpdate(gk, obj, old),
    create: () => strategyMetaCreate(gk, obj, opts.namespaced),
    subresource: opts.subresource,
  };
  const own = builtinResourceByKind(gk.group, gk.kind)?.validateUpdate;
  return own ? own(obj, old, m) : m.update();
}

/**
 * The 422 errors of an update: the store's common checks (generic create-time metadata rules with
 * path-segment names, then the generic update rules) followed by the strategy's. Call it after the
 * store has copied uid, creationTimestamp, deletionTimestamp and deletionGracePeriodSeconds from the old
 * object and filled in resourceVersion, as kube does before validating.
 */
export function validateObjectUpdate(gk: GroupKind, obj: unknown, old: unknown, opts: ValidateObjectOptions): FieldError[] {
  return [
    ...validateObjectMetaCreate(metadataOf(obj), { namespaced: opts.namespaced, nameValidator: validatePathSegmentName, kubeFinalizers: false }),
    ...validateObjectMetaUpdate(metadataOf(obj), metadataOf(old), { kubeFinalizers: false }),
    ...strategyUpdate(gk, obj, old, opts),
  ];
}
