// Namespace, Lease and CronJob checks of kube-apiserver 1.33.
import { fieldErr, type FieldError } from '../../errors/field-error.js';
import { validateKubeFinalizerName } from './meta-fields.js';
import { isQualifiedName } from '../../validation/names.js';
import { type Obj, record, str } from './untyped.js';

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(str) : []);

/** A Namespace's spec finalizer: qualified name, and core's standard-or-qualified rule. */
function validateNamespaceFinalizer(name: string, path: string): FieldError[] {
  return [...isQualifiedName(name).map((m) => fieldErr.invalid(path, name, m)), ...validateKubeFinalizerName(name, path)];
}

/** On create every entry is reported at `spec.finalizers` itself; the finalize subresource indexes them. */
export function validateNamespaceFinalizers(ns: unknown, indexed: boolean): FieldError[] {
  return strings(record(record(ns).spec).finalizers).flatMap((f, i) =>
    validateNamespaceFinalizer(f, indexed ? `spec.finalizers[${i}]` : 'spec.finalizers'),
  );
}

/** PUT …/namespaces/{n}/status: the phase must match whether deletion has started (note kube's `Phase`). */
export function validateNamespacePhase(ns: unknown): FieldError[] {
  const o = record(ns);
  const phase = str(record(o.status).phase);
  const deleting = typeof record(o.metadata).deletionTimestamp === 'string' && record(o.metadata).deletionTimestamp !== '';
  if (!deleting && phase !== 'Active') return [fieldErr.invalid('status.Phase', phase, "may only be 'Active' if `deletionTimestamp` is empty")];
  if (deleting && phase !== 'Terminating') {
    return [fieldErr.invalid('status.Phase', phase, "may only be 'Terminating' if `deletionTimestamp` is not empty")];
  }
  return [];
}

const LEASE_STRATEGIES = ['OldestEmulationVersion'];

export function validateLeaseSpec(lease: unknown): FieldError[] {
  const spec = record(record(lease).spec);
  const errs: FieldError[] = [];
  if (typeof spec.leaseDurationSeconds === 'number' && spec.leaseDurationSeconds <= 0) {
    errs.push(fieldErr.invalid('spec.leaseDurationSeconds', spec.leaseDurationSeconds, 'must be greater than 0'));
  }
  if (typeof spec.leaseTransitions === 'number' && spec.leaseTransitions < 0) {
    errs.push(fieldErr.invalid('spec.leaseTransitions', spec.leaseTransitions, 'must be greater than or equal to 0'));
  }
  if (typeof spec.strategy === 'string') {
    const strategy = spec.strategy;
    if (!strategy.includes('/')) {
      if (!LEASE_STRATEGIES.includes(strategy)) errs.push(fieldErr.notSupported('spec.strategy', strategy, LEASE_STRATEGIES));
    } else {
      errs.push(...isQualifiedName(strategy).map((m) => fieldErr.invalid('spec.strategy', strategy, m)));
    }
  }
  if (str(spec.preferredHolder) && !str(spec.strategy)) {
    errs.push(fieldErr.forbidden('spec.preferredHolder', 'may only be specified if `strategy` is defined'));
  }
  return errs;
}

/** Jobs created by a CronJob append an 11-character suffix to a name that must stay a 63-character label. */
export const CRONJOB_NAME_MAX_LENGTH = 52;

export function validateCronJobName(cronJob: unknown): FieldError[] {
  const name = str(record(record(cronJob).metadata).name);
  return Buffer.byteLength(name, 'utf8') > CRONJOB_NAME_MAX_LENGTH
    ? [fieldErr.invalid('metadata.name', name, `must be no more than ${CRONJOB_NAME_MAX_LENGTH} characters`)]
    : [];
}
