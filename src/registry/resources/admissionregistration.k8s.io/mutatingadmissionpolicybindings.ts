// admissionregistration.k8s.io/mutatingadmissionpolicybindings (MutatingAdmissionPolicyBinding): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { mutatingAdmissionPolicyBindingPrinter } from '../../../printers/kinds/admission.js';
import { validateMutatingAdmissionPolicyBindingSpec } from '../../validation/kind-mutating-admission-policy.js';

export const admissionregistrationMutatingadmissionpolicybindings: BuiltinResource = {
  group: 'admissionregistration.k8s.io',
  resource: 'mutatingadmissionpolicybindings',
  kind: 'MutatingAdmissionPolicyBinding',
  validateCreate: (obj) => validateMutatingAdmissionPolicyBindingSpec(obj),
  validateUpdate: (obj, _old, m) => [...m.update(), ...validateMutatingAdmissionPolicyBindingSpec(obj)],
  printer: mutatingAdmissionPolicyBindingPrinter,
};
