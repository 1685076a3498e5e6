// AlwaysAllow and AlwaysDeny (auth.md §8.5). AlwaysDeny answers "no opinion" with its reason, as kube does.
import type { Authorizer, AuthorizerResult } from './authorizer.js';

export class AlwaysAllowAuthorizer implements Authorizer {
  readonly name = 'AlwaysAllow';
  authorize(): AuthorizerResult {
    return { decision: 'allow', reason: '' };
  }
}

export class AlwaysDenyAuthorizer implements Authorizer {
  readonly name = 'AlwaysDeny';
  authorize(): AuthorizerResult {
    return { decision: 'noOpinion', reason: 'Everything is forbidden.' };
  }
}
