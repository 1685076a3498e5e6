// WithAuthentication: runs the authenticator union; a failed credential is 401 (never anonymous). On success the
// credential headers are removed and a credential granted for none of the API audiences is refused (auth.md §1.1).
import type { Logger } from 'pino';
import type { RequestAuthenticator } from '../authn/authenticator.js';
import { unauthorized } from '../errors/status.js';
import { writeError } from '../http/respond.js';
import type { RequestContext } from '../http/request-context.js';
import type { Filter } from './filter.js';

export interface AuthenticationSettings {
  /** --api-audiences (default: the service-account issuers). */
  apiAudiences: string[];
  /** Header names the front proxy may set, deleted once the request is authenticated. */
  proxyHeaders?: () => string[];
  proxyHeaderPrefixes?: () => string[];
  /** Told of a request whose authentication failed, before the 401 is written (its audit event). */
  onFailed?: (ctx: RequestContext) => void;
}

export function withAuthentication(authenticator: RequestAuthenticator, log: Logger, settings: AuthenticationSettings = { apiAudiences: [] }): Filter {
  return async (ctx, next) => {
    ctx.audiences = settings.apiAudiences;
    const r = await authenticator.authenticate(ctx);
    let failed = r.kind !== 'user';
    if (r.kind === 'user' && r.audiences?.length && settings.apiAudiences.length && !r.audiences.some((a) => settings.apiAudiences.includes(a))) {
      log.debug({ auditID: ctx.auditId }, 'unable to match the audience');
      failed = true;
    }
    if (failed || r.kind !== 'user') {
      // The reason is for the server's log only (never the credential itself); the client sees "Unauthorized".
      if (r.kind === 'error') log.debug({ auditID: ctx.auditId, err: r.error.message }, 'unable to authenticate the request');
      settings.onFailed?.(ctx);
      writeError(ctx, unauthorized());
      // kube closes HTTP/2 connections of failed authentications (DoS mitigation).
      if (ctx.http2) (ctx.req as { stream?: { session?: { close(): void } } }).stream?.session?.close();
      return;
    }
    ctx.user = r.user;
    removeCredentialHeaders(ctx, settings);
    await next();
  };
}

/** The lower-cased credential header names and prefixes, rebuilt only when the front proxy's lists change. */
let lastLists: { headers?: string[]; prefixes?: string[]; names: Set<string>; namePrefixes: string[] } | undefined;

function credentialHeaders(settings: AuthenticationSettings): { names: Set<string>; namePrefixes: string[] } {
  const headers = settings.proxyHeaders?.();
  const prefixes = settings.proxyHeaderPrefixes?.();
  if (lastLists && lastLists.headers === headers && lastLists.prefixes === prefixes) return lastLists;
  lastLists = {
    headers,
    prefixes,
    names: new Set(['x-remote-user', 'x-remote-uid', 'x-remote-group', ...(headers ?? []).map((h) => h.toLowerCase())]),
    namePrefixes: ['x-remote-extra-', ...(prefixes ?? []).map((h) => h.toLowerCase())],
  };
  return lastLists;
}

function removeCredentialHeaders(ctx: RequestContext, settings: AuthenticationSettings): void {
  const headers = ctx.req.headers;
  // Deleting a member the object lacks still slows later reads of it: delete only what is there.
  if (headers['authorization'] !== undefined) delete headers['authorization'];
  const { names, namePrefixes } = credentialHeaders(settings);
  for (const h in headers) {
    if (names.has(h) || namePrefixes.some((p) => h.startsWith(p))) delete headers[h];
  }
}
