// The authenticator union as kube-apiserver builds it: a plain union of the credential authenticators, the
// authenticated-group adder, then (when enabled) a fail-on-error union with anonymous (auth.md §1.1).
import type { RequestContext } from '../http/request-context.js';
import { aggregateMessage, notMine, type AuthResult, type RequestAuthenticator } from './authenticator.js';
import { ANONYMOUS_USER, UNAUTHENTICATED_GROUP } from './anonymous.js';

export const AUTHENTICATED_GROUP = 'system:authenticated';

export class AuthenticatorUnion implements RequestAuthenticator {
  readonly name = 'union';
  constructor(
    private readonly members: RequestAuthenticator[],
    private readonly anonymous?: RequestAuthenticator,
  ) {}

  async authenticate(ctx: RequestContext): Promise<AuthResult> {
    const errors: Error[] = [];
    for (const a of this.members) {
      const r = await a.authenticate(ctx);
      if (r.kind === 'user') return { ...r, user: addAuthenticatedGroup(r.user) };
      if (r.kind === 'error') errors.push(r.error);
    }
    if (errors.length) return { kind: 'error', error: new Error(aggregateMessage(errors)) };
    if (this.anonymous) return this.anonymous.authenticate(ctx);
    return notMine;
  }
}

function addAuthenticatedGroup(user: { name: string; groups: string[] }) {
  const u = { ...user, groups: [...user.groups] };
  if (u.name !== ANONYMOUS_USER && !u.groups.includes(AUTHENTICATED_GROUP) && !u.groups.includes(UNAUTHENTICATED_GROUP)) u.groups.push(AUTHENTICATED_GROUP);
  return u;
}
