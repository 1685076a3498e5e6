// The authenticator contract: each one answers "user", "not mine" or an error (auth.md §1.1). A success may say
// which audiences the credential was validated for.
import type { RequestContext, UserInfo } from '../http/request-context.js';

export type AuthResult = { kind: 'user'; user: UserInfo; audiences?: string[] } | { kind: 'none' } | { kind: 'error'; error: Error };

export interface RequestAuthenticator {
  readonly name: string;
  authenticate(ctx: RequestContext): AuthResult | Promise<AuthResult>;
}

export const notMine: AuthResult = { kind: 'none' };

/** What a token authenticator may read and leave behind during one lookup. */
export interface TokenContext {
  /** The audiences the request asks for (the API audiences, or a TokenReview's spec.audiences). */
  audiences: string[];
  /** Warnings for the response (`Warning: 299 - ...`). */
  warnings: string[];
  /** Annotations for the request's audit event. */
  auditAnnotations: Record<string, string>;
}

/** A bearer-token authenticator (token file, service accounts, bootstrap, OIDC, webhook). */
export interface TokenAuthenticator {
  readonly name: string;
  authenticateToken(token: string, tc: TokenContext): AuthResult | Promise<AuthResult>;
}

export function authError(message: string): AuthResult {
  return { kind: 'error', error: new Error(message) };
}

/** kube's multi-error text: one message as is, several de-duplicated inside [a, b]. */
export function aggregateMessage(errors: Error[]): string {
  const msgs = [...new Set(errors.map((e) => e.message))];
  return msgs.length === 1 ? msgs[0]! : `[${msgs.join(', ')}]`;
}

/**
 * kube's audience-agnostic wrapper: a credential that names no audience (token file, bootstrap, front proxy, OIDC)
 * is only consulted when the requested audiences meet the API audiences, and reports that intersection.
 */
export class AudienceAgnosticTokens implements TokenAuthenticator {
  readonly name: string;
  constructor(
    private readonly inner: TokenAuthenticator,
    private readonly apiAudiences: string[],
  ) {
    this.name = inner.name;
  }

  async authenticateToken(token: string, tc: TokenContext): Promise<AuthResult> {
    // No audiences asked for (a TokenReview without spec.audiences): consulted, and no audiences reported.
    if (tc.audiences.length === 0) return this.inner.authenticateToken(token, tc);
    const granted = tc.audiences.filter((a) => this.apiAudiences.includes(a));
    if (granted.length === 0) return notMine;
    const r = await this.inner.authenticateToken(token, tc);
    return r.kind === 'user' ? { ...r, audiences: granted } : r;
  }
}
