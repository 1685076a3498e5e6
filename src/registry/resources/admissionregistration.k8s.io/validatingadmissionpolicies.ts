// admissionregistration.k8s.io/validatingadmissionpolicies (ValidatingAdmissionPolicy): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { validatingAdmissionPolicyPrinter } from '../../../printers/kinds/admission.js';

export const admissionregistrationValidatingadmissionpolicies: BuiltinResource = {
  group: 'admissionregistration.k8s.io',
  resource: 'validatingadmissionpolicies',
  kind: 'ValidatingAdmissionPolicy',
  tracksGeneration: true,
  printer: validatingAdmissionPolicyPrinter,
};
