// Deletion (apiserver.md §3.6): preconditions, the garbage-collection finalizers chosen by the propagation
// policy, deletion pending on finalizers (200 with the object), or removal (the object or a Success Status).
import { fieldErr, GoValue } from '../errors/field-error.js';
import { conflict, deleteSuccess, invalid, notFound, type Status } from '../errors/status.js';
import { groupKindString } from '../errors/status.js';
import type { GenericStore } from './generic-store.js';
import { meta, nowRFC3339, type KubeObject } from '../api/object.js';
import { isReadable, setResourceVersion } from './stored-codec.js';
import type { OperationContext } from './operation-context.js';

export type PropagationPolicy = 'Orphan' | 'Background' | 'Foreground';

export interface DeleteOptions extends Omit<Partial<OperationContext>, 'dryRun'> {
  gracePeriodSeconds?: number;
  propagationPolicy?: PropagationPolicy;
  orphanDependents?: boolean;
  preconditions?: { uid?: string; resourceVersion?: string };
  dryRun: boolean;
  /** Unsafe deletion of a corrupt object (gate AllowUnsafeMalformedObjectDeletion); undefined when not asked or gate off. */
  ignoreStoreReadErrorWithClusterBreakingPotential?: boolean;
  /** Set when dryRun came from the request (validation needs to know it was given). */
  dryRunGiven?: boolean;
}

export const FINALIZER_ORPHAN = 'orphan';
export const FINALIZER_FOREGROUND = 'foregroundDeletion';

export interface DeleteResult {
  code: number;
  /** The object (still pending, or deleted for stores that return it) or a Success Status. */
  body: KubeObject | Status;
  /** True when the object is gone. */
  deleted: boolean;
  obj: KubeObject;
}

/** Validates DeleteOptions as kube does (422 on DeleteOptions.meta.k8s.io). */
export function validateDeleteOptions(o: DeleteOptions): void {
  const errs = [];
  if (o.orphanDependents !== undefined && o.propagationPolicy !== undefined) {
    errs.push(fieldErr.invalid('propagationPolicy', o.propagationPolicy, 'orphanDependents and deletionPropagation cannot be both set'));
  }
  if (o.propagationPolicy !== undefined && !['Foreground', 'Background', 'Orphan'].includes(o.propagationPolicy)) {
    errs.push(fieldErr.notSupported('propagationPolicy', o.propagationPolicy, ['Foreground', 'Background', 'Orphan', 'nil']));
  }
  if (o.ignoreStoreReadErrorWithClusterBreakingPotential) {
    const path = 'ignoreStoreReadErrorWithClusterBreakingPotential';
    const clash = (what: string) => errs.push(fieldErr.invalid(path, true, `cannot be set together with .${what}`));
    if (o.dryRun) clash('dryRun');
    if (o.propagationPolicy !== undefined) clash('propagationPolicy');
    if (o.orphanDependents !== undefined) clash('orphanDependents');
    if (o.gracePeriodSeconds !== undefined) clash('gracePeriodSeconds');
    if (o.preconditions !== undefined) clash('preconditions');
  }
  if (errs.length) throw invalid({ group: 'meta.k8s.io', kind: 'DeleteOptions' }, '', errs);
}

/**
 * The unsafe deletion of an object whose stored bytes cannot be read (seed 000, "forced deletion"): refused with
 * 422 when the object reads normally; otherwise removed without preconditions, finalizers or admission.
 */
export async function deleteCorruptObject(store: GenericStore, namespace: string, name: string): Promise<Status> {
  const kv = await store.getKV(namespace, name);
  if (!kv) throw notFound(store.gr, name);
  if (isReadable(kv)) {
    throw invalid({ group: store.gr.group, kind: store.gr.resource }, name, [
      fieldErr.invalid('ignoreStoreReadErrorWithClusterBreakingPotential', true, 'is exclusively used to delete corrupt object(s), try again by removing this option'),
    ]);
  }
  await store.deps.storage.delete(kv.key, 0);
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { name, kind: store.def.kind }, code: 200 };
}

/** The GC finalizers the effective policy asks for; undefined = leave the object's finalizers as they are. */
function policyFor(o: DeleteOptions, existing: string[]): PropagationPolicy | undefined {
  if (o.propagationPolicy) return o.propagationPolicy;
  if (o.orphanDependents !== undefined) return o.orphanDependents ? 'Orphan' : 'Background';
  if (existing.includes(FINALIZER_ORPHAN) || existing.includes(FINALIZER_FOREGROUND)) return undefined;
  return 'Background';
}

function applyPolicy(finalizers: string[], policy: PropagationPolicy | undefined): string[] {
  if (!policy) return finalizers;
  const rest = finalizers.filter((f) => f !== FINALIZER_ORPHAN && f !== FINALIZER_FOREGROUND);
  if (policy === 'Orphan') return [...rest, FINALIZER_ORPHAN];
  if (policy === 'Foreground') return [...rest, FINALIZER_FOREGROUND];
  return rest;
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export async function deleteObject(store: GenericStore, namespace: string, name: string, o: DeleteOptions): Promise<DeleteResult> {
  validateDeleteOptions(o);
  const kindName = groupKindString(store.gk);
  for (let attempt = 0; attempt < 16; attempt++) {
    const kv = await store.getKV(namespace, name);
    if (!kv) throw notFound(store.gr, name);
    const current = store.decode(kv);
    const cmd = meta(current);
    const pre = o.preconditions;
    if (pre?.uid && pre.uid !== cmd.uid) {
      throw conflict({ group: '', resource: kindName }, name, `the UID in the precondition (${pre.uid}) does not match the UID in record (${cmd.uid}). The object might have been deleted and then recreated`);
    }
    if (pre?.resourceVersion && pre.resourceVersion !== cmd.resourceVersion) {
      throw conflict({ group: '', resource: kindName }, name, `the ResourceVersion in the precondition (${pre.resourceVersion}) does not match the ResourceVersion in record (${cmd.resourceVersion}). The object might have been modified`);
    }
    const admitted = store.admissionAttributes('DELETE', namespace, name, undefined, current, { warnings: [], ...o });
    await store.deps.admission.admit(admitted);
    await store.deps.admission.validate(admitted);

    const existing = cmd.finalizers ?? [];
    const finalizers = applyPolicy(existing, policyFor(o, existing));
    if (finalizers.includes(FINALIZER_ORPHAN) && finalizers.includes(FINALIZER_FOREGROUND)) {
      throw invalid(store.gk, name, [fieldErr.invalid('metadata.finalizers', new GoValue(`[]string{${finalizers.map((f) => JSON.stringify(f)).join(', ')}}`), 'finalizer orphan and foregroundDeletion cannot be both set')]);
    }
    const pending = finalizers.length > 0 || !store.finalizersDone(current);
    if (pending) {
      const updated = structuredClone(current);
      const umd = meta(updated);
      if (finalizers.length) umd.finalizers = finalizers;
      else delete umd.finalizers;
      if (!umd.deletionTimestamp) {
        umd.deletionTimestamp = nowRFC3339();
        umd.deletionGracePeriodSeconds = 0;
        if (umd.generation) umd.generation += 1;
        store.strategy.prepareForDeletion?.(updated);
      }
      if (!cmd.deletionTimestamp || !sameList(existing, finalizers)) {
        let written = updated;
        if (!o.dryRun) {
          const r = await store.deps.storage.put(kv.key, store.encode(updated), kv.modRev);
          if (!r.ok) continue; // changed under us: evaluate again
          setResourceVersion(umd, String(r.kv.modRev));
          written = updated;
        }
        const code = o.orphanDependents === false ? 202 : 200;
        return { code, body: written, deleted: false, obj: written };
      }
      return { code: o.orphanDependents === false ? 202 : 200, body: current, deleted: false, obj: current };
    }
    if (o.dryRun) return finish(store, current);
    const removed = await store.removeIfUnchanged(kv);
    if (!removed) continue;
    return finish(store, removed.obj);
  }
  throw conflict(store.gr, name, 'the object has been modified; please apply your changes to the latest version and try again');
}

function finish(store: GenericStore, obj: KubeObject): DeleteResult {
  if (store.strategy.returnDeletedObject) return { code: 200, body: obj, deleted: true, obj };
  return { code: 200, body: deleteSuccess(store.gr, meta(obj).name ?? '', meta(obj).uid ?? ''), deleted: true, obj };
}
