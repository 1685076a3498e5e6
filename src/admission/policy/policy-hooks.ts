// The policies and bindings the admission policy plug-ins evaluate, as their sources (the informers) keep them.
import type { KubeObject } from '../../api/object.js';
import type { CompiledPolicy, PolicySpec } from '../../cel/admission-policy.js';

// Each policy with its bindings and its compiled form, from a source that keeps them
// current (controllers/admission-policy-source.ts follows them through the informers).
export interface BindingSpec {
  policyName?: string;
  paramRef?: { name?: string; namespace?: string; selector?: unknown; parameterNotFoundAction?: string } | null;
  matchResources?: Record<string, unknown> | null;
  validationActions?: string[];
}

export interface PolicyHook<C = CompiledPolicy> {
  policy: KubeObject & { spec?: PolicySpec };
  bindings: (KubeObject & { spec?: BindingSpec })[];
  compiled: C;
}

export interface PolicyHookSource<C = CompiledPolicy> {
  /** Resolves once the source has read every policy and binding. */
  start(): Promise<void>;
  stop(): void;
  /** Every policy that has bindings, in policy-name order. */
  hooks(): PolicyHook<C>[];
}
