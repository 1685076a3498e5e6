// Per-resource behaviour the generic store consults (kube's RESTCreateStrategy/RESTUpdateStrategy...).
import type { FieldError } from '../errors/field-error.js';
import type { KObject } from './object.js';
import type { ResourceDef } from './resource-def.js';

export interface StrategyContext {
  /** Warnings to return to the client. */
  warnings: string[];
  /** The sub-resource being written ('' for the main resource). */
  subresource?: string;
}

export interface Strategy {
  allowCreateOnUpdate: boolean;
  allowUnconditionalUpdate: boolean;
  /** metadata.generation is set to 1 on create and bumped on spec changes. */
  tracksGeneration: boolean;
  /** The main resource ignores status and /status ignores everything else. */
  hasStatusSubresource: boolean;
  /** A delete answers with the deleted object instead of a Status. */
  returnDeletedObject: boolean;
  /** Kind-specific preparation on create (after system fields are set). */
  prepareForCreate(obj: KObject, ctx: StrategyContext): void | Promise<void>;
  /** Kind-specific preparation on update of the main resource. */
  prepareForUpdate(obj: KObject, old: KObject, ctx: StrategyContext): void;
  /** Kind-specific validation (object metadata is validated by the store). */
  validate(obj: KObject): FieldError[];
  validateUpdate(obj: KObject, old: KObject): FieldError[];
  /** Called when deletion starts (deletionTimestamp first set) and the object stays pending. */
  prepareForDeletion?(obj: KObject): void;
  /** Undo of resources the kind allocated (e.g. a Service's cluster IP) when a create fails or the object is deleted. */
  release?(obj: KObject): void;
}

const GENERATION_KINDS = new Set([
  'apps/Deployment',
  'apps/ReplicaSet',
  'apps/StatefulSet',
  'apps/DaemonSet',
  'batch/Job',
  'batch/CronJob',
  '/ReplicationController',
  'autoscaling/HorizontalPodAutoscaler',
  'policy/PodDisruptionBudget',
  'networking.k8s.io/Ingress',
  'networking.k8s.io/NetworkPolicy',
  'apiextensions.k8s.io/CustomResourceDefinition',
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy',
  'admissionregistration.k8s.io/MutatingAdmissionPolicy',
  'flowcontrol.apiserver.k8s.io/FlowSchema',
  'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration',
]);

// Stores whose delete returns the deleted object (kube's ReturnDeletedObject).
const RETURN_DELETED = new Set(['/pods', '/services', '/namespaces', '/serviceaccounts', 'apiextensions.k8s.io/customresourcedefinitions']);

// Kinds whose update may create the object (AllowCreateOnUpdate).
const CREATE_ON_UPDATE = new Set([
  'coordination.k8s.io/leases',
  '/events',
  'events.k8s.io/events',
  '/endpoints',
  '/limitranges',
  '/services',
  'rbac.authorization.k8s.io/roles',
  'rbac.authorization.k8s.io/clusterroles',
  'rbac.authorization.k8s.io/rolebindings',
  'rbac.authorization.k8s.io/clusterrolebindings',
]);

/** The default strategy for a built-in resource, derived from what kube does for its kind. */
export function defaultStrategy(def: ResourceDef): Strategy {
  const gr = `${def.group}/${def.resource}`;
  return {
    allowCreateOnUpdate: CREATE_ON_UPDATE.has(gr),
    allowUnconditionalUpdate: true,
    tracksGeneration: GENERATION_KINDS.has(`${def.group}/${def.kind}`),
    hasStatusSubresource: def.subresources.some((s) => s.name === 'status'),
    returnDeletedObject: RETURN_DELETED.has(gr),
    prepareForCreate: () => undefined,
    prepareForUpdate: () => undefined,
    validate: () => [],
    validateUpdate: () => [],
  };
}
