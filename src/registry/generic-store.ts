// The generic store (kube's registry/generic/registry.Store): metadata rules, preconditions, generation,
// status split, dry-run and optimistic concurrency over the raw Storage interface (apiserver.md §3).
import { randomUUID, randomInt } from 'node:crypto';
import type { FieldError } from '../errors/field-error.js';
import { fieldErr, GoValue } from '../errors/field-error.js';
import {
  badRequest,
  alreadyExists,
  conflict,
  invalid,
  notFound,
  OPTIMISTIC_LOCK_MESSAGE,
  StatusError,
  unknownError,
  type GroupKind,
  type GroupResource,
} from '../errors/status.js';
import type { KV, Storage } from '../storage/interface.js';
import type { WatchCache } from '../storage/cacher/watch-cache.js';
import type { WatchCacheSet } from '../storage/cacher/watch-cache-set.js';
import { objectKey, resourcePrefix, namespacePrefix } from './keys.js';
import { goQuote } from '../golang/strconv.js';
import { isValidPathSegmentName } from '../validation/names.js';
import { deepClone, jsonEqual, meta, nowRFC3339, type KObject, type KubeObject } from '../api/object.js';
import type { ResourceDef } from './resource-def.js';
import { decodeStored, encodeStored, setResourceVersion } from './stored-codec.js';
import { encodeStoredForServing, rememberServedJson } from './served-json.js';
import { converterFor, type VersionConverter } from '../versions/converter.js';
import type { Strategy, StrategyContext } from './strategy.js';
import type { Admission, AdmissionAttributes, AdmissionOperation } from './admission.js';
import type { OperationContext } from './operation-context.js';
import { wasDecoded } from './decoded-objects.js';
import { createErrors, deletesOnWrite, preparedForUpdate, setResourceVersionOnCreate, systemFieldsForCreate, updateErrors } from './update-preparation.js';
import { countPreparedOutcome, preparedInvalid, type PreparedCreate, type PreparedUpdate } from './prepared-update.js';
import { storedObject } from './stored-object.js';
import { lazyAdmittedObject } from './lazy-admitted-object.js';
import { hintSplice } from './rv-splice.js';
import { apiVersionOf } from './resource-def.js';

/**
 * A write's operation context (user, request, dry-run, field manager, warnings, abort signal, audit annotations),
 * and `step`, awaited between the large steps of a write (lets the event loop serve others during heavy requests).
 */
export type WriteOptions = OperationContext & { step?: () => Promise<void> };

export interface UpdateOptions extends WriteOptions {
  /** '' for the main resource, or 'status' (and other subresources that write the object). */
  subresource: string;
  /**
   * Whether the desired object's resourceVersion is the client's precondition (true by default). A patch applied
   * to the current object carries that object's resourceVersion without the client having asked for it.
   */
  rvIsPrecondition?: (desired: KubeObject) => boolean;
  /** tryUpdate only reads the current object (and copies it before changing anything): no copy is made for it. */
  currentReadOnly?: boolean;
  /**
   * Prepares the update of the stored value off the event loop (prepared-update.ts) in place of tryUpdate and the
   * steps after it; undefined: this attempt goes the usual way.
   */
  prepare?: (stored: KV) => Promise<PreparedUpdate | undefined>;
}

/** Validates object metadata on create and update (wired to registry/validation). */
export interface MetaValidator {
  create(obj: KubeObject, def: ResourceDef): FieldError[];
  update(obj: KubeObject, old: KubeObject, def: ResourceDef, subresource: string): FieldError[];
}


export interface StoreDeps {
  storage: Storage;
  /** Watch caches per resource prefix: lists and watches read from them. */
  caches: WatchCacheSet;
  metaValidator: MetaValidator;
  /** Mutating admission before the strategy, validating admission after validation. */
  admission: Admission;
}

export interface ListPage {
  items: KubeObject[];
  rev: number;
  more: boolean;
  count: number;
  lastKey?: string;
}

const NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
const GENERATE_NAME_ATTEMPTS = 8;
const MAX_UPDATE_ATTEMPTS = 16;

function randomSuffix(): string {
  let s = '';
  for (let i = 0; i < 5; i++) s += NAME_ALPHABET[randomInt(NAME_ALPHABET.length)];
  return s;
}

export class GenericStore {
  readonly prefix: string;
  readonly gr: GroupResource;
  readonly gk: GroupKind;
  /** Set when this served version shares its storage with other versions or is stored in another version (versions/converter.ts). */
  readonly converter?: VersionConverter;

  constructor(
    readonly def: ResourceDef,
    readonly strategy: Strategy,
    readonly deps: StoreDeps,
    /** Storage resource name when it differs from the served one (events.k8s.io events live with core events). */
    storageResource?: { group: string; resource: string },
  ) {
    this.converter = converterFor(def);
    const storage = storageResource ?? this.converter?.storage;
    this.prefix = resourcePrefix(storage?.group ?? def.group, storage?.resource ?? def.resource, def.builtin !== false);
    this.gr = { group: def.group, resource: def.resource };
    this.gk = { group: def.group, kind: def.kind };
  }

  key(namespace: string, name: string): string {
    return objectKey(this.prefix, this.def.namespaced ? namespace : '', name);
  }

  /**
   * The key of a name a request gave: kube's key functions refuse a name that is not one path segment
   * (`.`, `..`, or containing `/` or `%`) with a 400, so no name ever addresses another key.
   */
  requestKey(namespace: string, name: string): string {
    const msgs = isValidPathSegmentName(name);
    if (msgs.length) throw badRequest(`Name parameter invalid: ${goQuote(name)}: ${msgs.join(';')}`);
    return this.key(namespace, name);
  }

  listPrefix(namespace: string): string {
    return namespacePrefix(this.prefix, this.def.namespaced ? namespace : '');
  }

  /** A stored value in this endpoint's form. */
  decode(kv: KV): KubeObject {
    const obj = decodeStored(kv);
    return this.converter ? this.converter.fromStored(obj) : obj;
  }

  /** An object of this endpoint's form as stored bytes. */
  encode(obj: KubeObject): Uint8Array {
    return encodeStored(this.converter ? this.converter.toStored(obj) : obj);
  }

  /**
   * The stored bytes of an object this store writes and returns, with where its resourceVersion goes in its JSON
   * (served-json.ts) when the endpoint answers it as it is stored: a built-in kind without conversion.
   */
  private encodeWritten(obj: KubeObject): { value: Uint8Array; at: number | undefined } {
    if (this.converter || this.def.builtin === false) return { value: this.encode(obj), at: undefined };
    return encodeStoredForServing(obj);
  }

  /**
   * The schema of a resource defined at run time, for field management (`schema` is the version's OpenAPI schema,
   * possibly absent); undefined for built-in kinds, whose schema is in the catalog.
   */
  customSchema(): { schema: object | undefined } | undefined {
    return undefined;
  }

  private get storage(): Storage {
    return this.deps.storage;
  }

  /** The watch cache of this resource (started on first use). */
  cache(): Promise<WatchCache> {
    return this.deps.caches.for(this.prefix);
  }

  /** The stored value, read through the watch cache (a consistent read). */
  async getKV(namespace: string, name: string): Promise<KV | undefined> {
    return this.getKVByKey(this.requestKey(namespace, name));
  }

  /** The stored value under a key of this resource, read through the watch cache (a consistent read). */
  async getKVByKey(key: string): Promise<KV | undefined> {
    const cache = await this.cache();
    await cache.consistentRev();
    return cache.get(key)?.toKV();
  }

  async get(namespace: string, name: string): Promise<KubeObject> {
    const kv = await this.getKV(namespace, name);
    if (!kv) throw notFound(this.gr, name);
    return this.decode(kv);
  }

  /**
   * The object as the watch cache holds it (consistent for the embedded engine): shared and read-only, for
   * admission and controllers that only look.
   */
  async getCached(namespace: string, name: string, opts: { consistent?: boolean } = {}): Promise<KubeObject | undefined> {
    const cache = await this.cache();
    if (opts.consistent !== false) await cache.consistentRev();
    const entry = cache.get(this.requestKey(namespace, name));
    if (!entry) return undefined;
    // The entry's shared slot holds the storage form (lists and watches read it too); convert for this endpoint.
    const stored = (entry.decoded ??= decodeStored(entry.toKV())) as KubeObject;
    return this.converter ? this.converter.fromStored(stored) : stored;
  }

  /**
   * A consistent list through the watch cache (with `consistent: false`, the cache as it is, as an informer's lister
   * reads); every item is a fresh copy the caller may change.
   */
  async list(namespace: string, opts: { limit?: number; startKey?: string; consistent?: boolean } = {}): Promise<ListPage> {
    const cache = await this.cache();
    const r = await cache.list(this.listPrefix(namespace), { consistent: opts.consistent !== false, limit: opts.limit, startKey: opts.startKey });
    return { items: r.entries.map((e) => this.decode(e.toKV())), rev: r.rev, more: r.more, count: r.count, lastKey: r.entries.at(-1)?.key };
  }

  private invalid(name: string, errs: FieldError[]): StatusError {
    return invalid(this.gk, name, errs);
  }

  /** kube's admission.Attributes of a write to this store. */
  admissionAttributes(
    operation: AdmissionOperation,
    namespace: string,
    name: string,
    object: KubeObject | undefined,
    oldObject: KubeObject | undefined,
    op: OperationContext,
    subresource = '',
  ): AdmissionAttributes {
    return {
      operation,
      kind: { group: this.def.group, version: this.def.version, kind: this.def.kind },
      resource: { group: this.def.group, version: this.def.version, resource: this.def.resource },
      subresource: op.request?.subresource ?? subresource,
      name,
      namespace: this.def.namespaced ? namespace : '',
      user: op.user,
      object,
      oldObject,
      dryRun: op.dryRun,
      context: op,
    };
  }

  /** Create (apiserver.md §3.1 steps 4–11). The object is already decoded and defaulted. */
  async create(namespace: string, input: KubeObject, opts: WriteOptions): Promise<KubeObject> {
    const obj = input;
    // What kube's decoder did to a request body; writers inside the server (controllers) skip that decoder.
    if (wasDecoded(obj)) this.strategy.shape?.(obj);
    else this.strategy.roundTrip?.(obj);
    const admitted = this.admissionAttributes('CREATE', namespace, meta(obj).name ?? '', obj, undefined, opts);
    await this.deps.admission.admit(admitted);
    return this.createAdmitted(namespace, obj, admitted, opts);
  }

  /** The rest of a create after mutating admission: preparation, validation, validating admission and the write. */
  private async createAdmitted(namespace: string, obj: KubeObject, admitted: AdmissionAttributes, opts: WriteOptions): Promise<KubeObject> {
    const md = meta(obj);
    const d = { def: this.def, strategy: this.strategy, metaValidator: this.deps.metaValidator };
    systemFieldsForCreate(d, obj, namespace);
    const sctx: StrategyContext = { warnings: opts.warnings, user: opts.user };
    const generated = !md.name && !!md.generateName;
    if (generated) md.name = md.generateName!.slice(0, 58) + randomSuffix();
    await this.strategy.prepareForCreate(obj, sctx);
    await opts.step?.();

    const errs = await createErrors(d, obj, sctx);
    if (errs.length) {
      this.strategy.release?.(obj);
      throw this.invalid(md.name ?? md.generateName ?? '', errs);
    }
    admitted.name = md.name ?? '';
    try {
      await this.deps.admission.validate(admitted);
    } catch (e) {
      this.strategy.release?.(obj);
      throw e;
    }
    await opts.step?.();

    if (setResourceVersionOnCreate(obj)) {
      this.strategy.release?.(obj);
      throw unknownError('resourceVersion should not be set on objects to be created');
    }
    delete md.resourceVersion;
    this.strategy.roundTrip?.(obj);
    if (opts.dryRun) {
      this.strategy.release?.(obj);
      return obj;
    }
    for (let attempt = 1; ; attempt++) {
      const { value, at } = this.encodeWritten(obj);
      const r = await this.storage.put(this.key(namespace, md.name!), value, 0);
      if (r.ok) {
        setResourceVersion(md, String(r.kv.modRev));
        rememberServedJson(obj, value, at, md.resourceVersion!);
        return obj;
      }
      if (generated && attempt < GENERATE_NAME_ATTEMPTS) {
        md.name = md.generateName!.slice(0, 58) + randomSuffix();
        continue;
      }
      this.strategy.release?.(obj);
      const existing = r.current ? this.decode(r.current) : undefined;
      if (generated) {
        const e = alreadyExists(this.gr, md.name!, ', the server was not able to generate a unique name for the object');
        e.status.details!.retryAfterSeconds = 1;
        throw e;
      }
      const e = alreadyExists(this.gr, md.name!);
      if (existing?.metadata?.deletionTimestamp) e.status.message = `object is being deleted: ${e.status.message}`;
      throw e;
    }
  }

  /**
   * A create the write worker prepared (prepared-update.ts): mutating admission with the object decoded only for a
   * plug-in that looks at it. When none looked, the prepared outcome stands (validation's error, or the prepared
   * bytes written as they are); otherwise the create goes on in-thread from the admitted object.
   */
  async createPrepared(namespace: string, p: PreparedCreate, opts: WriteOptions): Promise<KubeObject> {
    const admitted = this.admissionAttributes('CREATE', namespace, p.name, undefined, undefined, opts);
    const desired = lazyAdmittedObject(admitted, p.desired);
    await this.deps.admission.admit(admitted);
    if (desired.looked()) {
      const obj = desired.object();
      await opts.step?.();
      Object.defineProperty(admitted, 'object', { value: obj, writable: true, enumerable: true, configurable: true });
      return this.createAdmitted(namespace, obj, admitted, opts);
    }
    countPreparedOutcome();
    opts.warnings.push(...p.warnings);
    const bad = preparedInvalid(p);
    if (bad) throw bad;
    const stored = p.stored!;
    const key = this.key(namespace, p.name);
    const answer = (rv: string | undefined): KubeObject => {
      if (p.rvAt !== undefined) return storedObject({ value: stored, rvAt: p.rvAt, rv });
      if (rv === undefined) return JSON.parse(Buffer.from(stored).toString()) as KubeObject;
      return this.decode({ key, value: stored, createRev: 0, modRev: Number(rv) });
    };
    // Validating admission sees the object to store, decoded only for a plug-in that looks at it.
    await this.deps.admission.validate(this.withObject(admitted, () => answer(undefined)));
    if (opts.dryRun) return answer(undefined);
    const r = await this.storage.put(key, stored, 0);
    if (r.ok) {
      if (p.readAt !== undefined) hintSplice(stored, p.readAt, apiVersionOf(this.def));
      return answer(String(r.kv.modRev));
    }
    const existing = r.current ? this.decode(r.current) : undefined;
    const e = alreadyExists(this.gr, p.name);
    if (existing?.metadata?.deletionTimestamp) e.status.message = `object is being deleted: ${e.status.message}`;
    throw e;
  }

  /**
   * Update with optimistic concurrency (kube's GuaranteedUpdate): tryUpdate gets the current object (or undefined
   * when it does not exist) and returns the desired object. A resourceVersion in the desired object is a
   * precondition; without one the update is retried on conflicts. `stored` is the value `current` was decoded from.
   */
  async update(
    namespace: string,
    name: string,
    tryUpdate: (current: KubeObject | undefined, stored?: KV) => KubeObject | Promise<KubeObject>,
    opts: UpdateOptions & { allowCreate?: boolean },
  ): Promise<{ obj: KubeObject; created: boolean }> {
    const key = this.requestKey(namespace, name);
    for (let attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt++) {
      const kv = (await this.storage.get(key)).kv;
      const prepared = kv && opts.prepare && (await opts.prepare(kv));
      if (prepared) {
        const done = await this.updatePrepared(key, namespace, name, kv, prepared, opts);
        if (done) return done;
        continue;
      }
      const current = kv ? this.decode(kv) : undefined;
      // Heavy requests yield between stages here and below (heavy-work.ts); the write is a compare-and-swap either way.
      await opts.step?.();
      let given = current;
      if (current && !opts.currentReadOnly) {
        given = deepClone(current);
        await opts.step?.();
      }
      const desired = await tryUpdate(given, kv);
      await opts.step?.();
      const dmd = meta(desired);
      if (!current) {
        const mayCreate = (opts.allowCreate ?? this.strategy.allowCreateOnUpdate) && !opts.subresource;
        if (!mayCreate) throw notFound(this.gr, name);
        if (dmd.resourceVersion) throw conflict(this.gr, name, OPTIMISTIC_LOCK_MESSAGE);
        try {
          return { obj: await this.create(namespace, desired, opts), created: true };
        } catch (e) {
          if (e instanceof StatusError && e.reason === 'AlreadyExists') continue; // raced with a create: retry as update
          throw e;
        }
      }
      const cmd = meta(current);
      const givenRV = this.checkUpdatePreconditions(key, name, dmd.uid, cmd.uid, dmd.resourceVersion, cmd.resourceVersion);
      const explicitRV = givenRV !== '' && (opts.rvIsPrecondition?.(desired) ?? true);

      // As kube decodes the body (unless the endpoint did): spec comparisons see the same shape on both sides.
      if (wasDecoded(desired)) this.strategy.shape?.(desired);
      else this.strategy.roundTrip?.(desired);
      await opts.step?.();
      const admitted = this.admissionAttributes('UPDATE', namespace, name, desired, current, opts, opts.subresource);
      await this.deps.admission.admit(admitted);
      const done = await this.updateAdmitted(key, name, kv!, current, desired, admitted, explicitRV, opts);
      if (done) return done;
    }
    throw conflict(this.gr, name, OPTIMISTIC_LOCK_MESSAGE);
  }

  /**
   * The rest of an update after mutating admission: preparation, validation, validating admission, the storage
   * round trip, the no-op check and the write. Undefined: the write lost a race it may retry.
   */
  private async updateAdmitted(
    key: string,
    name: string,
    kv: KV,
    current: KubeObject,
    desired: KubeObject,
    admitted: AdmissionAttributes,
    explicitRV: boolean,
    opts: UpdateOptions,
  ): Promise<{ obj: KubeObject; created: boolean } | undefined> {
    const cmd = meta(current);
    const popts = { subresource: opts.subresource, warnings: opts.warnings };
    const d = { def: this.def, strategy: this.strategy, metaValidator: this.deps.metaValidator };
    const obj = preparedForUpdate(d, desired, current, popts);
    admitted.object = obj;
    meta(obj).resourceVersion = cmd.resourceVersion; // an unconditional update is made against the current version
    await opts.step?.();
    const errs = await updateErrors(d, obj, current, popts);
    if (errs.length) throw this.invalid(name, errs);
    await this.deps.admission.validate(admitted);
    await opts.step?.();

    const omd = meta(obj);
    omd.resourceVersion = cmd.resourceVersion;
    this.strategy.roundTrip?.(obj);
    await opts.step?.();
    if (jsonEqual(obj, current)) return { obj: current, created: false }; // no-op: no write, same resourceVersion
    await opts.step?.();
    // Removing the last finalizer of an object being deleted deletes it.
    if (deletesOnWrite(this.strategy, obj)) return this.deleteOnUpdate(key, name, kv, current, obj, explicitRV, opts);
    if (opts.dryRun) return { obj, created: false };
    const { value, at } = this.encodeWritten(obj);
    const r = await this.storage.put(key, value, kv.modRev);
    if (r.ok) {
      setResourceVersion(omd, String(r.kv.modRev));
      rememberServedJson(obj, value, at, omd.resourceVersion!);
      return { obj, created: false };
    }
    if (!r.current) throw notFound(this.gr, name);
    if (explicitRV) throw conflict(this.gr, name, OPTIMISTIC_LOCK_MESSAGE);
    return undefined;
  }

  private async deleteOnUpdate(key: string, name: string, kv: KV, current: KubeObject, obj: KubeObject, explicitRV: boolean, opts: UpdateOptions): Promise<{ obj: KubeObject; created: boolean } | undefined> {
    if (opts.dryRun) return { obj, created: false };
    const d = await this.storage.delete(key, kv.modRev);
    if (!d.ok) {
      if (explicitRV) throw conflict(this.gr, name, OPTIMISTIC_LOCK_MESSAGE);
      return undefined;
    }
    this.strategy.release?.(current);
    return { obj, created: false };
  }

  /**
   * An update the write worker prepared (prepared-update.ts) against the stored value `kv`: the preconditions, then
   * mutating admission with the objects decoded only for a plug-in that looks at them. When none looked, the
   * prepared outcome stands (validation's error, the no-op, or the prepared bytes written as they are); otherwise the
   * update goes on in-thread from the admitted object. Undefined: the write lost a race it may retry.
   */
  private async updatePrepared(
    key: string,
    namespace: string,
    name: string,
    kv: KV,
    p: PreparedUpdate,
    opts: UpdateOptions,
  ): Promise<{ obj: KubeObject; created: boolean } | undefined> {
    let current: KubeObject | undefined;
    const currentObj = () => (current ??= this.decode(kv));
    // The stored object's uid (found by the worker) and resourceVersion (its revision) without decoding it.
    const currentRV = String(kv.modRev);
    const givenRV = this.checkUpdatePreconditions(key, name, p.uid, p.currentUid, p.resourceVersion, currentRV);
    const explicitRV = givenRV !== '' && !p.implicitRV;

    const admitted = this.admissionAttributes('UPDATE', namespace, name, undefined, undefined, opts, opts.subresource);
    const desired = lazyAdmittedObject(admitted, p.desired);
    Object.defineProperty(admitted, 'oldObject', { enumerable: true, configurable: true, get: currentObj, set: (v: KubeObject) => (current = v) });
    await this.deps.admission.admit(admitted);
    if (desired.looked() || p.deletes) {
      // A plug-in saw (and may have changed) the object, or the write deletes it: the update goes on in-thread.
      const obj = desired.object();
      await opts.step?.();
      Object.defineProperties(admitted, { object: { value: obj, writable: true, enumerable: true, configurable: true }, oldObject: { value: currentObj(), writable: true, enumerable: true, configurable: true } });
      return this.updateAdmitted(key, name, kv, currentObj(), obj, admitted, explicitRV, opts);
    }
    countPreparedOutcome();
    opts.warnings.push(...p.warnings);
    const bad = preparedInvalid(p);
    if (bad) throw bad;
    // Validating admission sees the object to store, decoded only for a plug-in that looks at it.
    const answer = (form: PreparedUpdate['stored'], rvAt: number | undefined, rv: string): KubeObject =>
      rvAt === undefined ? this.decode({ ...kv, value: form!, modRev: Number(rv) }) : storedObject({ value: form!, rvAt, rv });
    if (p.noop) {
      await this.deps.admission.validate(this.withObject(admitted, () => (p.currentRvAt === undefined ? currentObj() : answer(kv.value, p.currentRvAt, currentRV))));
      return { obj: current ?? (p.currentRvAt === undefined ? currentObj() : answer(kv.value, p.currentRvAt, currentRV)), created: false };
    }
    const stored = p.stored!;
    await this.deps.admission.validate(this.withObject(admitted, () => answer(stored, p.rvAt, currentRV)));
    if (opts.dryRun) return { obj: answer(stored, p.rvAt, currentRV), created: false };
    const r = await this.storage.put(key, stored, kv.modRev);
    if (r.ok) {
      if (p.readAt !== undefined) hintSplice(stored, p.readAt, apiVersionOf(this.def));
      return { obj: answer(stored, p.rvAt, String(r.kv.modRev)), created: false };
    }
    if (!r.current) throw notFound(this.gr, name);
    if (explicitRV) throw conflict(this.gr, name, OPTIMISTIC_LOCK_MESSAGE);
    return undefined;
  }

  /** `a` with its object made on first look. */
  /**
   * An update's preconditions, as kube checks them before admission: a uid in the body must be the stored one, a
   * resourceVersion is required unless the strategy allows unconditional updates, and must be the stored one.
   * Returns the resourceVersion given ('' for none).
   */
  private checkUpdatePreconditions(key: string, name: string, givenUid: string | undefined, currentUid: string | undefined, givenResourceVersion: string | undefined, currentRV: string | undefined): string {
    if (givenUid && givenUid !== currentUid) {
      throw conflict(
        this.gr,
        name,
        `StorageError: invalid object, Code: 4, Key: ${key}, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: ${givenUid}, UID in object meta: ${currentUid}`,
      );
    }
    const givenRV = givenResourceVersion ?? '';
    if (givenRV === '' && !this.strategy.allowUnconditionalUpdate) {
      throw invalid({ group: this.def.group, kind: this.def.resource }, name, [fieldErr.invalid('metadata.resourceVersion', new GoValue('0x0'), 'must be specified for an update')]);
    }
    if (givenRV !== '' && givenRV !== currentRV) throw conflict(this.gr, name, OPTIMISTIC_LOCK_MESSAGE);
    return givenRV;
  }

  private withObject(a: AdmissionAttributes, make: () => KubeObject): AdmissionAttributes {
    let obj: KubeObject | undefined;
    return Object.defineProperty(a, 'object', { enumerable: true, configurable: true, get: () => (obj ??= make()), set: (v: KubeObject) => (obj = v) });
  }

  /** Whether the kind's own finalization state lets the object go (the strategy's hook; namespaces' spec.finalizers). */
  finalizersDone(obj: KubeObject): boolean {
    return this.strategy.finalizersDone?.(obj) ?? true;
  }

  /** Writes an object that must exist, retrying on conflicts (used by deletion and controllers). */
  async mutate(namespace: string, name: string, fn: (obj: KubeObject) => KubeObject | undefined, dryRun = false): Promise<KubeObject | undefined> {
    const key = this.requestKey(namespace, name);
    for (let attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt++) {
      const kv = (await this.storage.get(key)).kv;
      if (!kv) return undefined;
      const current = this.decode(kv);
      const next = fn(deepClone(current));
      if (!next || jsonEqual(next, current)) return current;
      if (dryRun) return next;
      const r = await this.storage.put(key, this.encode(next), kv.modRev);
      if (r.ok) {
        setResourceVersion(meta(next), String(r.kv.modRev));
        return next;
      }
    }
    throw conflict(this.gr, name, OPTIMISTIC_LOCK_MESSAGE);
  }

  /** Removes the object if its revision is still expected; returns the deleted object or undefined on conflict. */
  async removeIfUnchanged(kv: KV): Promise<{ obj: KubeObject; rev: number } | undefined> {
    const d = await this.storage.delete(kv.key, kv.modRev);
    if (!d.ok) return undefined;
    const obj = this.decode(d.prev);
    this.strategy.release?.(obj);
    return { obj, rev: d.rev };
  }
}

export { specChanged } from './update-preparation.js';
