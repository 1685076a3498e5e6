// Spec checks of the workload kinds of kube-apiserver 1.33 (apps/v1 Deployment, ReplicaSet, StatefulSet,
// DaemonSet; batch/v1 Job, CronJob), around the shared pod template checks of kind-pod.ts. Fields kube
// defaults (replicas 1, restartPolicy Always, a Job's generated selector) are treated as defaulted when unset.
import { fieldErr, GoValue, type FieldError } from '../../errors/field-error.js';
import { FIELD_IMMUTABLE, validateAnnotations, validateLabels, validateNonnegativeField } from './meta-fields.js';
import { templateRestartPolicy, validatePodTemplateSpec } from './kind-pod.js';
import { goLabelSelector, goStringMap, isEmptySelector, selectorMatches, selectorsEqual, validateLabelSelector } from './label-selector.js';
import { validateCronSchedule } from './cron-schedule.js';
import { isSet, type Obj, record } from './untyped.js';

const int = (v: unknown, dflt = 0): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : dflt);
const specOf = (obj: unknown): Obj => record(record(obj).spec);
const templateLabels = (template: unknown): unknown => record(record(template).metadata).labels;

const NOT_MATCH = '`selector` does not match template `labels`';
const nonneg = (v: unknown, path: string): FieldError[] => (isSet(v) ? validateNonnegativeField(int(v), path) : []);
const mismatch = (template: unknown, path: string): FieldError =>
  fieldErr.invalid(`${path}.metadata.labels`, new GoValue(goStringMap(templateLabels(template))), NOT_MATCH);

/** A required, non-empty selector (Deployment, ReplicaSet and StatefulSet). */
function validateRequiredSelector(sel: unknown, path: string, kind: string): FieldError[] {
  if (!isSet(sel)) return [fieldErr.required(path)];
  const errs = validateLabelSelector(sel, path);
  if (isEmptySelector(sel)) errs.push(fieldErr.invalid(path, goLabelSelector(sel), `empty selector is invalid for ${kind}`));
  return errs;
}

const restartAlways = (template: unknown, path: string): FieldError[] => {
  const policy = templateRestartPolicy(template);
  return policy === 'Always' ? [] : [fieldErr.notSupported(`${path}.spec.restartPolicy`, policy, ['Always'])];
};

/** ValidatePodTemplateSpecForReplicaSet (Deployments and ReplicaSets). */
function validateReplicaSetTemplate(sel: unknown, template: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  // A missing selector matches nothing; an empty one (already reported) skips the label check.
  if (!isSet(sel) || !isEmptySelector(sel)) {
    if (selectorMatches(sel, templateLabels(template)) === false) errs.push(mismatch(template, path));
  }
  errs.push(...validatePodTemplateSpec(template, path), ...restartAlways(template, path));
  if (isSet(record(record(template).spec).activeDeadlineSeconds)) {
    const v = int(record(record(template).spec).activeDeadlineSeconds);
    errs.push(fieldErr.invalid(`${path}.spec.activeDeadlineSeconds`, v, 'activeDeadlineSeconds in ReplicaSet is not Supported'));
  }
  return errs;
}

/** Selector, then the template when the selector converts (kube says `invalid label selector` otherwise). */
function selectorAndTemplate(spec: Obj, kind: string): FieldError[] {
  const errs = validateRequiredSelector(spec.selector, 'spec.selector', kind);
  if (selectorMatches(spec.selector, {}) === undefined) {
    errs.push(fieldErr.invalid('spec.selector', goLabelSelector(spec.selector), 'invalid label selector'));
  } else errs.push(...validateReplicaSetTemplate(spec.selector, spec.template, 'spec.template'));
  return errs;
}

export function validateDeploymentSpec(obj: unknown): FieldError[] {
  const spec = specOf(obj);
  return [
    ...nonneg(spec.replicas, 'spec.replicas'),
    ...selectorAndTemplate(spec, 'deployment'),
    ...nonneg(spec.minReadySeconds, 'spec.minReadySeconds'),
    ...nonneg(spec.revisionHistoryLimit, 'spec.revisionHistoryLimit'),
  ];
}

export function validateReplicaSetSpec(obj: unknown): FieldError[] {
  const spec = specOf(obj);
  // kube's ReplicaSet check says "deployment" too.
  return [...nonneg(spec.replicas, 'spec.replicas'), ...nonneg(spec.minReadySeconds, 'spec.minReadySeconds'), ...selectorAndTemplate(spec, 'deployment')];
}

export function validateStatefulSetSpec(obj: unknown): FieldError[] {
  const spec = specOf(obj);
  const errs = [...nonneg(spec.replicas, 'spec.replicas'), ...nonneg(spec.minReadySeconds, 'spec.minReadySeconds')];
  errs.push(...validateRequiredSelector(spec.selector, 'spec.selector', 'statefulset'));
  const matches = selectorMatches(spec.selector, templateLabels(spec.template));
  if (matches === undefined) errs.push(fieldErr.invalid('spec.selector', goLabelSelector(spec.selector), ''));
  else {
    if (!matches && (!isSet(spec.selector) || !isEmptySelector(spec.selector))) errs.push(mismatch(spec.template, 'spec.template'));
    // kube leaves the pod spec of a StatefulSet template unvalidated: only its labels and annotations.
    const meta = record(record(spec.template).metadata);
    errs.push(...validateLabels(meta.labels, 'spec.template.labels'), ...validateAnnotations(meta.annotations, 'spec.template.annotations'));
  }
  errs.push(...restartAlways(spec.template, 'spec.template'));
  if (isSet(record(record(spec.template).spec).activeDeadlineSeconds)) {
    errs.push(fieldErr.forbidden('spec.template.spec.activeDeadlineSeconds', 'activeDeadlineSeconds in StatefulSet is not Supported'));
  }
  return errs;
}

export function validateDaemonSetSpec(obj: unknown): FieldError[] {
  const spec = specOf(obj);
  const errs = validateLabelSelector(spec.selector, 'spec.selector');
  if (selectorMatches(spec.selector, templateLabels(spec.template)) === false) errs.push(mismatch(spec.template, 'spec.template'));
  if (isSet(spec.selector) && isEmptySelector(spec.selector)) {
    errs.push(fieldErr.invalid('spec.selector', goLabelSelector(spec.selector), 'empty selector is invalid for daemonset'));
  }
  errs.push(...validatePodTemplateSpec(spec.template, 'spec.template'), ...restartAlways(spec.template, 'spec.template'));
  errs.push(...nonneg(spec.minReadySeconds, 'spec.minReadySeconds'));
  return errs;
}

/** validateJobSpec: counters, the template, then its restart policy (unset is defaulted to Always). */
function validateJobSpecAt(spec: Obj, path: string): FieldError[] {
  const errs = [
    ...nonneg(spec.parallelism, `${path}.parallelism`),
    ...nonneg(spec.completions, `${path}.completions`),
    ...nonneg(spec.activeDeadlineSeconds, `${path}.activeDeadlineSeconds`),
    ...nonneg(spec.backoffLimit, `${path}.backoffLimit`),
    ...nonneg(spec.ttlSecondsAfterFinished, `${path}.ttlSecondsAfterFinished`),
    ...nonneg(spec.backoffLimitPerIndex, `${path}.backoffLimitPerIndex`),
    ...nonneg(spec.maxFailedIndexes, `${path}.maxFailedIndexes`),
    ...validatePodTemplateSpec(spec.template, `${path}.template`),
  ];
  const policy = templateRestartPolicy(spec.template);
  const at = `${path}.template.spec.restartPolicy`;
  if (policy === 'Always') errs.push(fieldErr.required(at, 'valid values: "OnFailure", "Never"'));
  else if (policy !== 'OnFailure' && policy !== 'Never') errs.push(fieldErr.notSupported(at, policy, ['OnFailure', 'Never']));
  else if (isSet(spec.podFailurePolicy) && policy !== 'Never') errs.push(fieldErr.invalid(at, policy, 'only "Never" is supported when podFailurePolicy is specified'));
  return errs;
}

/** A Job: its selector is generated by the server when unset, so only a given one is checked. */
export function validateJobSpec(obj: unknown): FieldError[] {
  const spec = specOf(obj);
  const errs = validateJobSpecAt(spec, 'spec');
  if (isSet(spec.selector)) {
    errs.push(...validateLabelSelector(spec.selector, 'spec.selector'));
    if (selectorMatches(spec.selector, templateLabels(spec.template)) === false) errs.push(mismatch(spec.template, 'spec.template'));
  }
  return errs;
}

export function validateCronJobSpec(obj: unknown): FieldError[] {
  const spec = specOf(obj);
  const errs: FieldError[] = [];
  if (typeof spec.schedule !== 'string' || spec.schedule === '') errs.push(fieldErr.required('spec.schedule'));
  else errs.push(...validateCronSchedule(spec.schedule, 'spec.schedule'));
  if (isSet(spec.concurrencyPolicy)) {
    const policy = typeof spec.concurrencyPolicy === 'string' ? spec.concurrencyPolicy : '';
    const supported = ['Allow', 'Forbid', 'Replace'];
    if (!policy) errs.push(fieldErr.required('spec.concurrencyPolicy'));
    else if (!supported.includes(policy)) errs.push(fieldErr.notSupported('spec.concurrencyPolicy', policy, supported));
  }
  errs.push(...validateJobSpecAt(record(record(spec.jobTemplate).spec), 'spec.jobTemplate.spec'));
  return errs;
}

/** apps/v1 (and every version served here) forbids changing the selector of these kinds. */
export function validateSelectorUnchanged(obj: unknown, old: unknown): FieldError[] {
  const sel = specOf(obj).selector;
  return selectorsEqual(sel, specOf(old).selector) ? [] : [fieldErr.invalid('spec.selector', goLabelSelector(sel), FIELD_IMMUTABLE)];
}
