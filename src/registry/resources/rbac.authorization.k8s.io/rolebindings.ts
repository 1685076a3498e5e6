// rbac.authorization.k8s.io/rolebindings (RoleBinding): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { validatePathSegmentName } from '../../../validation/names.js';
import { defaultStrings, struct, type TypeDefaults } from '../defaulting.js';
import { roleBindingPrinter } from '../../../printers/kinds/rbac.js';
import { validateBinding, validateRoleRefUnchanged } from '../../validation/kind-rbac.js';

// SetDefaults_RoleBinding, SetDefaults_ClusterRoleBinding and SetDefaults_Subject (rbac/v1).
const bindingDefaults: TypeDefaults = {
  'io.k8s.api.rbac.v1.RoleBinding': (b) => defaultStrings(struct(b, 'roleRef'), { apiGroup: 'rbac.authorization.k8s.io' }),
  'io.k8s.api.rbac.v1.ClusterRoleBinding': (b) => defaultStrings(struct(b, 'roleRef'), { apiGroup: 'rbac.authorization.k8s.io' }),
  'io.k8s.api.rbac.v1.Subject': (s) => {
    if (s.apiGroup !== undefined && s.apiGroup !== null && s.apiGroup !== '') return;
    if (s.kind === 'ServiceAccount') s.apiGroup = '';
    else if (s.kind === 'User' || s.kind === 'Group') s.apiGroup = 'rbac.authorization.k8s.io';
  },
};

export const rbacRolebindings: BuiltinResource = {
  group: 'rbac.authorization.k8s.io',
  resource: 'rolebindings',
  kind: 'RoleBinding',
  nameRule: () => validatePathSegmentName,
  defaults: bindingDefaults,
  allowCreateOnUpdate: true,
  validateCreate: (obj) => validateBinding(obj, true),
  validateUpdate: (obj, old, m) => [...m.create(), ...validateBinding(obj, true), ...m.update(), ...validateRoleRefUnchanged(obj, old)],
  printer: roleBindingPrinter,
};
