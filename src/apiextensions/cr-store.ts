// The store of one served custom resource version: the generic store over the CRD's storage prefix, with the
// version's defaults applied (and unknown fields pruned) on every read from storage, as kube's CR codec does.
import type { ResourceDef } from '../registry/resource-def.js';
import { GenericStore, type ListPage, type StoreDeps, type UpdateOptions } from '../registry/generic-store.js';
import type { KObject } from '../api/object.js';
import { invalid } from '../errors/status.js';
import { customResourceStrategy, normalizeCustomResource, type CustomResourceVersion } from './cr-strategy.js';

export class CustomResourceStore extends GenericStore {
  constructor(
    def: ResourceDef,
    readonly crv: CustomResourceVersion,
    deps: StoreDeps,
  ) {
    super(def, customResourceStrategy(crv), deps);
  }

  override customSchema(): { schema: object | undefined } {
    return { schema: this.crv.schema };
  }

  private normalized(obj: KObject): KObject {
    normalizeCustomResource(this.crv, obj);
    return obj;
  }

  override async get(namespace: string, name: string): Promise<KObject> {
    return this.normalized(await super.get(namespace, name));
  }

  override async list(namespace: string, opts: { limit?: number; startKey?: string } = {}): Promise<ListPage> {
    const page = await super.list(namespace, opts);
    for (const item of page.items) this.normalized(item);
    return page;
  }

  override update(
    namespace: string,
    name: string,
    tryUpdate: (current: KObject | undefined) => KObject | Promise<KObject>,
    opts: UpdateOptions & { allowCreate?: boolean },
  ): Promise<{ obj: KObject; created: boolean }> {
    if (opts.subresource !== 'status') return super.update(namespace, name, (current) => tryUpdate(current ? this.normalized(current) : current), opts);
    // The generic store keeps everything but status from the stored object and skips the kind's validation on
    // /status; kube's CR status strategy prunes, defaults and validates the result against the schema.
    return super.update(
      namespace,
      name,
      async (current) => {
        const desired = await tryUpdate(current ? this.normalized(current) : current);
        if (!current) return desired;
        normalizeCustomResource(this.crv, desired);
        const errs = await this.strategy.validateUpdate({ ...current, status: desired.status }, current, { warnings: opts.warnings, subresource: 'status' });
        if (errs.length) throw invalid(this.gk, name, errs);
        return desired;
      },
      opts,
    );
  }
}
