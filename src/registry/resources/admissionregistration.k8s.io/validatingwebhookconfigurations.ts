// admissionregistration.k8s.io/validatingwebhookconfigurations (ValidatingWebhookConfiguration): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { validateWebhookConfigurationCreate, validateWebhookConfigurationUpdate } from '../../validation/kind-admission-webhooks.js';
import { validatingWebhookConfigurationPrinter } from '../../../printers/kinds/admission.js';

export const admissionregistrationValidatingwebhookconfigurations: BuiltinResource = {
  group: 'admissionregistration.k8s.io',
  resource: 'validatingwebhookconfigurations',
  kind: 'ValidatingWebhookConfiguration',
  validateCreate: validateWebhookConfigurationCreate(false),
  validateUpdate: (obj, old, m) => [...m.update(), ...m.create(), ...validateWebhookConfigurationUpdate(false)(obj, old)],
  printer: validatingWebhookConfigurationPrinter,
};
