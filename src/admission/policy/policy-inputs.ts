// What both admission policy plug-ins (validating and mutating) share: the CEL inputs of one request (kube's
// activation: object, oldObject, request, namespaceObject, authorizer) and the params a binding selects (kube's
// CollectParams, with its error texts).
import type { KubeObject } from '../../api/object.js';
import { admissionRequestType, authorizerValue, jsonValue, namespaceType, requestResourceCheck, schemaValue } from '../../cel/index.js';
import type { AdmissionAttributes } from '../../registry/admission.js';
import type { ResourceRegistry } from '../../registry/resource-registry.js';
import { labelSelectorFromMetaV1, type LabelSelectorV1 } from '../../selection/label-selector.js';
import type { RequestAuthorizer } from '../request-authorizer.js';
import type { GVK, GVR } from './matching.js';

const REQUEST_TYPE = admissionRequestType();
const NAMESPACE_TYPE = namespaceType();

export interface ParamResource { group: string; resource: string; namespaced: boolean }

export interface ParamRefSpec { name?: string; namespace?: string; selector?: unknown; parameterNotFoundAction?: string }

function parseApiVersion(apiVersion: string): { group: string; version: string } | undefined {
  const parts = apiVersion.split('/');
  if (parts.length === 1) return { group: '', version: parts[0] };
  if (parts.length === 2) return { group: parts[0], version: parts[1] };
  return undefined;
}

/** The CEL inputs of a request matched as `resource`/`kind`; `object` is the request's unless given. */
export function policyInputs(
  registry: ResourceRegistry, a: AdmissionAttributes, resource: GVR, kind: GVK, namespace: KubeObject | undefined, authz: RequestAuthorizer | undefined,
  object: KubeObject | undefined = a.object,
) {
  const req = a.context.request;
  const requestResource = req ? { group: req.group, version: req.version, resource: req.resource } : a.resource;
  const requestKind = req ? kindOf(registry, requestResource) ?? a.kind : a.kind;
  const user = a.user;
  const userInfo: Record<string, unknown> = { username: user?.name ?? '' };
  if (user?.uid) userInfo.uid = user.uid;
  if (user?.groups?.length) userInfo.groups = user.groups;
  if (user?.extra && Object.keys(user.extra).length) userInfo.extra = user.extra;
  const request = {
    kind, resource, subResource: a.subresource, requestKind, requestResource, requestSubResource: a.subresource,
    name: a.name || object?.metadata?.name || '', namespace: a.namespace, operation: a.operation, userInfo, dryRun: a.dryRun,
    options: a.options ?? null,
  };
  let authorizer: unknown;
  let requestResourceValue: unknown;
  if (authz) {
    authorizer = authorizerValue(user ?? { name: '', groups: [] }, authz);
    requestResourceValue = requestResourceCheck(authorizer as ReturnType<typeof authorizerValue>, {
      group: requestResource.group, resource: requestResource.resource, subresource: a.subresource, namespace: a.namespace, name: a.name,
    });
  }
  return {
    object: a.operation === 'DELETE' ? null : jsonValue(object ?? null),
    oldObject: jsonValue(a.oldObject ?? null),
    request: schemaValue(request, REQUEST_TYPE),
    namespaceObject: namespace ? schemaValue(namespaceForCel(namespace), NAMESPACE_TYPE) : null,
    authorizer,
    requestResource: requestResourceValue,
  };
}

function kindOf(registry: ResourceRegistry, gvr: GVR): GVK | undefined {
  const r = registry.lookup(gvr);
  return r ? { group: gvr.group, version: gvr.version, kind: r.def.kind } : undefined;
}

/** The served resource of a paramKind, or kube's error text. */
export function paramResourceOf(registry: ResourceRegistry, paramKind: { apiVersion?: string; kind?: string }): ParamResource | string {
  const gv = parseApiVersion(paramKind.apiVersion ?? '');
  const gvkText = `${gv ? `${gv.group}/${gv.version}` : paramKind.apiVersion}, Kind=${paramKind.kind ?? ''}`;
  if (!gv) return `failed to parse paramKind APIVersion: unexpected GroupVersion string: ${paramKind.apiVersion}`;
  const def = registry.all().find((r) => r.group === gv.group && r.version === gv.version && r.kind === paramKind.kind && !r.resource.includes('/'));
  if (!def) return `failed to find resource referenced by paramKind: '${gvkText}'`;
  return { group: def.group, resource: def.resource, namespaced: def.namespaced };
}

/** kube's CollectParams: the params a binding selects (one null when the policy or binding uses none). */
export async function collectParams(registry: ResourceRegistry, kind: ParamResource | undefined, ref: ParamRefSpec | null | undefined, namespace: string): Promise<(KubeObject | null)[]> {
  if (!kind || !ref) return [null];
  const store = registry.storeFor(kind);
  if (!store) throw new Error(`paramKind kind \`${kind.resource}\` not known`);
  let ns = '';
  if (kind.namespaced) {
    ns = ref.namespace || namespace;
    if (!ns) throw new Error('cannot use namespaced paramRef in policy binding that matches cluster-scoped resources');
  } else if (ref.namespace) {
    throw new Error('paramRef.namespace must not be provided for a cluster-scoped `paramKind`');
  }
  let params: KubeObject[];
  if (ref.name) {
    if (ref.selector) throw new Error('paramRef.name and paramRef.selector are mutually exclusive');
    const p = await registry.getObject(kind, ns, ref.name, { consistent: false });
    params = p ? [p] : [];
  } else if (ref.selector) {
    const selector = labelSelectorFromMetaV1(ref.selector as LabelSelectorV1);
    const page = await store.list(ns);
    params = page.items.filter((o) => selector.matches((o.metadata?.labels ?? {}) as Record<string, string>));
  } else {
    throw new Error('one of name or selector must be provided');
  }
  if (params.length === 0 && ref.parameterNotFoundAction === 'Deny') throw new Error('no params found for policy binding with `Deny` parameterNotFoundAction');
  return params;
}

/** The namespace as CEL sees it: metadata limited to kube's fields, spec and status. */
export function namespaceForCel(ns: KubeObject): Record<string, unknown> {
  const m = ns.metadata ?? {};
  const metadata: Record<string, unknown> = {};
  for (const k of ['name', 'generateName', 'namespace', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'finalizers']) {
    const v = (m as Record<string, unknown>)[k];
    if (v !== undefined) metadata[k] = v;
  }
  return { metadata, spec: ns.spec ?? {}, status: ns.status ?? {} };
}
