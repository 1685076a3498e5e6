// autoscaling/horizontalpodautoscalers (HorizontalPodAutoscaler): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { horizontalPodAutoscalerPrinter } from '../../../printers/kinds/cluster.js';

export const autoscalingHorizontalpodautoscalers: BuiltinResource = {
  group: 'autoscaling',
  resource: 'horizontalpodautoscalers',
  kind: 'HorizontalPodAutoscaler',
  tracksGeneration: true,
  printer: horizontalPodAutoscalerPrinter,
};
