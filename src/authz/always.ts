// AlwaysAllow and AlwaysDeny (auth.md §8.5). AlwaysDeny answers "no opinion" with its reason, as kube does.
import type { Authorizer, AuthorizerResult } from './authorizer.js';
import type { RuleResolverLike, UserRules } from './rule-resolution.js';

export class AlwaysAllowAuthorizer implements Authorizer, RuleResolverLike {
  readonly name = 'AlwaysAllow';
  authorize(): AuthorizerResult {
    return { decision: 'allow', reason: '' };
  }
  rulesFor(): UserRules {
    return {
      resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }],
      nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
      incomplete: false,
      errors: [],
    };
  }
}

export class AlwaysDenyAuthorizer implements Authorizer, RuleResolverLike {
  readonly name = 'AlwaysDeny';
  authorize(): AuthorizerResult {
    return { decision: 'noOpinion', reason: 'Everything is forbidden.' };
  }
  rulesFor(): UserRules {
    return { resourceRules: [], nonResourceRules: [], incomplete: false, errors: [] };
  }
}
