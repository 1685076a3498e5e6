// One webhook of a Mutating- or ValidatingWebhookConfiguration as admission reads it (kube's WebhookAccessor): the
// stored fields with kube's defaults for anything an older object lacks, the parsed selectors and the compiled
// matchConditions, built once per configuration version.
import type { KObject } from '../../api/object.js';
import { labelSelectorFromMetaV1, type LabelSelector, type LabelSelectorV1 } from '../../selection/label-selector.js';
import { compileMatchConditions, type CompiledMatchConditions } from './match-conditions.js';

export type WebhookType = 'mutating' | 'validating';

export interface WebhookRule {
  operations: string[];
  apiGroups: string[];
  apiVersions: string[];
  resources: string[];
  scope: string;
}

export interface ClientConfig {
  url?: string;
  service?: { namespace: string; name: string; path?: string; port: number };
  /** PEM bytes of the CA bundle ('' when absent: the system's roots). */
  caBundle: string;
}

export interface WebhookAccessor {
  type: WebhookType;
  /** `<configuration>/<webhook>/<index>`, unique among the configurations of one kind. */
  uid: string;
  configurationName: string;
  name: string;
  rules: WebhookRule[];
  failurePolicy: 'Fail' | 'Ignore';
  matchPolicy: 'Exact' | 'Equivalent';
  /** A selector that does not parse is kept as its error, reported when the webhook would be called. */
  namespaceSelector: LabelSelector | Error;
  objectSelector: LabelSelector | Error;
  sideEffects?: string;
  timeoutSeconds: number;
  admissionReviewVersions: string[];
  reinvocationPolicy: 'Never' | 'IfNeeded';
  clientConfig: ClientConfig;
  matchConditions: CompiledMatchConditions;
}

function selector(v: unknown): LabelSelector | Error {
  try {
    return labelSelectorFromMetaV1((v ?? {}) as LabelSelectorV1);
  } catch (e) {
    return e as Error;
  }
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The webhooks of one stored configuration, in order. */
export function webhooksOf(type: WebhookType, config: KObject): WebhookAccessor[] {
  const configurationName: string = config.metadata?.name ?? '';
  const hooks: KObject[] = Array.isArray(config.webhooks) ? config.webhooks : [];
  return hooks.map((h, i) => {
    const cc: KObject = h.clientConfig ?? {};
    const svc: KObject | undefined = cc.service ?? undefined;
    const failurePolicy = h.failurePolicy === 'Ignore' ? 'Ignore' : 'Fail';
    return {
      type,
      uid: `${configurationName}/${h.name ?? ''}/${i}`,
      configurationName,
      name: h.name ?? '',
      rules: (Array.isArray(h.rules) ? h.rules : []).map((r: KObject) => ({
        operations: strings(r.operations),
        apiGroups: strings(r.apiGroups),
        apiVersions: strings(r.apiVersions),
        resources: strings(r.resources),
        scope: typeof r.scope === 'string' ? r.scope : '*',
      })),
      failurePolicy,
      matchPolicy: h.matchPolicy === 'Exact' ? 'Exact' : 'Equivalent',
      namespaceSelector: selector(h.namespaceSelector),
      objectSelector: selector(h.objectSelector),
      sideEffects: typeof h.sideEffects === 'string' ? h.sideEffects : undefined,
      timeoutSeconds: typeof h.timeoutSeconds === 'number' ? h.timeoutSeconds : 10,
      admissionReviewVersions: strings(h.admissionReviewVersions),
      reinvocationPolicy: h.reinvocationPolicy === 'IfNeeded' ? 'IfNeeded' : 'Never',
      clientConfig: {
        url: typeof cc.url === 'string' && cc.url ? cc.url : undefined,
        service: svc ? { namespace: svc.namespace ?? '', name: svc.name ?? '', path: svc.path ?? undefined, port: typeof svc.port === 'number' ? svc.port : 443 } : undefined,
        caBundle: typeof cc.caBundle === 'string' ? Buffer.from(cc.caBundle, 'base64').toString('utf8') : '',
      },
      matchConditions: compileMatchConditions(Array.isArray(h.matchConditions) ? h.matchConditions : [], failurePolicy),
    };
  });
}
