// The shape of one served resource as discovery, OpenAPI and the router see it. Built-ins come from the
// generated catalog; CustomResourceDefinitions produce the same shape and are appended to the served list.

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

export interface SubresourceInfo {
  /** e.g. "status", "scale", "exec". */
  name: string;
  /** The kind of the request/response body, e.g. Scale for deployments/scale. */
  kind: string;
  /** Group and version of that kind (autoscaling/v1 for scale, policy/v1 for pods/eviction). */
  group: string;
  version: string;
  /** Discovery verbs, sorted (get, create, update, patch, delete). */
  verbs: string[];
  /** A "connect" sub-resource (pods/exec, attach, portforward, proxy; services/proxy; nodes/proxy). */
  connect?: boolean;
  /** HTTP methods a connect sub-resource accepts (includes HEAD and OPTIONS for proxies). */
  methods?: string[];
  /** Component schema name of the body in loadSchemas(group of the parent, version of the parent). */
  schema?: string;
}

export interface Deprecation {
  /** Minor release the kind became deprecated in, e.g. "1.33". */
  deprecatedIn: string;
  removedIn?: string;
  replacement?: GroupVersionKind;
  /** The exact text kube-apiserver sends in the `Warning: 299 - "..."` header for every request. */
  warning: string;
}

export interface ResourceInfo {
  group: string;
  version: string;
  /** Plural, lower case, as in the URL. */
  resource: string;
  kind: string;
  /** Empty for create-only virtual resources (tokenreviews, bindings, ...). */
  listKind: string;
  singular: string;
  namespaced: boolean;
  /** Discovery verbs, sorted. */
  verbs: string[];
  shortNames: string[];
  categories: string[];
  /** Sorted by name. */
  subresources: SubresourceInfo[];
  /** base64 of the first 8 bytes of sha256("<group>/<storage version>/<Kind>"); only for stored resources. */
  storageVersionHash?: string;
  deprecated?: Deprecation;
  stability?: 'ga' | 'beta' | 'alpha';
  /** Whether kube-apiserver 1.33 serves it without --runtime-config (absent = true). */
  enabledByDefault?: boolean;
  /**
   * Discovery order. Groups: higher groupPriority first (ties by name); versions inside a group: higher
   * versionPriority first (ties by kube-aware version order). CRDs: 1000 and 100 (kube's CRD APIService values).
   */
  groupPriority?: number;
  versionPriority?: number;
  /** Component schema names (keys of loadSchemas(group, version)) of the kind and its list. */
  schema?: string;
  listSchema?: string;
  /** DELETE answers with the object (graceful deletion, e.g. pods) instead of a Success Status. */
  deleteReturnsObject?: boolean;
  /** True for resources of the generated built-in catalog. */
  builtin?: boolean;
}

export const gvString = (group: string, version: string): string => (group ? `${group}/${version}` : version);
