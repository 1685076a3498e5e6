// core/nodes (Node): everything kubelite knows about it beyond the catalog, in one place.
import { badRequest } from '../../../errors/status.js';
import type { BuiltinResource } from '../builtin-resource.js';
import { nodePrinter } from '../../../printers/kinds/node.js';
import { bool, same } from '../../../selection/field-sets.js';

export const nodes: BuiltinResource = {
  group: '',
  resource: 'nodes',
  kind: 'Node',
  connectError: () => badRequest('no preferred addresses found; known addresses: []'),
  printer: nodePrinter,
  fieldSelectors: {
    accepted: same('metadata.name', 'spec.unschedulable'),
    fields: { 'spec.unschedulable': (o) => bool(o, 'spec', 'unschedulable') },
    namespaced: false,
  },
};
