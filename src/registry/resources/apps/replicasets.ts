// apps/replicasets (ReplicaSet): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { replicaSetPrinter } from '../../../printers/kinds/apps.js';
import { validateReplicaSetSpec, validateSelectorUnchanged } from '../../validation/kind-workloads.js';

export const appsReplicasets: BuiltinResource = {
  group: 'apps',
  resource: 'replicasets',
  kind: 'ReplicaSet',
  tracksGeneration: true,
  validateCreate: (obj) => validateReplicaSetSpec(obj),
  validateUpdate: (obj, old, m) => m.subresource ? m.update() : [...m.update(), ...validateReplicaSetSpec(obj), ...validateSelectorUnchanged(obj, old)],
  printer: replicaSetPrinter,
};
