// authorization.k8s.io/selfsubjectrulesreviews (SelfSubjectRulesReview, auth.md §9.4): what may I do in a namespace,
// as the authorizer chain's rule resolvers tell it.
import { badRequest } from '../../../errors/status.js';
import { aggregateMessage } from '../../../authz/rbac/rule-resolver.js';
import { isRuleResolver, unresolvable, type UserRules } from '../../../authz/rule-resolution.js';
import type { KObject } from '../../../api/object.js';
import type { UserInfo } from '../../../http/request-context.js';
import type { BuiltinResource } from '../builtin-resource.js';

/** The review's status: the chain's rule resolvers in order. */
async function rulesReviewStatus(authorizer: unknown, user: UserInfo, namespace: string): Promise<KObject> {
  const rules: UserRules = isRuleResolver(authorizer) ? await authorizer.rulesFor(user, namespace) : unresolvable('no rule resolver');
  const status: KObject = {
    resourceRules: rules.resourceRules.map((r) => {
      const o: KObject = { verbs: r.verbs };
      if (r.apiGroups?.length) o.apiGroups = r.apiGroups;
      if (r.resources?.length) o.resources = r.resources;
      if (r.resourceNames?.length) o.resourceNames = r.resourceNames;
      return o;
    }),
    nonResourceRules: rules.nonResourceRules.map((r) => {
      const o: KObject = { verbs: r.verbs };
      if (r.nonResourceURLs?.length) o.nonResourceURLs = r.nonResourceURLs;
      return o;
    }),
    incomplete: rules.incomplete,
  };
  if (rules.errors.length) status.evaluationError = aggregateMessage(rules.errors);
  return status;
}

export const authorizationSelfsubjectrulesreviews: BuiltinResource = {
  group: 'authorization.k8s.io',
  resource: 'selfsubjectrulesreviews',
  kind: 'SelfSubjectRulesReview',
  review: {
    async review(request, answer, env) {
      const spec: KObject = request.spec ?? {};
      if (!spec.namespace) throw badRequest('no namespace on request');
      answer.metadata = { creationTimestamp: null }; // kube answers a new object, not the request's metadata
      answer.spec = {};
      answer.status = await rulesReviewStatus(env.authorizer, env.user, spec.namespace);
    },
  },
};
