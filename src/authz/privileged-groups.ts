// kube-apiserver puts a privileged-group authorizer in front of the configured modes: system:masters may do anything.
import type { Attributes, Authorizer, AuthorizerResult } from './authorizer.js';

export class PrivilegedGroupsAuthorizer implements Authorizer {
  readonly name = 'privileged-groups';
  constructor(private readonly groups: string[] = ['system:masters']) {}
  authorize(attrs: Attributes): AuthorizerResult {
    return attrs.user.groups.some((g) => this.groups.includes(g)) ? { decision: 'allow', reason: '' } : { decision: 'noOpinion', reason: '' };
  }
}
