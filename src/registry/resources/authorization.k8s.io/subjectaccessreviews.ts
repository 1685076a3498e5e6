// authorization.k8s.io/subjectaccessreviews (SubjectAccessReview): may the spec's user do this?
import type { BuiltinResource } from '../builtin-resource.js';
import { accessReview } from './access-review.js';

export const authorizationSubjectaccessreviews: BuiltinResource = {
  group: 'authorization.k8s.io',
  resource: 'subjectaccessreviews',
  kind: 'SubjectAccessReview',
  review: accessReview({ kind: 'SubjectAccessReview' }),
};
