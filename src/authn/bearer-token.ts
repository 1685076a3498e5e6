// The bearer-token request authenticator (auth.md §1.1): parses `Authorization: Bearer <token>` and asks the
// token authenticators in order; a token nobody accepts is the error "invalid bearer token".
import type { RequestContext } from '../http/request-context.js';
import { notMine, type AuthResult, type RequestAuthenticator } from './authenticator.js';
import type { TokenAuthenticator } from './token-file.js';

export const EXTRA_SPACE_WARNING = 'the provided Authorization header contains extra space before the bearer token, and is ignored';

export class BearerTokenAuthenticator implements RequestAuthenticator {
  readonly name = 'bearer-token';
  constructor(private readonly tokens: TokenAuthenticator[]) {}

  authenticate(ctx: RequestContext): AuthResult {
    const header = ctx.req.headers['authorization'];
    if (typeof header !== 'string') return notMine;
    const parts = header.trim().split(' ', 3);
    if (parts.length < 2 || parts[0]!.toLowerCase() !== 'bearer') return notMine;
    const token = parts[1]!;
    if (token === '') {
      if (parts.length > 2) ctx.warnings.push(EXTRA_SPACE_WARNING);
      return notMine;
    }
    for (const t of this.tokens) {
      const user = t.authenticateToken(token);
      if (user) return { kind: 'user', user };
    }
    return { kind: 'error', error: new Error('invalid bearer token') };
  }
}
