// MutatingAdmissionPolicy over the server: its two resources are served only when the alpha MutatingAdmissionPolicy
// gate is on (and, as for every alpha version, admissionregistration.k8s.io/v1alpha1 is enabled by
// --runtime-config); the plug-in reads policies and bindings from a source the composition root gives it (the
// shared informers) and converts objects with the webhooks' version helpers.
import type { ResourceInfo } from '../../api/resource-info.js';
import type { KubeObject } from '../../api/object.js';
import { compileMutatingPolicy, type CompiledMutatingPolicy, type MutatingPolicySpec } from '../../cel/mutating-admission-policy.js';
import { featureEnabled } from '../../features/feature-gates.js';
import type { ResourceRegistry } from '../../registry/resource-registry.js';
import { webhookDeps, type ScaleView } from '../webhooks/install.js';
import { MutatingAdmissionPolicyPlugin } from './mutating-admission-policy.js';
import type { PolicyHookSource } from './validating-admission-policy.js';

export const MUTATING_POLICY_GATE = 'MutatingAdmissionPolicy';
const GATED = new Set(['mutatingadmissionpolicies', 'mutatingadmissionpolicybindings']);

/** The resources to serve: without the mutating policy kinds while the gate is off. */
export function withMutatingPolicyGate(resources: ResourceInfo[], options: { featureGates?: Record<string, boolean> }): ResourceInfo[] {
  if (featureEnabled(options, MUTATING_POLICY_GATE)) return resources;
  return resources.filter((r) => !(r.group === 'admissionregistration.k8s.io' && GATED.has(r.resource.split('/')[0]!)));
}

/** The resources the plug-in's source follows, and how it compiles a policy. */
export const MUTATING_POLICY_RESOURCES = { policies: 'mutatingadmissionpolicies', bindings: 'mutatingadmissionpolicybindings' };
export const compileMutatingPolicySpec = (spec: unknown): CompiledMutatingPolicy => compileMutatingPolicy(spec as MutatingPolicySpec);

export function mutatingPolicyAdmission(
  registry: ResourceRegistry, source: PolicyHookSource<CompiledMutatingPolicy>, getNamespace: (name: string) => Promise<KubeObject | undefined>, scale: ScaleView,
): MutatingAdmissionPolicyPlugin {
  return new MutatingAdmissionPolicyPlugin({ registry, getNamespace, source, versions: webhookDeps(registry, scale) });
}
