// The shape of one built-in resource's home (registry/resources/<group>/<resource>.ts): the strategy rules, the
// kind's validation, its table printer and its field selectors. The catalog (api/) says what is served; this says
// how the resource behaves. Everything is optional: a resource without a file gets the defaults.
import type { FieldError } from '../../errors/field-error.js';
import type { StatusError } from '../../errors/status.js';
import type { Printer } from '../../printers/printer.js';
import type { FieldSelectorSpec } from '../../selection/field-sets.js';
import type { ClusterIPAllocator } from '../strategies/cluster-ip-allocator.js';
import type { Strategy } from '../strategy.js';
import type { TypeDefaults } from './defaulting.js';
import type { NameValidator } from '../../validation/names.js';
import type { RestStorage } from '../rest.js';
import type { OperationContext } from '../operation-context.js';
import type { KObject } from '../../api/object.js';
import type { AuthnServices } from '../../authn/services.js';
import type { Authorizer } from '../../authz/authorizer.js';
import type { UserInfo } from '../../http/request-context.js';

/** What a kind-specific strategy may need from the server. */
export interface StrategyEnv {
  clusterIPs: ClusterIPAllocator;
}

/** The metadata checks a kind's ValidateUpdate interleaves with its own (kube's strategies differ in the order). */
export interface MetaChecks {
  /** The kind's ObjectMeta update rules. */
  update(): FieldError[];
  /** The kind's ObjectMeta create rules (name rule, finalizer rule), which some strategies re-run on update. */
  create(): FieldError[];
  /** The sub-resource written ('' or undefined for the main resource). */
  subresource?: string;
}

/** The object a sub-resource request is about, and what its resource can do. */
export interface SubresourceTarget {
  rest: RestStorage;
  namespace: string;
  name: string;
}

/** The write context of a sub-resource request, for the options it was given (the request's, or the body's dry-run). */
export type OperationFor = (o: { dryRun: boolean; fieldManager?: string }) => OperationContext;

/** What of the server a sub-resource may use beyond its resource (set once the server is assembled). */
export interface SubresourceServices {
  /** Token issuing (serviceaccounts/token). */
  authn?: AuthnServices;
}

/**
 * A sub-resource that is no view of the object (kube's BindingREST, EvictionREST, LogREST, TokenREST): what its verbs
 * do; the endpoint reads and decodes the body and writes the answer.
 */
export interface SubresourceRest {
  /**
   * POST: the body's type, and the write it stands for. Answered with kube's bare success Status (201), or, with
   * `returnsObject`, with the object `create` returns (201, in the format the request accepts).
   */
  create?: {
    body: { apiVersion: string; kind: string };
    returnsObject?: boolean;
    /** Whether this server can serve it (405 before anything else when not). */
    available?(services: SubresourceServices): boolean;
    create(target: SubresourceTarget, body: KObject, q: { dryRun: boolean; fieldManager?: string }, op: OperationFor, services: SubresourceServices): Promise<KObject | void>;
  };
  /**
   * PUT of the resource's own kind (namespaces/finalize): the object to store from the request's and the stored one;
   * the endpoint answers with the stored object.
   */
  update?(desired: KObject, current: KObject): KObject;
  /** GET: a plain-text answer. */
  get?(target: SubresourceTarget, query: URLSearchParams): Promise<string>;
}

/** What a review is answered from: who asks, where, and the server's authentication and authorization. */
export interface ReviewEnv extends SubresourceServices {
  user: UserInfo;
  /** The request's namespace ('' for cluster-scoped reviews). */
  namespace: string;
  authorizer: Authorizer;
}

/**
 * A create-only resource answered from the request and nothing stored (kube's access reviews, TokenReview,
 * SelfSubjectReview). The endpoint decodes the body, runs admission and writes `answer` (201); `answer` starts as the
 * request's kind and metadata (creationTimestamp null), and `review` adds the spec and status it answers with.
 */
export interface ReviewRest {
  review(request: KObject, answer: KObject, env: ReviewEnv): Promise<void>;
}

export interface BuiltinResource {
  group: string;
  /** Plural, as in the URL. */
  resource: string;
  kind: string;
  /** The rule its names follow, given the object (CRDs, APIServices and ClusterTrustBundles derive it from their spec); default: DNS-1123 subdomains. */
  nameRule?: (obj: unknown) => NameValidator;
  /** metadata.generation starts at 1 and grows with every spec change. */
  tracksGeneration?: boolean;
  /** A delete answers with the deleted object instead of a Status (kube's ReturnDeletedObject). */
  returnDeletedObject?: boolean;
  /** An update of a missing object creates it (kube's AllowCreateOnUpdate). */
  allowCreateOnUpdate?: boolean;
  /** Its objects are the namespaces: its paths `/namespaces/{name}` carry the name where others carry a namespace. */
  addressedAsNamespace?: boolean;
  /** The kind's own strategy over the generic one (prepare for create/update, deletion, allocation). */
  strategy?: (base: Strategy, env: StrategyEnv) => Strategy;
  /** Type checks on create, after the metadata checks. */
  validateCreate?: (obj: unknown) => FieldError[];
  /** The strategy's ValidateUpdate (default: the metadata update checks only). */
  validateUpdate?: (obj: unknown, old: unknown, m: MetaChecks) => FieldError[];
  /**
   * The Go defaulting functions of the kind's types (SetDefaults_<Type>), by OpenAPI component name; they apply
   * wherever the type appears, in any kind (a PodSpec in every template).
   */
  defaults?: TypeDefaults;
  /** Table columns and rows (default: Name and Created At). */
  printer?: Printer;
  /** A create-only resource computed per request: what it answers. */
  review?: ReviewRest;
  /** Its sub-resources that are not views of the object, by name. */
  subresources?: Record<string, SubresourceRest>;
  /** The error its connect sub-resources (exec, attach, proxy, ...) answer, kubelite having no node agent. */
  connectError?: (name: string) => StatusError;
  /** Field selector labels and the object's field values (default: metadata.name and metadata.namespace). */
  fieldSelectors?: FieldSelectorSpec;
}
