// admissionregistration.k8s.io/validatingwebhookconfigurations (ValidatingWebhookConfiguration): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { validatingWebhookConfigurationPrinter } from '../../../printers/kinds/admission.js';

export const admissionregistrationValidatingwebhookconfigurations: BuiltinResource = {
  group: 'admissionregistration.k8s.io',
  resource: 'validatingwebhookconfigurations',
  kind: 'ValidatingWebhookConfiguration',
  printer: validatingWebhookConfigurationPrinter,
};
