// rbac.authorization.k8s.io/roles (Role): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { validatePathSegmentName } from '../../../validation/names.js';
import { validateRoleRules } from '../../validation/kind-rbac.js';

export const rbacRoles: BuiltinResource = {
  group: 'rbac.authorization.k8s.io',
  resource: 'roles',
  kind: 'Role',
  nameRule: () => validatePathSegmentName,
  allowCreateOnUpdate: true,
  validateCreate: (obj) => validateRoleRules(obj, true),
  validateUpdate: (obj, _old, m) => [...m.create(), ...validateRoleRules(obj, true), ...m.update()],
};
