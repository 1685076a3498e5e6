// rbac.authorization.k8s.io/clusterrolebindings (ClusterRoleBinding): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { validatePathSegmentName } from '../../../validation/names.js';
import { clusterRoleBindingPrinter } from '../../../printers/kinds/rbac.js';
import { validateBinding, validateRoleRefUnchanged } from '../../validation/kind-rbac.js';

export const rbacClusterrolebindings: BuiltinResource = {
  group: 'rbac.authorization.k8s.io',
  resource: 'clusterrolebindings',
  kind: 'ClusterRoleBinding',
  nameRule: () => validatePathSegmentName,
  allowCreateOnUpdate: true,
  validateCreate: (obj) => validateBinding(obj, false),
  validateUpdate: (obj, old, m) => [...m.create(), ...validateBinding(obj, false), ...m.update(), ...validateRoleRefUnchanged(obj, old)],
  printer: clusterRoleBindingPrinter,
};
