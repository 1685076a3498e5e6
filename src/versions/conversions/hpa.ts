// autoscaling/v1 HorizontalPodAutoscaler ⇄ autoscaling/v2 (the storage version). v1 knows one metric, the CPU
// utilisation target; v2 has a list. As kube does, what v1 cannot express is kept in annotations so that a v1
// round trip does not lose it: the other metrics, the current metrics, the conditions and the behavior.
import type { KObject } from '../../api/object.js';

const METRICS = 'autoscaling.alpha.kubernetes.io/metrics';
const CURRENT_METRICS = 'autoscaling.alpha.kubernetes.io/current-metrics';
const CONDITIONS = 'autoscaling.alpha.kubernetes.io/conditions';
const BEHAVIOR = 'autoscaling.alpha.kubernetes.io/behavior';

const isCpuUtilization = (m: KObject): boolean =>
  m?.type === 'Resource' && m.resource?.name === 'cpu' && m.resource?.target?.type === 'Utilization' && typeof m.resource.target.averageUtilization === 'number';

function withoutKeys(o: KObject | undefined, keys: string[]): KObject | undefined {
  if (!o) return undefined;
  const out = { ...o };
  for (const k of keys) delete out[k];
  return Object.keys(out).length ? out : undefined;
}

function parseAnnotation(value: string | undefined): unknown {
  if (!value) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** v2 (stored) → v1. */
export function hpaV2ToV1(obj: KObject): KObject {
  const { kind: _k, apiVersion: _a, spec = {}, status, metadata = {}, ...rest } = obj;
  const annotations: Record<string, string> = { ...(metadata.annotations ?? {}) };
  const metrics: KObject[] = spec.metrics ?? [];
  const cpu = metrics.find(isCpuUtilization);
  const others = metrics.filter((m) => m !== cpu);
  if (others.length) annotations[METRICS] = JSON.stringify(others);
  if (spec.behavior) annotations[BEHAVIOR] = JSON.stringify(spec.behavior);
  const v1spec: KObject = { scaleTargetRef: spec.scaleTargetRef };
  if (spec.minReplicas !== undefined) v1spec.minReplicas = spec.minReplicas;
  v1spec.maxReplicas = spec.maxReplicas;
  if (cpu) v1spec.targetCPUUtilizationPercentage = cpu.resource.target.averageUtilization;
  let v1status: KObject | undefined;
  if (status) {
    const current: KObject[] = status.currentMetrics ?? [];
    const cpuNow = current.find((m) => m?.type === 'Resource' && m.resource?.name === 'cpu' && typeof m.resource?.current?.averageUtilization === 'number');
    const otherNow = current.filter((m) => m !== cpuNow);
    if (otherNow.length) annotations[CURRENT_METRICS] = JSON.stringify(otherNow);
    if (status.conditions?.length) annotations[CONDITIONS] = JSON.stringify(status.conditions);
    v1status = withoutKeys(status, ['currentMetrics', 'conditions']) ?? {};
    if (cpuNow) v1status.currentCPUUtilizationPercentage = cpuNow.resource.current.averageUtilization;
  }
  const md = { ...metadata };
  if (Object.keys(annotations).length) md.annotations = annotations;
  const out: KObject = { kind: 'HorizontalPodAutoscaler', apiVersion: 'autoscaling/v1', metadata: md, ...rest, spec: v1spec };
  if (v1status) out.status = v1status;
  return out;
}

/** v1 → v2 (stored). */
export function hpaV1ToV2(obj: KObject): KObject {
  const { kind: _k, apiVersion: _a, spec = {}, status, metadata = {}, ...rest } = obj;
  const annotations: Record<string, string> = { ...(metadata.annotations ?? {}) };
  const metrics: KObject[] = [];
  if (typeof spec.targetCPUUtilizationPercentage === 'number') {
    metrics.push({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: spec.targetCPUUtilizationPercentage } } });
  }
  const others = parseAnnotation(annotations[METRICS]);
  if (Array.isArray(others)) metrics.push(...others);
  const behavior = parseAnnotation(annotations[BEHAVIOR]);
  const v2spec: KObject = { scaleTargetRef: spec.scaleTargetRef };
  if (spec.minReplicas !== undefined) v2spec.minReplicas = spec.minReplicas;
  v2spec.maxReplicas = spec.maxReplicas;
  if (metrics.length) v2spec.metrics = metrics;
  if (behavior && typeof behavior === 'object') v2spec.behavior = behavior;
  let v2status: KObject | undefined;
  if (status) {
    v2status = withoutKeys(status, ['currentCPUUtilizationPercentage']) ?? {};
    const current: KObject[] = [];
    if (typeof status.currentCPUUtilizationPercentage === 'number') {
      current.push({ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: status.currentCPUUtilizationPercentage } } });
    }
    const otherNow = parseAnnotation(annotations[CURRENT_METRICS]);
    if (Array.isArray(otherNow)) current.push(...otherNow);
    if (current.length) v2status.currentMetrics = current;
    const conditions = parseAnnotation(annotations[CONDITIONS]);
    if (Array.isArray(conditions)) v2status.conditions = conditions;
  }
  for (const k of [METRICS, CURRENT_METRICS, CONDITIONS, BEHAVIOR]) delete annotations[k];
  const md = { ...metadata };
  if (Object.keys(annotations).length) md.annotations = annotations;
  else delete md.annotations;
  const out: KObject = { kind: 'HorizontalPodAutoscaler', apiVersion: 'autoscaling/v2', metadata: md, ...rest, spec: v2spec };
  if (v2status) out.status = v2status;
  return out;
}
