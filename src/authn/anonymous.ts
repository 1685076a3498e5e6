// Anonymous access: the last member of the union, reached only when every authenticator said "not mine".
import type { RequestContext } from '../http/request-context.js';
import { notMine, type AuthResult, type RequestAuthenticator } from './authenticator.js';

export const ANONYMOUS_USER = 'system:anonymous';
export const UNAUTHENTICATED_GROUP = 'system:unauthenticated';

export class AnonymousAuthenticator implements RequestAuthenticator {
  readonly name = 'anonymous';
  /** The configuration file's conditions: anonymous only for these exact paths (none: every path). */
  constructor(private readonly paths: string[] = []) {}

  authenticate(ctx: RequestContext): AuthResult {
    if (this.paths.length && !this.paths.includes(ctx.path)) return notMine;
    return { kind: 'user', user: { name: ANONYMOUS_USER, groups: [UNAUTHENTICATED_GROUP] } };
  }
}
