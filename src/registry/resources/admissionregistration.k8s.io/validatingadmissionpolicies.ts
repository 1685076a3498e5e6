// admissionregistration.k8s.io/validatingadmissionpolicies (ValidatingAdmissionPolicy): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { validatingAdmissionPolicyPrinter } from '../../../printers/kinds/admission.js';
import { validateValidatingAdmissionPolicySpec } from '../../validation/kind-admission-policy.js';
import { defaultPointers, type TypeDefaults } from '../defaulting.js';

// kube's admissionregistration defaults for admission policies (SetDefaults_ValidatingAdmissionPolicySpec,
// SetDefaults_MutatingAdmissionPolicySpec, SetDefaults_MatchResources, SetDefaults_Rule as it applies to
// NamedRuleWithOperations), for every served version; they apply to bindings' matchResources too.
const matchResources = (m: Record<string, unknown>) => defaultPointers(m, { matchPolicy: 'Equivalent', namespaceSelector: {}, objectSelector: {} });
const rule = (r: Record<string, unknown>) => defaultPointers(r, { scope: '*' });
const failurePolicy = (s: Record<string, unknown>) => defaultPointers(s, { failurePolicy: 'Fail' });

const perVersion = (v: string): TypeDefaults => ({
  [`io.k8s.api.admissionregistration.${v}.MatchResources`]: matchResources,
  [`io.k8s.api.admissionregistration.${v}.NamedRuleWithOperations`]: rule,
  [`io.k8s.api.admissionregistration.${v}.ValidatingAdmissionPolicySpec`]: failurePolicy,
  [`io.k8s.api.admissionregistration.${v}.MutatingAdmissionPolicySpec`]: failurePolicy,
});

const admissionPolicyDefaults: TypeDefaults = { ...perVersion('v1'), ...perVersion('v1beta1'), ...perVersion('v1alpha1') };

export const admissionregistrationValidatingadmissionpolicies: BuiltinResource = {
  group: 'admissionregistration.k8s.io',
  resource: 'validatingadmissionpolicies',
  kind: 'ValidatingAdmissionPolicy',
  tracksGeneration: true,
  defaults: admissionPolicyDefaults,
  validateCreate: (obj) => validateValidatingAdmissionPolicySpec(obj),
  validateUpdate: (obj, old, m) => (m.subresource ? m.update() : [...m.update(), ...validateValidatingAdmissionPolicySpec(obj, old)]),
  printer: validatingAdmissionPolicyPrinter,
};
