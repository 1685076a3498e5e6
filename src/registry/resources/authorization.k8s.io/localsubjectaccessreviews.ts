// authorization.k8s.io/localsubjectaccessreviews (LocalSubjectAccessReview): a SubjectAccessReview bound to the
// request's namespace.
import { fieldErr } from '../../../errors/field-error.js';
import { badRequest } from '../../../errors/status.js';
import type { BuiltinResource } from '../builtin-resource.js';
import { accessReview, nonResourceValue } from './access-review.js';

export const authorizationLocalsubjectaccessreviews: BuiltinResource = {
  group: 'authorization.k8s.io',
  resource: 'localsubjectaccessreviews',
  kind: 'LocalSubjectAccessReview',
  review: accessReview({
    kind: 'LocalSubjectAccessReview',
    check(request, env) {
      // kube's create handler puts the URL namespace on an object without one and refuses another one.
      if (request.metadata?.namespace && request.metadata.namespace !== env.namespace) throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
    },
    validate(request, spec, env) {
      const ns = request.metadata?.namespace ?? env.namespace;
      const errs = [];
      if (spec.resourceAttributes && (spec.resourceAttributes.namespace ?? '') !== ns) errs.push(fieldErr.invalid('spec.resourceAttributes.namespace', spec.resourceAttributes.namespace ?? '', 'must match metadata.namespace'));
      if (spec.nonResourceAttributes) errs.push(fieldErr.invalid('spec.nonResourceAttributes', nonResourceValue(spec.nonResourceAttributes), 'disallowed on this kind of request'));
      return errs;
    },
  }),
};
