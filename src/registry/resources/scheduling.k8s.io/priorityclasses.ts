// scheduling.k8s.io/priorityclasses (PriorityClass): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultPointers, type TypeDefaults } from '../defaulting.js';
import { priorityClassPrinter } from '../../../printers/kinds/cluster.js';

// SetDefaults_PriorityClass.
const priorityClassDefaults: TypeDefaults = {
  'io.k8s.api.scheduling.v1.PriorityClass': (pc) => defaultPointers(pc, { preemptionPolicy: 'PreemptLowerPriority' }),
};

export const schedulingPriorityclasses: BuiltinResource = {
  group: 'scheduling.k8s.io',
  resource: 'priorityclasses',
  kind: 'PriorityClass',
  defaults: priorityClassDefaults,
  printer: priorityClassPrinter,
};
