// Type-specific checks (everything except ObjectMeta) of the built-in kinds covered so far, in the order
// kube reports them. validate-object.ts interleaves them with the metadata checks as each strategy does.
import type { FieldError } from '../../errors/field-error.js';
import type { GroupKind } from '../../errors/status.js';
import { validateConfigMapData, validateConfigMapImmutable, validateSecretData, validateSecretImmutable } from './kind-config.js';
import { validateCronJobName, validateLeaseSpec, validateNamespaceFinalizers } from './kind-misc.js';
import { validateBinding, validateRoleRefUnchanged, validateRoleRules } from './kind-rbac.js';
import { validateServiceSpec, validateServiceUpdate } from './kind-service.js';
import { validatePodCreate } from './kind-pod.js';
import {
  validateCronJobSpec,
  validateDaemonSetSpec,
  validateDeploymentSpec,
  validateJobSpec,
  validateReplicaSetSpec,
  validateSelectorUnchanged,
  validateStatefulSetSpec,
} from './kind-workloads.js';

const RBAC = 'rbac.authorization.k8s.io';

/** The checks a kind runs after its metadata on create. */
export function validateKindCreate(gk: GroupKind, obj: unknown): FieldError[] {
  switch (`${gk.kind}.${gk.group}`) {
    case 'ConfigMap.':
      return validateConfigMapData(obj);
    case 'Secret.':
      return validateSecretData(obj);
    case 'Namespace.':
      return validateNamespaceFinalizers(obj, false);
    case 'Service.':
      return validateServiceSpec(obj);
    case 'Lease.coordination.k8s.io':
      return validateLeaseSpec(obj);
    case `Role.${RBAC}`:
      return validateRoleRules(obj, true);
    case `ClusterRole.${RBAC}`:
      return validateRoleRules(obj, false);
    case `RoleBinding.${RBAC}`:
      return validateBinding(obj, true);
    case `ClusterRoleBinding.${RBAC}`:
      return validateBinding(obj, false);
    case 'CronJob.batch':
      return [...validateCronJobSpec(obj), ...validateCronJobName(obj)];
    case 'Pod.':
      return validatePodCreate(obj);
    case 'Deployment.apps':
      return validateDeploymentSpec(obj);
    case 'ReplicaSet.apps':
      return validateReplicaSetSpec(obj);
    case 'StatefulSet.apps':
      return validateStatefulSetSpec(obj);
    case 'DaemonSet.apps':
      return validateDaemonSetSpec(obj);
    case 'Job.batch':
      return validateJobSpec(obj);
    default:
      return [];
  }
}

/** The checks a kind runs on update besides metadata (validate-object.ts places them among the metadata checks). */
export function validateKindUpdate(gk: GroupKind, obj: unknown, old: unknown): FieldError[] {
  switch (`${gk.kind}.${gk.group}`) {
    case 'ConfigMap.':
      return [...validateConfigMapImmutable(obj, old), ...validateConfigMapData(obj)];
    case 'Secret.':
      return [...validateSecretImmutable(obj, old), ...validateSecretData(obj)];
    case 'Service.':
      return [...validateServiceUpdate(obj, old), ...validateServiceSpec(obj)];
    case 'Lease.coordination.k8s.io':
      return validateLeaseSpec(obj);
    case `Role.${RBAC}`:
      return validateRoleRules(obj, true);
    case `ClusterRole.${RBAC}`:
      return validateRoleRules(obj, false);
    case `RoleBinding.${RBAC}`:
      return [...validateBinding(obj, true), ...validateRoleRefUnchanged(obj, old)];
    case `ClusterRoleBinding.${RBAC}`:
      return [...validateBinding(obj, false), ...validateRoleRefUnchanged(obj, old)];
    // The apps strategies append the selector immutability check after the spec checks.
    case 'Deployment.apps':
      return [...validateDeploymentSpec(obj), ...validateSelectorUnchanged(obj, old)];
    case 'ReplicaSet.apps':
      return [...validateReplicaSetSpec(obj), ...validateSelectorUnchanged(obj, old)];
    case 'DaemonSet.apps':
      return [...validateDaemonSetSpec(obj), ...validateSelectorUnchanged(obj, old)];
    case 'CronJob.batch':
      return validateCronJobSpec(obj);
    default:
      // Namespace updates check metadata only; CronJob names are not re-checked after creation. Pod, Job and
      // StatefulSet updates have their own immutability rules, not covered yet.
      return [];
  }
}

/** Type-specific errors of `obj` (create) or of the update from `oldObj` to `obj`, metadata excluded. */
export function validateKind(gk: GroupKind, obj: unknown, oldObj?: unknown): FieldError[] {
  return oldObj === undefined ? validateKindCreate(gk, obj) : validateKindUpdate(gk, obj, oldObj);
}
