// rbac.authorization.k8s.io/rolebindings (RoleBinding): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { roleBindingPrinter } from '../../../printers/kinds/rbac.js';
import { validateBinding, validateRoleRefUnchanged } from '../../validation/kind-rbac.js';

export const rbacRolebindings: BuiltinResource = {
  group: 'rbac.authorization.k8s.io',
  resource: 'rolebindings',
  kind: 'RoleBinding',
  allowCreateOnUpdate: true,
  validateCreate: (obj) => validateBinding(obj, true),
  validateUpdate: (obj, old, m) => [...m.create(), ...validateBinding(obj, true), ...m.update(), ...validateRoleRefUnchanged(obj, old)],
  printer: roleBindingPrinter,
};
