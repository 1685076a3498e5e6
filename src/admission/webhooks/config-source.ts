// The webhooks of one configuration kind as admission sees them (kube's configuration manager): built from the
// stored configurations, sorted by configuration name, and rebuilt after the shared informer reports a change, so
// a configuration takes effect as soon as its write reaches the watch cache.
import type { GenericStore } from '../../registry/generic-store.js';
import type { ResourceRegistry } from '../../registry/resource-registry.js';
import { webhooksOf, type WebhookAccessor, type WebhookType } from './webhook-accessor.js';

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
