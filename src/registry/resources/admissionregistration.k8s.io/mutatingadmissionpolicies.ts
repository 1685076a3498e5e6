// admissionregistration.k8s.io/mutatingadmissionpolicies (MutatingAdmissionPolicy): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { mutatingAdmissionPolicyPrinter } from '../../../printers/kinds/admission.js';
import { validateMutatingAdmissionPolicySpec } from '../../validation/kind-mutating-admission-policy.js';

export const admissionregistrationMutatingadmissionpolicies: BuiltinResource = {
  group: 'admissionregistration.k8s.io',
  resource: 'mutatingadmissionpolicies',
  kind: 'MutatingAdmissionPolicy',
  tracksGeneration: true,
  validateCreate: (obj) => validateMutatingAdmissionPolicySpec(obj),
  validateUpdate: (obj, old, m) => [...m.update(), ...validateMutatingAdmissionPolicySpec(obj, old)],
  printer: mutatingAdmissionPolicyPrinter,
};
