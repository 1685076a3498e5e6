// core/replicationcontrollers (ReplicationController): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { replicationControllerPrinter } from '../../../printers/kinds/core.js';
import { int, same } from '../../../selection/field-sets.js';

export const replicationcontrollers: BuiltinResource = {
  group: '',
  resource: 'replicationcontrollers',
  kind: 'ReplicationController',
  tracksGeneration: true,
  printer: replicationControllerPrinter,
  fieldSelectors: {
    accepted: same('metadata.name', 'metadata.namespace', 'status.replicas'),
    fields: { 'status.replicas': (o) => int(o, 'status', 'replicas') },
    namespaced: true,
  },
};
