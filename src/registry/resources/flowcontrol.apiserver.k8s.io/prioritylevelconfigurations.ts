// flowcontrol.apiserver.k8s.io/prioritylevelconfigurations (PriorityLevelConfiguration): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { priorityLevelConfigurationPrinter } from '../../../printers/kinds/cluster.js';

export const flowcontrolPrioritylevelconfigurations: BuiltinResource = {
  group: 'flowcontrol.apiserver.k8s.io',
  resource: 'prioritylevelconfigurations',
  kind: 'PriorityLevelConfiguration',
  tracksGeneration: true,
  printer: priorityLevelConfigurationPrinter,
};
