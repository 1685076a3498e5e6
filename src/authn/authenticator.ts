// The authenticator contract: each one answers "user", "not mine" or an error (auth.md §1.1).
import type { RequestContext, UserInfo } from '../http/request-context.js';

export type AuthResult = { kind: 'user'; user: UserInfo } | { kind: 'none' } | { kind: 'error'; error: Error };

export interface RequestAuthenticator {
  readonly name: string;
  authenticate(ctx: RequestContext): AuthResult | Promise<AuthResult>;
}

export const notMine: AuthResult = { kind: 'none' };
