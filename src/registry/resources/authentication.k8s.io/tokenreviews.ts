// authentication.k8s.io/tokenreviews (TokenReview): the token run through the server's authenticators.
import { badRequest, internalError, routeMethodNotAllowed } from '../../../errors/status.js';
import type { KObject } from '../../../api/object.js';
import type { BuiltinResource } from '../builtin-resource.js';

export const authenticationTokenreviews: BuiltinResource = {
  group: 'authentication.k8s.io',
  resource: 'tokenreviews',
  kind: 'TokenReview',
  review: {
    async review(request, answer, { authn }) {
      const spec: KObject = request.spec ?? {};
      if (!spec.token) throw badRequest('token is required for TokenReview in authentication');
      if (!authn) throw routeMethodNotAllowed();
      const audiences: string[] = Array.isArray(spec.audiences) ? spec.audiences : [];
      const { result } = await authn.reviewToken(spec.token, audiences);
      const status: KObject = {};
      if (result.kind === 'user') {
        if (audiences.length && !(result.audiences ?? []).some((a) => audiences.includes(a))) throw internalError(new Error('error validating audiences'));
        status.authenticated = true;
        const u: KObject = { username: result.user.name };
        if (result.user.uid) u.uid = result.user.uid;
        if (result.user.groups.length) u.groups = result.user.groups;
        if (result.user.extra && Object.keys(result.user.extra).length) u.extra = result.user.extra;
        status.user = u;
        if (result.audiences?.length) status.audiences = result.audiences;
      } else {
        status.user = {};
        if (result.kind === 'error') status.error = result.error.message;
      }
      answer.spec = spec;
      answer.status = status;
    },
  },
};
