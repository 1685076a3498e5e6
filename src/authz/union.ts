// The authorizer chain (kube's union authorizer): the first allow or deny wins; the reasons of "no opinion" answers
// are joined with newlines and their errors aggregated. Rule resolution concatenates the members' rules in order.
import type { UserInfo } from '../http/request-context.js';
import type { Attributes, Authorizer, AuthorizerResult } from './authorizer.js';
import { isRuleResolver, type RuleResolverLike, type UserRules } from './rule-resolution.js';
import { aggregateMessage } from './rbac/rule-resolver.js';

export class AuthorizerUnion implements Authorizer, RuleResolverLike {
  readonly name = 'union';
  /** Told of every allow or deny a member answers (apiserver_authorization_decisions_total). */
  onDecision?: (member: Authorizer, r: AuthorizerResult) => void;
  /** Replaced as a whole when --authorization-config is reloaded. */
  constructor(public members: Authorizer[]) {}

  authorize(attrs: Attributes): AuthorizerResult | Promise<AuthorizerResult> {
    // Made only when a member has something to say (most answers before the deciding one are a bare no opinion).
    let reasons: string[] | undefined;
    let errors: string[] | undefined;
    const members = this.members;
    for (let i = 0; i < members.length; i++) {
      const r = members[i].authorize(attrs);
      // Most members answer synchronously: stay synchronous until one does not.
      if (r instanceof Promise) return this.continueAsync(members, attrs, i, r, (reasons ??= []), (errors ??= []));
      if (r.decision !== 'noOpinion') {
        this.onDecision?.(members[i], r);
        return r;
      }
      if (r.reason || r.error) collect(r, (reasons ??= []), (errors ??= []));
    }
    return finish(reasons ?? [], errors ?? []);
  }

  private async continueAsync(members: Authorizer[], attrs: Attributes, from: number, pending: Promise<AuthorizerResult>, reasons: string[], errors: string[]): Promise<AuthorizerResult> {
    let r = await pending;
    for (let i = from; ; ) {
      if (r.decision !== 'noOpinion') {
        this.onDecision?.(members[i], r);
        return r;
      }
      collect(r, reasons, errors);
      if (++i >= members.length) return finish(reasons, errors);
      r = await members[i].authorize(attrs);
    }
  }

  async rulesFor(user: UserInfo, namespace: string): Promise<UserRules> {
    const out: UserRules = { resourceRules: [], nonResourceRules: [], incomplete: false, errors: [] };
    for (const m of this.members) {
      if (!isRuleResolver(m)) continue;
      const r = await m.rulesFor(user, namespace);
      out.resourceRules.push(...r.resourceRules);
      out.nonResourceRules.push(...r.nonResourceRules);
      out.incomplete ||= r.incomplete;
      out.errors.push(...r.errors);
    }
    return out;
  }
}

function collect(r: AuthorizerResult, reasons: string[], errors: string[]): void {
  if (r.reason) reasons.push(r.reason);
  if (r.error) errors.push(r.error);
}

function finish(reasons: string[], errors: string[]): AuthorizerResult {
  const r: AuthorizerResult = { decision: 'noOpinion', reason: reasons.join('\n') };
  if (errors.length) r.error = aggregateMessage(errors);
  return r;
}
