// autoscaling/horizontalpodautoscalers (HorizontalPodAutoscaler): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultPointers, empty, struct, type TypeDefaults } from '../defaulting.js';
import { horizontalPodAutoscalerPrinter } from '../../../printers/kinds/cluster.js';

// SetDefaults_HorizontalPodAutoscaler (autoscaling/v2, the stored version): one replica, 80% CPU.
const hpaDefaults: TypeDefaults = {
  'io.k8s.api.autoscaling.v2.HorizontalPodAutoscaler': (h) => {
    const spec = struct(h, 'spec');
    defaultPointers(spec, { minReplicas: 1 });
    if (empty(spec.metrics)) spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }];
  },
  'io.k8s.api.autoscaling.v1.HorizontalPodAutoscaler': (h) => {
    const spec = struct(h, 'spec');
    defaultPointers(spec, { minReplicas: 1 });
  },
};

export const autoscalingHorizontalpodautoscalers: BuiltinResource = {
  group: 'autoscaling',
  resource: 'horizontalpodautoscalers',
  kind: 'HorizontalPodAutoscaler',
  defaults: hpaDefaults,
  tracksGeneration: true,
  printer: horizontalPodAutoscalerPrinter,
};
