// kube's admissionregistration defaults for admission policies (SetDefaults_ValidatingAdmissionPolicySpec,
// SetDefaults_MutatingAdmissionPolicySpec, SetDefaults_MatchResources, SetDefaults_Rule as it applies to
// NamedRuleWithOperations), for every served version of the group.
import { defaultPointers, type TypeDefaults } from '../defaulting.js';

const matchResources = (m: Record<string, unknown>) => defaultPointers(m, { matchPolicy: 'Equivalent', namespaceSelector: {}, objectSelector: {} });
const rule = (r: Record<string, unknown>) => defaultPointers(r, { scope: '*' });
const failurePolicy = (s: Record<string, unknown>) => defaultPointers(s, { failurePolicy: 'Fail' });

const perVersion = (v: string): TypeDefaults => ({
  [`io.k8s.api.admissionregistration.${v}.MatchResources`]: matchResources,
  [`io.k8s.api.admissionregistration.${v}.NamedRuleWithOperations`]: rule,
  [`io.k8s.api.admissionregistration.${v}.ValidatingAdmissionPolicySpec`]: failurePolicy,
  [`io.k8s.api.admissionregistration.${v}.MutatingAdmissionPolicySpec`]: failurePolicy,
});

export const admissionPolicyDefaults: TypeDefaults = { ...perVersion('v1'), ...perVersion('v1beta1'), ...perVersion('v1alpha1') };
