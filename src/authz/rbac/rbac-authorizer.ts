// The RBAC authorizer (auth.md §7.2): allows when a rule the user holds matches the request, otherwise no opinion
// (never deny), with the resolution errors as the reason.
import type { Attributes, Authorizer, AuthorizerResult } from '../authorizer.js';
import type { RuleResolverLike, UserRules } from '../rule-resolution.js';
import type { UserInfo } from '../../http/request-context.js';
import { aggregateMessage, type RuleResolver } from './rule-resolver.js';
import { ruleAllows } from './rules.js';

/** No rule allows and none failed to resolve (never changed by callers: a shared answer). */
const NO_OPINION: AuthorizerResult = Object.freeze({ decision: 'noOpinion', reason: '' });

export class RBACAuthorizer implements Authorizer, RuleResolverLike {
  readonly name = 'RBAC';
  constructor(
    readonly resolver: RuleResolver,
    /** Resolves once the informers hold every RBAC object (the first requests wait for it). */
    private readonly synced: { ready: boolean; wait(): Promise<void> },
  ) {}

  authorize(a: Attributes): AuthorizerResult | Promise<AuthorizerResult> {
    if (!this.synced.ready) return this.synced.wait().then(() => this.decide(a));
    return this.decide(a);
  }

  private decide(a: Attributes): AuthorizerResult {
    let allowedBy: (() => string) | undefined;
    let errors: string[] | undefined;
    this.resolver.visitRulesFor(a.user, a.namespace, (source, rule, err) => {
      if (rule && ruleAllows(a, rule)) {
        allowedBy = source;
        return false;
      }
      if (err !== undefined) (errors ??= []).push(err);
      return true;
    });
    if (allowedBy) return { decision: 'allow', reason: `RBAC: allowed by ${allowedBy()}` };
    return errors ? { decision: 'noOpinion', reason: `RBAC: ${aggregateMessage(errors)}` } : NO_OPINION;
  }

  async rulesFor(user: UserInfo, namespace: string): Promise<UserRules> {
    if (!this.synced.ready) await this.synced.wait();
    const { rules, errors } = this.resolver.rulesFor(user, namespace);
    const resourceRules = rules.filter((r) => (r.resources?.length ?? 0) > 0);
    const nonResourceRules = rules.filter((r) => (r.nonResourceURLs?.length ?? 0) > 0);
    return { resourceRules, nonResourceRules, incomplete: false, errors }; // kube: resolution errors do not make RBAC incomplete
  }
}
