// admissionregistration.k8s.io/validatingadmissionpolicybindings (ValidatingAdmissionPolicyBinding): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { validatingAdmissionPolicyBindingPrinter } from '../../../printers/kinds/admission.js';
import { validateValidatingAdmissionPolicyBindingSpec } from '../../validation/kind-admission-policy.js';

export const admissionregistrationValidatingadmissionpolicybindings: BuiltinResource = {
  group: 'admissionregistration.k8s.io',
  resource: 'validatingadmissionpolicybindings',
  kind: 'ValidatingAdmissionPolicyBinding',
  validateCreate: (obj) => validateValidatingAdmissionPolicyBindingSpec(obj),
  validateUpdate: (obj, _old, m) => [...m.update(), ...validateValidatingAdmissionPolicyBindingSpec(obj)],
  printer: validatingAdmissionPolicyBindingPrinter,
};
