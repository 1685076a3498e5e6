// What the ValidatingAdmissionPolicy plug-in evaluates: each policy with its bindings and its compiled form, from a
// source that keeps them current (controllers/admission-policy-source.ts follows them through the informers).
import type { KubeObject } from '../../api/object.js';
import type { CompiledPolicy, PolicySpec } from '../../cel/admission-policy.js';

export interface BindingSpec {
  policyName?: string;
  paramRef?: { name?: string; namespace?: string; selector?: unknown; parameterNotFoundAction?: string } | null;
  matchResources?: Record<string, unknown> | null;
  validationActions?: string[];
}

export interface PolicyHook {
  policy: KubeObject & { spec?: PolicySpec };
  bindings: (KubeObject & { spec?: BindingSpec })[];
  compiled: CompiledPolicy;
}

export interface PolicyHookSource {
  /** Resolves once the source has read every policy and binding. */
  start(): Promise<void>;
  stop(): void;
  /** Every policy that has bindings, in policy-name order. */
  hooks(): PolicyHook[];
}
