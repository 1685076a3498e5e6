// Anonymous access: the last member of the union, reached only when every authenticator said "not mine".
import { type AuthResult, type RequestAuthenticator } from './authenticator.js';

export const ANONYMOUS_USER = 'system:anonymous';
export const UNAUTHENTICATED_GROUP = 'system:unauthenticated';

export class AnonymousAuthenticator implements RequestAuthenticator {
  readonly name = 'anonymous';
  authenticate(): AuthResult {
    return { kind: 'user', user: { name: ANONYMOUS_USER, groups: [UNAUTHENTICATED_GROUP] } };
  }
}
