// The webhooks of one configuration kind as admission sees them (kube's configuration manager): built from the
// stored configurations, sorted by configuration name, and rebuilt after the shared informer reports a change, so
// a configuration takes effect as soon as its write reaches the watch cache. Each webhook is read as kube's
// WebhookAccessor: the stored fields with kube's defaults for anything an older object lacks, the parsed selectors
// and the compiled matchConditions, built once per configuration version.
import type { GenericStore } from '../../registry/generic-store.js';
import type { ResourceRegistry } from '../../registry/resource-registry.js';
import type { KObject } from '../../api/object.js';
import { labelSelectorFromMetaV1, type LabelSelector, type LabelSelectorV1 } from '../../selection/label-selector.js';
import { compileMatchConditions, type CompiledMatchConditions } from './match-conditions.js';

const GROUP = 'admissionregistration.k8s.io';

/** Calls `changed` after every change of the store's objects (the shared informer); returns the unsubscription. */
export type FollowChanges = (store: GenericStore, changed: () => void) => () => void;

export class WebhookConfigSource {
  private current?: Promise<WebhookAccessor[]>;
  private generation = 0;
  private unsubscribe?: () => void;

  constructor(
    private readonly registry: ResourceRegistry,
    private readonly follow: FollowChanges,
    readonly type: WebhookType,
  ) {}

  private get resource(): string {
    return this.type === 'mutating' ? 'mutatingwebhookconfigurations' : 'validatingwebhookconfigurations';
  }

  /** The webhooks in kube's order; empty when the kind is not served. */
  webhooks(): Promise<WebhookAccessor[]> {
    const store = this.registry.storeFor({ group: GROUP, resource: this.resource });
    if (!store) return Promise.resolve([]);
    if (!this.unsubscribe) {
      this.unsubscribe = this.follow(store, () => this.invalidate());
    }
    if (!this.current) {
      const gen = this.generation;
      const built = store.list('').then((page) =>
        page.items
          .sort((a, b) => ((a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1))
          .flatMap((c) => webhooksOf(this.type, c)),
      );
      this.current = built;
      // A failed build, or one overtaken by a change, is not kept.
      built.then(
        () => { if (gen !== this.generation && this.current === built) this.current = undefined; },
        () => { if (this.current === built) this.current = undefined; },
      );
    }
    return this.current;
  }

  private invalidate(): void {
    this.generation++;
    this.current = undefined;
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }
}

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
