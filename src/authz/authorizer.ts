// The authorizer contract (auth.md §7.1, §8): every authorizer answers allow, deny or no opinion.
import type { UserInfo } from '../http/request-context.js';

export interface Attributes {
  user: UserInfo;
  verb: string;
  isResourceRequest: boolean;
  path: string;
  namespace: string;
  apiGroup: string;
  apiVersion: string;
  resource: string;
  subresource: string;
  name: string;
  /**
   * The request's selectors as authorizers see them (1.33, AuthorizeWithSelectors): list, watch and
   * deletecollection only; `In`/`NotIn`/`Exists`/`DoesNotExist` requirements, what else a selector says is dropped.
   */
  fieldSelector?: SelectorRequirement[];
  labelSelector?: SelectorRequirement[];
}

export interface SelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values?: string[];
}

export type Decision = 'allow' | 'deny' | 'noOpinion';

export interface AuthorizerResult {
  decision: Decision;
  reason: string;
  /** An evaluation error (a failed webhook call, ...): a request nobody allows then gets 500, not 403. */
  error?: string;
}

export interface Authorizer {
  readonly name: string;
  authorize(attrs: Attributes): AuthorizerResult | Promise<AuthorizerResult>;
}
