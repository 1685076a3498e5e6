// admissionregistration.k8s.io/mutatingwebhookconfigurations (MutatingWebhookConfiguration): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultPointers, type JsonMap, type TypeDefaults } from '../defaulting.js';
import { validateWebhookConfigurationCreate, validateWebhookConfigurationUpdate } from '../../validation/kind-admission-webhooks.js';
import { mutatingWebhookConfigurationPrinter } from '../../../printers/kinds/admission.js';

// SetDefaults_ValidatingWebhook, SetDefaults_MutatingWebhook, SetDefaults_Rule and SetDefaults_ServiceReference
// (admissionregistration/v1): the defaults of both webhook configuration kinds, declared once (here).
const WEBHOOK = { failurePolicy: 'Fail', matchPolicy: 'Equivalent', namespaceSelector: {}, objectSelector: {}, timeoutSeconds: 10 };
const V1 = 'io.k8s.api.admissionregistration.v1';

const webhookDefaults: TypeDefaults = {
  [`${V1}.ValidatingWebhook`]: (w: JsonMap) => defaultPointers(w, WEBHOOK),
  [`${V1}.MutatingWebhook`]: (w: JsonMap) => defaultPointers(w, { ...WEBHOOK, reinvocationPolicy: 'Never' }),
  [`${V1}.RuleWithOperations`]: (r: JsonMap) => defaultPointers(r, { scope: '*' }),
  [`${V1}.ServiceReference`]: (s: JsonMap) => defaultPointers(s, { port: 443 }),
};

export const admissionregistrationMutatingwebhookconfigurations: BuiltinResource = {
  group: 'admissionregistration.k8s.io',
  resource: 'mutatingwebhookconfigurations',
  kind: 'MutatingWebhookConfiguration',
  defaults: webhookDefaults,
  validateCreate: validateWebhookConfigurationCreate(true),
  validateUpdate: (obj, old, m) => [...m.update(), ...m.create(), ...validateWebhookConfigurationUpdate(true)(obj, old)],
  printer: mutatingWebhookConfigurationPrinter,
};
