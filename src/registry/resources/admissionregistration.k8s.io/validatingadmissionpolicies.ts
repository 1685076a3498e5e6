// admissionregistration.k8s.io/validatingadmissionpolicies (ValidatingAdmissionPolicy): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { validatingAdmissionPolicyPrinter } from '../../../printers/kinds/admission.js';
import { validateValidatingAdmissionPolicySpec } from '../../validation/kind-admission-policy.js';
import { admissionPolicyDefaults } from './admission-policy-defaults.js';

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
