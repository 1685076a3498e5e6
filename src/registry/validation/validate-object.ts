// Whole-object validation as the generic store runs it (rest.BeforeCreate / rest.BeforeUpdate) around each
// kind's strategy, so that the 422 lists the same errors in the same order as kube-apiserver 1.33.
import type { FieldError } from '../../errors/field-error.js';
import type { GroupKind } from '../../errors/status.js';
import { validateConfigMapData, validateConfigMapImmutable, validateSecretData, validateSecretImmutable } from './kind-config.js';
import { validateLeaseSpec, validateNamespaceFinalizers, validateNamespacePhase } from './kind-misc.js';
import { validateBinding, validateRoleRefUnchanged, validateRoleRules } from './kind-rbac.js';
import { validateServiceSpec, validateServiceUpdate } from './kind-service.js';
import { nameValidatorFor, usesKubeFinalizerRule } from './name-rules.js';
import { validatePathSegmentName } from '../../validation/names.js';
import { validateObjectMetaCreate, validateObjectMetaUpdate } from './object-meta.js';
import { validateKindCreate, validateKindUpdate } from './validate-kind.js';

export interface ValidateObjectOptions {
  /** Scope of the resource. */
  namespaced: boolean;
  /** Set for writes to a subresource; `status` and `finalize` change what Namespaces check. */
  subresource?: string;
}

const RBAC = 'rbac.authorization.k8s.io';
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

/** The strategy's ValidateUpdate, with each kind's own interleaving of metadata and type checks. */
function strategyUpdate(gk: GroupKind, obj: unknown, old: unknown, opts: ValidateObjectOptions): FieldError[] {
  const metaUpdate = (): FieldError[] => strategyMetaUpdate(gk, obj, old);
  const metaCreate = (): FieldError[] => strategyMetaCreate(gk, obj, opts.namespaced);
  switch (`${gk.kind}.${gk.group}`) {
    case 'Namespace.':
      if (opts.subresource === 'status') return [...metaUpdate(), ...validateNamespacePhase(obj)];
      if (opts.subresource === 'finalize') return [...metaUpdate(), ...validateNamespaceFinalizers(obj, true)];
      return metaUpdate();
    case 'ConfigMap.':
      return [...metaUpdate(), ...validateConfigMapImmutable(obj, old), ...metaCreate(), ...validateConfigMapData(obj)];
    case 'Secret.':
      return [...metaUpdate(), ...validateSecretImmutable(obj, old), ...metaCreate(), ...validateSecretData(obj)];
    case 'Service.':
      if (opts.subresource) return metaUpdate();
      return [...metaUpdate(), ...validateServiceUpdate(obj, old), ...metaCreate(), ...validateServiceSpec(obj)];
    case 'ServiceAccount.':
    case 'Endpoints.':
    case 'ControllerRevision.apps':
      return [...metaUpdate(), ...metaCreate()];
    case `Role.${RBAC}`:
      return [...metaCreate(), ...validateRoleRules(obj, true), ...metaUpdate()];
    case `ClusterRole.${RBAC}`:
      return [...metaCreate(), ...validateRoleRules(obj, false), ...metaUpdate()];
    case `RoleBinding.${RBAC}`:
      return [...metaCreate(), ...validateBinding(obj, true), ...metaUpdate(), ...validateRoleRefUnchanged(obj, old)];
    case `ClusterRoleBinding.${RBAC}`:
      return [...metaCreate(), ...validateBinding(obj, false), ...metaUpdate(), ...validateRoleRefUnchanged(obj, old)];
    case 'Lease.coordination.k8s.io':
      return [...metaUpdate(), ...validateLeaseSpec(obj)];
    default:
      return opts.subresource ? metaUpdate() : [...metaUpdate(), ...validateKindUpdate(gk, obj, old)];
  }
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
