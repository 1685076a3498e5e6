// core/nodes (Node): everything kubelite knows about it beyond the catalog, in one place.
import { badRequest } from '../../../errors/status.js';
import type { BuiltinResource } from '../builtin-resource.js';
import { isMap, type TypeDefaults } from '../defaulting.js';
import { nodePrinter } from '../../../printers/kinds/node.js';
import { bool, same } from '../../../selection/field-sets.js';

// SetDefaults_NodeStatus: allocatable is the capacity when not given.
const nodeDefaults: TypeDefaults = {
  'io.k8s.api.core.v1.NodeStatus': (s) => {
    if ((s.allocatable === undefined || s.allocatable === null) && isMap(s.capacity)) s.allocatable = { ...s.capacity };
  },
};

export const nodes: BuiltinResource = {
  group: '',
  resource: 'nodes',
  kind: 'Node',
  defaults: nodeDefaults,
  connectError: () => badRequest('no preferred addresses found; known addresses: []'),
  printer: nodePrinter,
  fieldSelectors: {
    accepted: same('metadata.name', 'spec.unschedulable'),
    fields: { 'spec.unschedulable': (o) => bool(o, 'spec', 'unschedulable') },
    namespaced: false,
  },
};
