// The pure steps of an update after mutating admission (kube's BeforeUpdate and the strategy's validation): what
// clients may not change copied from the stored object, the status split, the generation rule, then metadata and
// kind validation. Shared by the generic store and the write worker (registry/prepared-update.ts), so both compute
// the same object.
import type { FieldError } from '../errors/field-error.js';
import { deepClone, jsonEqual, meta, nowRFC3339, type KubeObject } from '../api/object.js';
import { randomUUID } from 'node:crypto';
import type { ResourceDef } from './resource-def.js';
import type { Strategy, StrategyContext } from './strategy.js';

export interface UpdatePreparationDeps {
  def: ResourceDef;
  strategy: Strategy;
  metaValidator: {
    create(obj: KubeObject, def: ResourceDef): FieldError[];
    update(obj: KubeObject, old: KubeObject, def: ResourceDef, subresource: string): FieldError[];
  };
}

/**
 * What a create sets after mutating admission, before the strategy's preparation: system fields the client may not
 * set wiped, the namespace of the request, a new uid and creation time. Returns whether the name is to be generated.
 */
export function systemFieldsForCreate(d: Pick<UpdatePreparationDeps, 'def' | 'strategy'>, obj: KubeObject, namespace: string): void {
  const md = meta(obj);
  delete md.creationTimestamp;
  delete md.uid;
  delete md.deletionTimestamp;
  delete md.deletionGracePeriodSeconds;
  delete md.selfLink;
  if (d.def.namespaced) md.namespace = namespace;
  else delete md.namespace;
  if (d.strategy.hasStatusSubresource) delete obj.status;
  delete md.generation;
  if (d.strategy.tracksGeneration) md.generation = 1;
  md.uid = randomUUID();
  md.creationTimestamp = nowRFC3339();
}

/** The metadata and kind validation of a create. */
export async function createErrors(d: UpdatePreparationDeps, obj: KubeObject, sctx: StrategyContext): Promise<FieldError[]> {
  return [...d.metaValidator.create(obj, d.def), ...(await d.strategy.validate(obj, sctx))];
}

/** A resourceVersion a create may not carry (kube's 500). */
export function setResourceVersionOnCreate(obj: KubeObject): boolean {
  const rv = meta(obj).resourceVersion;
  return rv !== undefined && rv !== '' && /^\d+$/.test(rv) && rv !== '0';
}

/** Copies what clients may not change, applies the status split and the generation rules. */
export function preparedForUpdate(d: UpdatePreparationDeps, desired: KubeObject, current: KubeObject, opts: { subresource: string; warnings: string[] }): KubeObject {
  const { strategy } = d;
  const cmd = meta(current);
  let obj: KubeObject;
  if (opts.subresource === 'status') {
    // Everything but status (and managedFields) comes from the stored object.
    obj = deepClone(current);
    if (desired.status === undefined) delete obj.status;
    else obj.status = desired.status;
    const dmf = meta(desired).managedFields;
    if (dmf !== undefined) meta(obj).managedFields = dmf;
    else delete meta(obj).managedFields;
    return obj;
  }
  const own = opts.subresource ? strategy.subresourceUpdate?.(opts.subresource, desired, current) : undefined;
  if (own) {
    if (strategy.tracksGeneration && specChanged(own, current)) meta(own).generation = (cmd.generation ?? 0) + 1;
    return own as KubeObject;
  }
  obj = desired;
  const md = meta(obj);
  md.uid = cmd.uid;
  md.creationTimestamp = cmd.creationTimestamp;
  if (cmd.deletionTimestamp) md.deletionTimestamp = cmd.deletionTimestamp;
  else delete md.deletionTimestamp;
  if (cmd.deletionGracePeriodSeconds !== undefined) md.deletionGracePeriodSeconds = cmd.deletionGracePeriodSeconds;
  else delete md.deletionGracePeriodSeconds;
  delete md.selfLink;
  if (cmd.generation !== undefined) md.generation = cmd.generation;
  else delete md.generation;
  if (d.def.namespaced) md.namespace = cmd.namespace;
  if (strategy.hasStatusSubresource) {
    if (current.status === undefined) delete obj.status;
    else obj.status = deepClone(current.status);
  }
  strategy.prepareForUpdate(obj, current, { warnings: opts.warnings, subresource: opts.subresource });
  if (strategy.tracksGeneration && specChanged(obj, current)) md.generation = (cmd.generation ?? 0) + 1;
  return obj;
}

/** The metadata and kind validation of an update (the strategy's ValidateUpdate on the main resource). */
export async function updateErrors(d: UpdatePreparationDeps, obj: KubeObject, current: KubeObject, opts: { subresource: string; warnings: string[] }): Promise<FieldError[]> {
  return [
    ...d.metaValidator.update(obj, current, d.def, opts.subresource),
    ...(opts.subresource ? [] : await d.strategy.validateUpdate(obj, current, { warnings: opts.warnings, subresource: opts.subresource })),
  ];
}

/** Whether writing `obj` deletes it: being deleted with no finalizer left and the kind's finalization done. */
export function deletesOnWrite(strategy: Strategy, obj: KubeObject): boolean {
  const md = meta(obj);
  return !!md.deletionTimestamp && !md.finalizers?.length && (strategy.finalizersDone?.(obj) ?? true);
}

/** True when anything outside metadata and status differs (kube's generation rule for spec-carrying kinds). */
export function specChanged(a: KubeObject, b: KubeObject): boolean {
  const strip = (o: KubeObject) => {
    const { metadata: _m, status: _s, ...rest } = o;
    return rest;
  };
  return !jsonEqual(strip(a), strip(b));
}
