// admissionregistration.k8s.io/mutatingwebhookconfigurations (MutatingWebhookConfiguration): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { validateWebhookConfigurationCreate, validateWebhookConfigurationUpdate } from '../../validation/kind-admission-webhooks.js';
import { mutatingWebhookConfigurationPrinter } from '../../../printers/kinds/admission.js';
import { webhookDefaults } from './webhook-defaults.js';

export const admissionregistrationMutatingwebhookconfigurations: BuiltinResource = {
  group: 'admissionregistration.k8s.io',
  resource: 'mutatingwebhookconfigurations',
  kind: 'MutatingWebhookConfiguration',
  defaults: webhookDefaults,
  validateCreate: validateWebhookConfigurationCreate(true),
  validateUpdate: (obj, old, m) => [...m.update(), ...m.create(), ...validateWebhookConfigurationUpdate(true)(obj, old)],
  printer: mutatingWebhookConfigurationPrinter,
};
