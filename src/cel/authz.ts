// Kubernetes' authorizer library (apiserver pkg/cel/library/authz.go): `authorizer.group(g).resource(r)...check(verb)`,
// `authorizer.path(p).check(verb)`, `authorizer.serviceAccount(ns, name)`, decisions, and the AuthorizeWithSelectors
// builders `fieldSelector` / `labelSelector`. CEL evaluation is synchronous, so the authorizer given to
// `authorizerValue` must answer synchronously.
import type { Attributes, AuthorizerResult } from '../authz/authorizer.js';
import { isDNS1123Label, isDNS1123Subdomain } from '../validation/names.js';
import type { UserInfo } from '../http/request-context.js';
import { fn, member } from './decls.js';
import type { CelLibrary } from './env.js';
import type { RuntimeLibrary } from './stdlib.js';
import { T } from './types.js';
import { CelError, noSuchOverload, registerOpaqueType } from './values.js';

/** Attributes of one check, with the selectors of AuthorizeWithSelectors (raw text; parsing is the authorizer's). */
export interface CelAuthzAttributes extends Attributes {
  fieldSelector?: string;
  labelSelector?: string;
}

export interface SyncAuthorizer {
  authorize(attrs: CelAuthzAttributes): AuthorizerResult;
}

export class AuthorizerValue {
  constructor(readonly user: UserInfo, readonly authorizer: SyncAuthorizer) {}
}
export class PathCheck {
  constructor(readonly authz: AuthorizerValue, readonly path: string) {}
}
export class GroupCheck {
  constructor(readonly authz: AuthorizerValue, readonly group: string) {}
}
export class ResourceCheck {
  constructor(
    readonly group: GroupCheck,
    readonly resource: string,
    readonly subresource = '',
    readonly namespace = '',
    readonly name = '',
    readonly fieldSelector = '',
    readonly labelSelector = '',
  ) {}
  with(change: Partial<Pick<ResourceCheck, 'subresource' | 'namespace' | 'name' | 'fieldSelector' | 'labelSelector'>>): ResourceCheck {
    const c = { ...this, ...change };
    return new ResourceCheck(this.group, this.resource, c.subresource, c.namespace, c.name, c.fieldSelector, c.labelSelector);
  }
}
export class Decision {
  constructor(readonly result: AuthorizerResult, readonly error?: string) {}
}

export const AUTHORIZER_TYPE = 'kubernetes.authorization.Authorizer';
export const PATH_CHECK_TYPE = 'kubernetes.authorization.PathCheck';
export const GROUP_CHECK_TYPE = 'kubernetes.authorization.GroupCheck';
export const RESOURCE_CHECK_TYPE = 'kubernetes.authorization.ResourceCheck';
export const DECISION_TYPE = 'kubernetes.authorization.Decision';

// Kubernetes' authorizer values are receiver-only: no two are equal.
registerOpaqueType(AuthorizerValue, AUTHORIZER_TYPE, () => false);
registerOpaqueType(PathCheck, PATH_CHECK_TYPE, () => false);
registerOpaqueType(GroupCheck, GROUP_CHECK_TYPE, () => false);
registerOpaqueType(ResourceCheck, RESOURCE_CHECK_TYPE, () => false);
registerOpaqueType(Decision, DECISION_TYPE, () => false);

/** The value of `authorizer` for a request's user. */
export function authorizerValue(user: UserInfo, authorizer: SyncAuthorizer): AuthorizerValue {
  return new AuthorizerValue(user, authorizer);
}

/** The value of `authorizer.requestResource`: a resource check pre-filled with the request's resource. */
export function requestResourceCheck(authz: AuthorizerValue, r: { group: string; resource: string; subresource: string; namespace: string; name: string }): ResourceCheck {
  return new ResourceCheck(new GroupCheck(authz, r.group), r.resource, r.subresource, r.namespace, r.name);
}

const A = T.opaque(AUTHORIZER_TYPE);
const P = T.opaque(PATH_CHECK_TYPE);
const G = T.opaque(GROUP_CHECK_TYPE);
const R = T.opaque(RESOURCE_CHECK_TYPE);
const D = T.opaque(DECISION_TYPE);

function expect<C>(v: unknown, ctor: new (...args: any[]) => C): C {
  if (!(v instanceof ctor)) throw noSuchOverload();
  return v;
}
function text(v: unknown): string {
  if (typeof v !== 'string') throw noSuchOverload();
  return v;
}

function authorize(authz: AuthorizerValue, attrs: CelAuthzAttributes): Decision {
  try {
    return new Decision(authz.authorizer.authorize(attrs));
  } catch (e) {
    return new Decision({ decision: 'noOpinion', reason: '' }, (e as Error).message);
  }
}

function runtime(): RuntimeLibrary {
  const lib: RuntimeLibrary = new Map();
  const one = (name: string, id: string, impl: (...a: any[]) => unknown) => lib.set(name, [...(lib.get(name) ?? []), { id, impl }]);
  one('path', 'authorizer_path', (a, p) => {
    const path = text(p);
    if (path.trim() === '') throw new CelError('path must not be empty');
    return new PathCheck(expect(a, AuthorizerValue), path);
  });
  one('group', 'authorizer_group', (a, g) => new GroupCheck(expect(a, AuthorizerValue), text(g)));
  one('serviceAccount', 'authorizer_serviceaccount', (a, ns, name) => {
    const authz = expect(a, AuthorizerValue);
    if (isDNS1123Subdomain(text(name)).length > 0) throw new CelError('Invalid service account name');
    if (isDNS1123Label(text(ns)).length > 0) throw new CelError('Invalid service account namespace');
    const user: UserInfo = { name: `system:serviceaccount:${ns}:${name}`, groups: ['system:serviceaccounts', `system:serviceaccounts:${ns}`] };
    return new AuthorizerValue(user, authz.authorizer);
  });
  one('resource', 'groupcheck_resource', (g, r) => {
    const resource = text(r);
    if (resource.trim() === '') throw new CelError('resource must not be empty');
    return new ResourceCheck(expect(g, GroupCheck), resource);
  });
  one('subresource', 'resourcecheck_subresource', (r, v) => expect(r, ResourceCheck).with({ subresource: text(v) }));
  one('namespace', 'resourcecheck_namespace', (r, v) => expect(r, ResourceCheck).with({ namespace: text(v) }));
  one('name', 'resourcecheck_name', (r, v) => expect(r, ResourceCheck).with({ name: text(v) }));
  // Selectors can only be set when the AuthorizeWithSelectors library declares these two.
  one('fieldSelector', 'authorizer_fieldselector', (r, v) => expect(r, ResourceCheck).with({ fieldSelector: text(v) }));
  one('labelSelector', 'authorizer_labelselector', (r, v) => expect(r, ResourceCheck).with({ labelSelector: text(v) }));
  lib.set('check', [
    { id: 'pathcheck_check', guard: (a) => a[0] instanceof PathCheck, impl: (p: PathCheck, verb: unknown) =>
      authorize(p.authz, { user: p.authz.user, verb: text(verb), isResourceRequest: false, path: p.path, namespace: '', apiGroup: '', apiVersion: '', resource: '', subresource: '', name: '' }) },
    { id: 'resourcecheck_check', guard: (a) => a[0] instanceof ResourceCheck, impl: (r: ResourceCheck, verb: unknown) =>
      authorize(r.group.authz, {
        user: r.group.authz.user, verb: text(verb), isResourceRequest: true, path: '', apiGroup: r.group.group, apiVersion: '*',
        resource: r.resource, subresource: r.subresource, namespace: r.namespace, name: r.name,
        ...(r.fieldSelector ? { fieldSelector: r.fieldSelector } : {}),
        ...(r.labelSelector ? { labelSelector: r.labelSelector } : {}),
      }) },
  ]);
  one('errored', 'decision_errored', (d) => expect(d, Decision).error !== undefined);
  one('error', 'decision_error', (d) => expect(d, Decision).error ?? '');
  one('allowed', 'decision_allowed', (d) => expect(d, Decision).result.decision === 'allow');
  one('reason', 'decision_reason', (d) => expect(d, Decision).result.reason);
  return lib;
}

export function authzLibrary(): CelLibrary {
  return {
    name: 'kubernetes.authz',
    declarations: [
      fn('path', member('authorizer_path', [A, T.string], P)),
      fn('group', member('authorizer_group', [A, T.string], G)),
      fn('serviceAccount', member('authorizer_serviceaccount', [A, T.string, T.string], A)),
      fn('resource', member('groupcheck_resource', [G, T.string], R)),
      fn('subresource', member('resourcecheck_subresource', [R, T.string], R)),
      fn('namespace', member('resourcecheck_namespace', [R, T.string], R)),
      fn('name', member('resourcecheck_name', [R, T.string], R)),
      fn('check', member('pathcheck_check', [P, T.string], D), member('resourcecheck_check', [R, T.string], D)),
      fn('errored', member('decision_errored', [D], T.bool)),
      fn('error', member('decision_error', [D], T.string)),
      fn('allowed', member('decision_allowed', [D], T.bool)),
      fn('reason', member('decision_reason', [D], T.string)),
    ],
    runtime: new Map([...runtime()].filter(([name]) => name !== 'fieldSelector' && name !== 'labelSelector')),
  };
}

export function authzSelectorsLibrary(): CelLibrary {
  const selectors = runtime();
  return {
    name: 'kubernetes.authzSelectors',
    declarations: [
      fn('fieldSelector', member('authorizer_fieldselector', [R, T.string], R)),
      fn('labelSelector', member('authorizer_labelselector', [R, T.string], R)),
    ],
    runtime: new Map([['fieldSelector', selectors.get('fieldSelector')!], ['labelSelector', selectors.get('labelSelector')!]]),
  };
}
