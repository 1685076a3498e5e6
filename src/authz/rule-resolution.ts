// Rule resolution (kube's authorizer.RuleResolver): what a user may do in a namespace, for SelfSubjectRulesReview.
// Each authorizer of the chain that can answer contributes its rules, in chain order.
import type { UserInfo } from '../http/request-context.js';
import type { PolicyRule } from './rbac/rules.js';

export interface UserRules {
  resourceRules: PolicyRule[];
  nonResourceRules: PolicyRule[];
  incomplete: boolean;
  errors: string[];
}

export interface RuleResolverLike {
  rulesFor(user: UserInfo, namespace: string): UserRules | Promise<UserRules>;
}

export function isRuleResolver(a: unknown): a is RuleResolverLike {
  return typeof (a as RuleResolverLike | undefined)?.rulesFor === 'function';
}

/** An authorizer that cannot list rules: incomplete, with its error (webhook, node). */
export const unresolvable = (error: string): UserRules => ({ resourceRules: [], nonResourceRules: [], incomplete: true, errors: [error] });
