// Per-resource behaviour the generic store consults (kube's RESTCreateStrategy/RESTUpdateStrategy...).
import type { UserInfo } from '../http/request-context.js';
import type { FieldError } from '../errors/field-error.js';
import type { KObject } from '../api/object.js';
import type { ResourceDef } from './resource-def.js';

export interface StrategyContext {
  /** Warnings to return to the client. */
  warnings: string[];
  /** The sub-resource being written ('' for the main resource). */
  subresource?: string;
  /** The requesting user (absent for the server's own writes). */
  user?: UserInfo;
}

export interface Strategy {
  allowCreateOnUpdate: boolean;
  allowUnconditionalUpdate: boolean;
  /** metadata.generation is set to 1 on create and bumped on spec changes. */
  tracksGeneration: boolean;
  /** The main resource ignores status and /status ignores everything else. */
  hasStatusSubresource: boolean;
  /** A delete answers with the deleted object instead of a Status. */
  returnDeletedObject: boolean;
  /**
   * The objects are namespaces: a request path names one as `/namespaces/{name}`, which RequestInfo reads as the
   * request's namespace, so the router takes a namespace on this cluster-scoped resource.
   */
  addressedAsNamespace?: boolean;
  /** Kind-specific preparation on create (after system fields are set). */
  prepareForCreate(obj: KObject, ctx: StrategyContext): void | Promise<void>;
  /** Kind-specific preparation on update of the main resource. */
  prepareForUpdate(obj: KObject, old: KObject, ctx: StrategyContext): void;
  /**
   * Sub-resources with an update strategy of their own (kube's pods/ephemeralcontainers): the object to store, built
   * from the request's and the stored one (a copy; the store then bumps the generation on spec changes). Undefined:
   * the generic rules apply.
   */
  subresourceUpdate?(subresource: string, desired: KObject, current: KObject): KObject | undefined;
  /** Kind-specific validation (object metadata is validated by the store). */
  /** Asynchronous where validation may take long (custom resources' CEL rules give the event loop turns). */
  validate(obj: KObject, ctx?: StrategyContext): FieldError[] | Promise<FieldError[]>;
  validateUpdate(obj: KObject, old: KObject, ctx?: StrategyContext): FieldError[] | Promise<FieldError[]>;
  /** Kinds with finalization state of their own (namespaces' spec.finalizers): false while it holds the object. */
  finalizersDone?(obj: KObject): boolean;
  /** Called when deletion starts (deletionTimestamp first set) and the object stays pending. */
  prepareForDeletion?(obj: KObject): void;
  /**
   * The storage round trip of a built-in kind (kube decodes what it just wrote through the storage codec): the
   * defaulting functions run again, now over what admission and the strategy set, and the object takes the shape
   * Go's encoding/json gives it. In place; run on every write before it is stored or answered.
   */
  roundTrip?(obj: KObject): void;
  /** Go's encoding/json shape alone (no defaulting), for objects the endpoint already decoded and defaulted. */
  shape?(obj: KObject): void;
  /** Undo of resources the kind allocated (e.g. a Service's cluster IP) when a create fails or the object is deleted. */
  release?(obj: KObject): void;
}

/** The rules a resource's home may set (registry/resources/); all false by default. */
export interface StrategyRules {
  tracksGeneration?: boolean;
  returnDeletedObject?: boolean;
  allowCreateOnUpdate?: boolean;
  addressedAsNamespace?: boolean;
}

/** The generic strategy of a resource with the given rules (kube's defaults for a built-in kind). */
export function defaultStrategy(def: ResourceDef, rules: StrategyRules = {}): Strategy {
  return {
    allowCreateOnUpdate: rules.allowCreateOnUpdate ?? false,
    allowUnconditionalUpdate: true,
    tracksGeneration: rules.tracksGeneration ?? false,
    hasStatusSubresource: def.subresources.some((s) => s.name === 'status'),
    returnDeletedObject: rules.returnDeletedObject ?? false,
    addressedAsNamespace: rules.addressedAsNamespace ?? false,
    prepareForCreate: () => undefined,
    prepareForUpdate: () => undefined,
    validate: () => [],
    validateUpdate: () => [],
  };
}
