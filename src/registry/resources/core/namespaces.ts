// core/namespaces (Namespace): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { nameIsDNSLabel } from '../../../validation/names.js';
import { namespacePrinter } from '../../../printers/kinds/core.js';
import { applyFinalize, namespaceStrategy } from '../../strategies/namespaces.js';
import { validateNamespaceFinalizers, validateNamespacePhase } from '../../validation/kind-misc.js';
import { same, strAt } from '../../../selection/field-sets.js';

export const namespaces: BuiltinResource = {
  group: '',
  resource: 'namespaces',
  kind: 'Namespace',
  nameRule: () => nameIsDNSLabel,
  addressedAsNamespace: true,
  returnDeletedObject: true,
  strategy: (base) => namespaceStrategy(base),
  validateCreate: (obj) => validateNamespaceFinalizers(obj, false),
  validateUpdate: (obj, _old, m) => m.subresource === 'status' ? [...m.update(), ...validateNamespacePhase(obj)] : m.subresource === 'finalize' ? [...m.update(), ...validateNamespaceFinalizers(obj, true)] : m.update(),
  // PUT namespaces/{name}/finalize: only spec.finalizers changes.
  subresources: { finalize: { update: applyFinalize } },
  printer: namespacePrinter,
  fieldSelectors: {
    accepted: same('status.phase', 'metadata.name'),
    fields: { 'status.phase': strAt('status', 'phase') },
    namespaced: false,
  },
};
