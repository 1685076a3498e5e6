// The store of one served custom resource version: the generic store over the CRD's storage prefix, with the
// version's defaults applied (and unknown fields pruned) on every read from storage, as kube's CR codec does.
import type { ResourceDef } from '../registry/resource-def.js';
import { GenericStore, type ListPage, type StoreDeps, type UpdateOptions } from '../registry/generic-store.js';
import { invalid } from '../errors/status.js';
import { deepClone, type KObject } from '../api/object.js';
import { customResourceStrategy, normalizeCustomResource, type CustomResourceVersion } from './cr-strategy.js';
import { cachedConversion, conversionServiceResolver, convertWithWebhook, rememberConversion, usesWebhookConversion } from './conversion-webhook.js';
import type { WriteOptions } from '../registry/generic-store.js';
import type { AdmissionAttributes, AdmissionOperation } from '../registry/admission.js';
import type { OperationContext } from '../registry/operation-context.js';
import type { Strategy } from '../registry/strategy.js';
import { jsonEqual, meta, type KubeObject } from '../api/object.js';

export class CustomResourceStore extends GenericStore {
  constructor(
    def: ResourceDef,
    readonly crv: CustomResourceVersion,
    deps: StoreDeps,
  ) {
    super(def, customResourceStrategy(crv), deps);
    // Updates of a version stored as another compare with the current object in this version (converted by the
    // write, see updateConverting), as kube does.
    const base: Strategy = this.strategy;
    (this as { strategy: Strategy }).strategy = { ...base, validateUpdate: (obj, old, ctx) => base.validateUpdate(obj, this.oldInThisVersion(old), ctx) };
  }

  /** A current object of another version as this version reads it, when a write converted it. */
  private oldInThisVersion<T extends KObject>(old: T): T {
    if (!this.webhookConversion || old.apiVersion === this.endpointApiVersion) return old;
    const c = cachedConversion(old, this.endpointApiVersion);
    return c ? (this.normalized(c) as T) : old;
  }

  override admissionAttributes(
    operation: AdmissionOperation,
    namespace: string,
    name: string,
    object: KubeObject | undefined,
    oldObject: KubeObject | undefined,
    op: OperationContext,
    subresource = '',
  ): AdmissionAttributes {
    return super.admissionAttributes(operation, namespace, name, object, oldObject ? this.oldInThisVersion(oldObject) : oldObject, op, subresource);
  }

  override customSchema(): { schema: object | undefined } {
    return { schema: this.crv.schema };
  }

  private normalized(obj: KObject): KObject {
    normalizeCustomResource(this.crv, obj);
    return obj;
  }

  /** How the conversion webhook's service reference resolves on this server. */
  get resolveService() {
    return conversionServiceResolver(this.deps);
  }

  /** This endpoint's apiVersion. */
  get endpointApiVersion(): string {
    return `${this.def.group}/${this.def.version}`;
  }

  /** Whether objects convert through the CRD's webhook between this version and the storage version. */
  private get webhookConversion(): boolean {
    return usesWebhookConversion(this.crv.crd) && this.endpointApiVersion !== this.crv.storageApiVersion;
  }

  /** A stored object in this endpoint's version (through the conversion webhook when there is one). */
  private async toEndpoint(obj: KObject, signal?: AbortSignal): Promise<KObject> {
    if (!this.webhookConversion || obj.apiVersion === this.endpointApiVersion) return obj;
    return (await convertWithWebhook(this.crv.crd, [obj], this.endpointApiVersion, this.resolveService, signal))[0]!;
  }

  /** An object of this endpoint's version, converted in place to the storage version. */
  private async toStorageInPlace(obj: KObject, signal?: AbortSignal): Promise<void> {
    obj.apiVersion = this.endpointApiVersion;
    const [stored] = await convertWithWebhook(this.crv.crd, [obj], this.crv.storageApiVersion, this.resolveService, signal);
    for (const k of Object.keys(obj)) delete obj[k];
    Object.assign(obj, stored);
  }

  override async get(namespace: string, name: string): Promise<KObject> {
    return this.normalized(await this.toEndpoint(await super.get(namespace, name)));
  }

  override async list(namespace: string, opts: { limit?: number; startKey?: string } = {}): Promise<ListPage> {
    const page = await super.list(namespace, opts);
    if (this.webhookConversion && page.items.length) page.items = await convertWithWebhook(this.crv.crd, page.items, this.endpointApiVersion, this.resolveService);
    for (const item of page.items) this.normalized(item);
    return page;
  }

  /** The objects as stored (in the storage version), for reads that convert them on their own. */
  listStored(namespace: string): Promise<ListPage> {
    return super.list(namespace);
  }

  override async create(namespace: string, input: KObject, opts: WriteOptions): Promise<KObject> {
    if (!this.webhookConversion) return super.create(namespace, input, opts);
    // The store writes the storage version: after validating admission the object converts through the webhook.
    let converted = false;
    const step = async () => {
      await opts.step?.();
      if (converted) return;
      converted = true;
      await this.toStorageInPlace(input, opts.signal);
    };
    const obj = await super.create(namespace, input, { ...opts, step });
    return this.normalized(await this.toEndpoint(obj, opts.signal));
  }

  override update(
    namespace: string,
    name: string,
    tryUpdate: (current: KObject | undefined) => KObject | Promise<KObject>,
    opts: UpdateOptions & { allowCreate?: boolean },
  ): Promise<{ obj: KObject; created: boolean }> {
    if (this.webhookConversion) return this.updateConverting(namespace, name, tryUpdate, opts);
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

  /**
   * An update of a version stored as another through the conversion webhook: the writer sees the current object
   * in its version; the result converts to the storage version after validating admission (a status write
   * converts before, as the store takes only its status); the answer converts back.
   */
  private async updateConverting(
    namespace: string,
    name: string,
    tryUpdate: (current: KObject | undefined) => KObject | Promise<KObject>,
    opts: UpdateOptions & { allowCreate?: boolean },
  ): Promise<{ obj: KObject; created: boolean }> {
    const signal = opts.signal;
    let pending: KObject | undefined;
    let currentStored: KObject | undefined;
    const step = async () => {
      await opts.step?.();
      // The store also steps right after tryUpdate; the object is ready once the strategy prepared it (its
      // apiVersion then names the storage version), before the store compares it with the current one.
      const obj = pending;
      if (!obj || obj.apiVersion !== this.crv.storageApiVersion) return;
      pending = undefined;
      await this.toStorageInPlace(obj, signal);
      // The generation rule compared objects of two versions: decide again in the storage version.
      const old = currentStored;
      if (old && meta(obj).generation !== meta(old).generation && jsonEqual(obj.spec, old.spec) && (this.strategy.hasStatusSubresource || jsonEqual(obj.status, old.status))) {
        meta(obj).generation = meta(old).generation;
      }
    };
    const status = opts.subresource === 'status';
    const r = await super.update(
      namespace,
      name,
      async (current) => {
        currentStored = current;
        const mine = current ? this.normalized(await this.toEndpoint(current, signal)) : current;
        if (current && mine && mine !== current) rememberConversion(current, this.endpointApiVersion, mine);
        const desired = await tryUpdate(mine ? deepClone(mine) : mine);
        if (!status) {
          pending = desired;
          return desired;
        }
        if (mine) {
          // As the status path above: prune, default and validate the result in this version, then convert.
          normalizeCustomResource(this.crv, desired);
          const errs = await this.strategy.validateUpdate({ ...mine, status: desired.status }, mine, { warnings: opts.warnings, subresource: 'status' });
          if (errs.length) throw invalid(this.gk, name, errs);
        }
        await this.toStorageInPlace(desired, signal);
        return desired;
      },
      { ...opts, step },
    );
    return { obj: this.normalized(await this.toEndpoint(r.obj, signal)), created: r.created };
  }
}
