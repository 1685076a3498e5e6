// autoscaling/horizontalpodautoscalers (HorizontalPodAutoscaler): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultPointers, empty, struct, type TypeDefaults } from '../defaulting.js';
import { horizontalPodAutoscalerPrinter } from '../../../printers/kinds/cluster.js';

// GenerateHPAScaleUpRules / GenerateHPAScaleDownRules: the given fields over the defaults (a given policy list, even
// an empty one, replaces the default list); scale-down has no default stabilization window.
const scaleUpRules = () => ({ stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] });
const scaleDownRules = () => ({ selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] });

function scalingRules(given: unknown, defaults: Record<string, unknown>): Record<string, unknown> {
  if (given === null || given === undefined || typeof given !== 'object') return defaults;
  const out = { ...defaults };
  // tolerance is not copied: the HPAConfigurableTolerance gate is off in 1.33, the field is dropped.
  for (const k of ['selectPolicy', 'stabilizationWindowSeconds', 'policies']) {
    const v = (given as Record<string, unknown>)[k];
    if (v !== undefined && v !== null) out[k] = v;
  }
  return out;
}

// SetDefaults_HorizontalPodAutoscaler (autoscaling/v2, the stored version): one replica, 80% CPU; a given behavior
// gets its missing scaling rules filled in (SetDefaults_HorizontalPodAutoscalerBehavior).
const hpaDefaults: TypeDefaults = {
  'io.k8s.api.autoscaling.v2.HorizontalPodAutoscaler': (h) => {
    const spec = struct(h, 'spec');
    defaultPointers(spec, { minReplicas: 1 });
    if (empty(spec.metrics)) spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }];
    const behavior = spec.behavior as Record<string, unknown> | null | undefined;
    if (behavior && typeof behavior === 'object' && !Array.isArray(behavior)) {
      behavior.scaleUp = scalingRules(behavior.scaleUp, scaleUpRules());
      behavior.scaleDown = scalingRules(behavior.scaleDown, scaleDownRules());
    }
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
