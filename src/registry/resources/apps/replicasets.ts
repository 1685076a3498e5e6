// apps/replicasets (ReplicaSet): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultPointers, struct, type TypeDefaults } from '../defaulting.js';
import { replicaSetPrinter } from '../../../printers/kinds/apps.js';
import { validateReplicaSetSpec, validateSelectorUnchanged } from '../../validation/kind-workloads.js';

// SetDefaults_ReplicaSet (apps/v1).
const replicaSetDefaults: TypeDefaults = {
  'io.k8s.api.apps.v1.ReplicaSet': (r) => defaultPointers(struct(r, 'spec'), { replicas: 1 }),
};

export const appsReplicasets: BuiltinResource = {
  group: 'apps',
  resource: 'replicasets',
  kind: 'ReplicaSet',
  defaults: replicaSetDefaults,
  tracksGeneration: true,
  validateCreate: (obj) => validateReplicaSetSpec(obj),
  validateUpdate: (obj, old, m) => m.subresource ? m.update() : [...m.update(), ...validateReplicaSetSpec(obj), ...validateSelectorUnchanged(obj, old)],
  printer: replicaSetPrinter,
};
