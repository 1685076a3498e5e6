// WithImpersonation (auth.md §6.2): Impersonate-User / -Group / -Uid / -Extra-<key> headers, each authorized for
// the authenticated user with the verb impersonate, then the request goes on as the impersonated user.
import type { Attributes, Authorizer } from '../authz/authorizer.js';
import type { RequestContext, UserInfo } from '../http/request-context.js';
import { writeBody, writeError } from '../http/respond.js';
import { forbiddenError } from './authorization.js';
import type { Filter } from './filter.js';

const AUTHENTICATED = 'system:authenticated';
const UNAUTHENTICATED = 'system:unauthenticated';
const ANONYMOUS = 'system:anonymous';
const SA_PREFIX = 'system:serviceaccount:';
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** One thing asked for, as kube's ObjectReference (its Go %v dump is part of one error text). */
interface Requested {
  kind: 'User' | 'ServiceAccount' | 'Group' | 'UserExtra' | 'UID';
  namespace?: string;
  name: string;
  apiVersion?: string;
  fieldPath?: string;
}

const goDump = (r: Requested) => `{${[r.kind, r.namespace ?? '', r.name, '', r.apiVersion ?? '', '', r.fieldPath ?? ''].join(' ')}}`;

/** Every value of a header, one per header line, as Go sees them (Node would join repeated lines with ", "). */
function headerValues(ctx: RequestContext, lowerName: string): string[] {
  const raw = ctx.req.rawHeaders ?? [];
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]!.toLowerCase() === lowerName) out.push(raw[i + 1]!);
  return out;
}

function splitServiceAccount(name: string): { namespace: string; name: string } | undefined {
  if (!name.startsWith(SA_PREFIX)) return undefined;
  const parts = name.slice(SA_PREFIX.length).split(':');
  if (parts.length !== 2) return undefined;
  const [ns, sa] = parts as [string, string];
  if (!ns || !sa || ns.length > 63 || !DNS_LABEL.test(ns) || sa.length > 253 || !DNS_SUBDOMAIN.test(sa)) return undefined;
  return { namespace: ns, name: sa };
}

function decodeExtraKey(raw: string): string {
  const lower = raw.toLowerCase();
  try {
    return decodeURIComponent(lower);
  } catch {
    return lower;
  }
}

function attributesFor(r: Requested, user: UserInfo): Attributes {
  const base = { user, verb: 'impersonate', isResourceRequest: true, path: '', namespace: '', apiGroup: '', apiVersion: '', resource: '', subresource: '', name: r.name };
  switch (r.kind) {
    case 'User':
      return { ...base, resource: 'users' };
    case 'ServiceAccount':
      return { ...base, resource: 'serviceaccounts', namespace: r.namespace ?? '' };
    case 'Group':
      return { ...base, resource: 'groups' };
    case 'UserExtra':
      return { ...base, apiGroup: 'authentication.k8s.io', apiVersion: 'v1', resource: 'userextras', subresource: r.fieldPath ?? '' };
    case 'UID':
      return { ...base, apiGroup: 'authentication.k8s.io', apiVersion: 'v1', resource: 'uids' };
  }
}

export function withImpersonation(authorizer: Authorizer): Filter {
  return async (ctx, next) => {
    const headers = ctx.req.headers;
    const userName = headerValues(ctx, 'impersonate-user')[0] ?? '';
    const groups = headerValues(ctx, 'impersonate-group');
    const uids = headerValues(ctx, 'impersonate-uid');
    const extraKeys = Object.keys(headers).filter((h) => h.startsWith('impersonate-extra-'));
    if (!userName && groups.length === 0 && uids.length === 0 && extraKeys.length === 0) return next();

    const requested: Requested[] = [];
    const sa = userName ? splitServiceAccount(userName) : undefined;
    if (sa) requested.push({ kind: 'ServiceAccount', namespace: sa.namespace, name: sa.name });
    else if (userName) requested.push({ kind: 'User', name: userName });
    for (const g of groups) requested.push({ kind: 'Group', name: g });
    const extra: Record<string, string[]> = {};
    const seenRaw = new Set<string>();
    for (let i = 0; i < (ctx.req.rawHeaders ?? []).length; i += 2) {
      const h = ctx.req.rawHeaders[i]!.toLowerCase();
      if (!h.startsWith('impersonate-extra-') || seenRaw.has(h)) continue;
      seenRaw.add(h);
      const key = decodeExtraKey(h.slice('impersonate-extra-'.length));
      for (const v of headerValues(ctx, h)) {
        (extra[key] ??= []).push(v);
        requested.push({ kind: 'UserExtra', name: v, apiVersion: 'authentication.k8s.io/v1', fieldPath: key });
      }
    }
    const uid = uids[0];
    if (uid !== undefined) requested.push({ kind: 'UID', name: uid, apiVersion: 'authentication.k8s.io/v1' });

    if (!userName) {
      const uri = ctx.req.url ?? ctx.path;
      writeBody(ctx, 500, 'text/plain; charset=utf-8', `Internal Server Error: ${JSON.stringify(uri)}: requested [${requested.map(goDump).join(' ')}] without impersonating a user\n`, { 'x-content-type-options': 'nosniff' });
      return;
    }

    const original = ctx.user!;
    for (const r of requested) {
      const attrs = attributesFor(r, original);
      let decision;
      try {
        decision = await authorizer.authorize(attrs);
      } catch (e) {
        decision = { decision: 'deny' as const, reason: (e as Error).message };
      }
      if (decision.decision !== 'allow') return writeError(ctx, forbiddenError(attrs, decision.reason));
    }

    let newGroups = [...groups];
    if (sa && groups.length === 0) newGroups = ['system:serviceaccounts', `system:serviceaccounts:${sa.namespace}`];
    if (userName !== ANONYMOUS) {
      if (!newGroups.includes(AUTHENTICATED) && !newGroups.includes(UNAUTHENTICATED)) newGroups.push(AUTHENTICATED);
    } else if (!newGroups.includes(UNAUTHENTICATED)) newGroups.push(UNAUTHENTICATED);
    const user: UserInfo = { name: userName, groups: newGroups };
    if (uid !== undefined) user.uid = uid;
    if (Object.keys(extra).length) user.extra = extra;
    ctx.impersonatedBy = original;
    ctx.user = user;
    for (const h of Object.keys(headers)) if (h.startsWith('impersonate-')) delete headers[h];
    await next();
  };
}
