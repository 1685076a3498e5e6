// The authorizer chain: the first allow or deny wins; reasons of "no opinion" answers are joined.
import type { Attributes, Authorizer, AuthorizerResult } from './authorizer.js';

export class AuthorizerUnion implements Authorizer {
  readonly name = 'union';
  constructor(private readonly members: Authorizer[]) {}
  async authorize(attrs: Attributes): Promise<AuthorizerResult> {
    const reasons: string[] = [];
    for (const a of this.members) {
      const r = await a.authorize(attrs);
      if (r.decision !== 'noOpinion') return r;
      if (r.reason) reasons.push(r.reason);
    }
    return { decision: 'noOpinion', reason: reasons.join('\n') };
  }
}
