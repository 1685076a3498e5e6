// flowcontrol.apiserver.k8s.io/flowschemas (FlowSchema): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { flowSchemaPrinter } from '../../../printers/kinds/cluster.js';

export const flowcontrolFlowschemas: BuiltinResource = {
  group: 'flowcontrol.apiserver.k8s.io',
  resource: 'flowschemas',
  kind: 'FlowSchema',
  tracksGeneration: true,
  printer: flowSchemaPrinter,
};
