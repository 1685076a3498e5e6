// core/replicationcontrollers (ReplicationController): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultPointers, empty, mapAt, struct, type TypeDefaults } from '../defaulting.js';
import { replicationControllerPrinter } from '../../../printers/kinds/core.js';
import { int, same } from '../../../selection/field-sets.js';

// SetDefaults_ReplicationController: selector and labels from the template's labels, one replica.
const rcDefaults: TypeDefaults = {
  'io.k8s.api.core.v1.ReplicationController': (rc) => {
    const spec = struct(rc, 'spec');
    const labels = mapAt(spec, 'template', 'metadata', 'labels');
    if (labels) {
      if (empty(spec.selector)) spec.selector = { ...labels };
      const md = struct(rc, 'metadata');
      if (empty(md.labels)) md.labels = { ...labels };
    }
    defaultPointers(spec, { replicas: 1 });
  },
};

export const replicationcontrollers: BuiltinResource = {
  group: '',
  resource: 'replicationcontrollers',
  kind: 'ReplicationController',
  defaults: rcDefaults,
  tracksGeneration: true,
  printer: replicationControllerPrinter,
  fieldSelectors: {
    accepted: same('metadata.name', 'metadata.namespace', 'status.replicas'),
    fields: { 'status.replicas': (o) => int(o, 'status', 'replicas') },
    namespaced: true,
  },
};
