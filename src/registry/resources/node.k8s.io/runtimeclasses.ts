// node.k8s.io/runtimeclasses (RuntimeClass): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { runtimeClassPrinter } from '../../../printers/kinds/cluster.js';

export const nodeRuntimeclasses: BuiltinResource = {
  group: 'node.k8s.io',
  resource: 'runtimeclasses',
  kind: 'RuntimeClass',
  printer: runtimeClassPrinter,
};
