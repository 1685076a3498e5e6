// The bearer-token request authenticator (auth.md §1.1): parses `Authorization: Bearer <token>` and asks the
// token union; a token nobody accepts is the error "invalid bearer token".
import type { RequestContext } from '../http/request-context.js';
import { notMine, type AuthResult, type RequestAuthenticator, type TokenAuthenticator } from './authenticator.js';

export const EXTRA_SPACE_WARNING = 'the provided Authorization header contains extra space before the bearer token, and is ignored';

/** The token of `Authorization: Bearer <token>`, or undefined (with kube's warning for an extra space). */
export function bearerTokenOf(ctx: RequestContext): string | undefined {
  const header = ctx.req.headers['authorization'];
  if (typeof header !== 'string') return undefined;
  const parts = header.trim().split(' ');
  if (parts.length < 2 || parts[0]!.toLowerCase() !== 'bearer') return undefined;
  const token = parts[1]!;
  if (token === '') {
    if (parts.length > 2) ctx.warnings.push(EXTRA_SPACE_WARNING);
    return undefined;
  }
  return token;
}

export class BearerTokenAuthenticator implements RequestAuthenticator {
  readonly name = 'bearer-token';
  constructor(private readonly tokens: TokenAuthenticator) {}

  async authenticate(ctx: RequestContext): Promise<AuthResult> {
    const token = bearerTokenOf(ctx);
    if (token === undefined) return notMine;
    ctx.auditAnnotations ??= {};
    const r = await this.tokens.authenticateToken(token, { audiences: ctx.audiences ?? [], warnings: ctx.warnings, auditAnnotations: ctx.auditAnnotations });
    if (r.kind === 'none') return { kind: 'error', error: new Error('invalid bearer token') };
    return r;
  }
}
