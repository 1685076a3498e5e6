// rbac.authorization.k8s.io/clusterroles (ClusterRole): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { validatePathSegmentName } from '../../../validation/names.js';
import { validateRoleRules } from '../../validation/kind-rbac.js';

export const rbacClusterroles: BuiltinResource = {
  group: 'rbac.authorization.k8s.io',
  resource: 'clusterroles',
  kind: 'ClusterRole',
  nameRule: () => validatePathSegmentName,
  allowCreateOnUpdate: true,
  validateCreate: (obj) => validateRoleRules(obj, false),
  validateUpdate: (obj, _old, m) => [...m.create(), ...validateRoleRules(obj, false), ...m.update()],
};
