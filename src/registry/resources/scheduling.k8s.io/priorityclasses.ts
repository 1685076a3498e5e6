// scheduling.k8s.io/priorityclasses (PriorityClass): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { priorityClassPrinter } from '../../../printers/kinds/cluster.js';

export const schedulingPriorityclasses: BuiltinResource = {
  group: 'scheduling.k8s.io',
  resource: 'priorityclasses',
  kind: 'PriorityClass',
  printer: priorityClassPrinter,
};
