// authorization.k8s.io/selfsubjectaccessreviews (SelfSubjectAccessReview): may I do this?
import type { BuiltinResource } from '../builtin-resource.js';
import { accessReview } from './access-review.js';

export const authorizationSelfsubjectaccessreviews: BuiltinResource = {
  group: 'authorization.k8s.io',
  resource: 'selfsubjectaccessreviews',
  kind: 'SelfSubjectAccessReview',
  review: accessReview({ kind: 'SelfSubjectAccessReview', self: true }),
};
