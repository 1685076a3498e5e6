// SetDefaults_ValidatingWebhook, SetDefaults_MutatingWebhook, SetDefaults_Rule and SetDefaults_ServiceReference
// (admissionregistration/v1): the defaults of both webhook configuration kinds, declared once (by the mutating home).
import { defaultPointers, type JsonMap, type TypeDefaults } from '../defaulting.js';

const WEBHOOK = { failurePolicy: 'Fail', matchPolicy: 'Equivalent', namespaceSelector: {}, objectSelector: {}, timeoutSeconds: 10 };
const V1 = 'io.k8s.api.admissionregistration.v1';

export const webhookDefaults: TypeDefaults = {
  [`${V1}.ValidatingWebhook`]: (w: JsonMap) => defaultPointers(w, WEBHOOK),
  [`${V1}.MutatingWebhook`]: (w: JsonMap) => defaultPointers(w, { ...WEBHOOK, reinvocationPolicy: 'Never' }),
  [`${V1}.RuleWithOperations`]: (r: JsonMap) => defaultPointers(r, { scope: '*' }),
  [`${V1}.ServiceReference`]: (s: JsonMap) => defaultPointers(s, { port: 443 }),
};
