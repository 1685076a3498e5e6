// policy/poddisruptionbudgets (PodDisruptionBudget): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { podDisruptionBudgetPrinter } from '../../../printers/kinds/cluster.js';

export const policyPoddisruptionbudgets: BuiltinResource = {
  group: 'policy',
  resource: 'poddisruptionbudgets',
  kind: 'PodDisruptionBudget',
  tracksGeneration: true,
  printer: podDisruptionBudgetPrinter,
};
