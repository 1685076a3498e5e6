// authentication.k8s.io/selfsubjectreviews (SelfSubjectReview): who am I, as the server authenticated me.
import { nowRFC3339, type KObject } from '../../../api/object.js';
import type { BuiltinResource } from '../builtin-resource.js';

export const authenticationSelfsubjectreviews: BuiltinResource = {
  group: 'authentication.k8s.io',
  resource: 'selfsubjectreviews',
  kind: 'SelfSubjectReview',
  review: {
    async review(_request, answer, { user }) {
      const userInfo: KObject = { username: user.name };
      if (user.uid) userInfo.uid = user.uid;
      if (user.groups.length) userInfo.groups = user.groups;
      if (user.extra && Object.keys(user.extra).length) userInfo.extra = user.extra;
      answer.metadata.creationTimestamp = nowRFC3339();
      answer.status = { userInfo };
    },
  },
};
