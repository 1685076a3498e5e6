// A large update prepared off the event loop (the write worker runs this, endpoints/offload/): everything the generic
// store does to the desired object that is pure computation — the shape of kube's decoding, the update preparation
// and validation (update-preparation.ts), the storage round trip, the no-op comparison with the stored object and
// the bytes to store — computed as if mutating admission leaves the object alone. The store (generic-store.ts) runs
// admission with the object decoded only if a plug-in looks at it; when none did, it writes these bytes as they are.
import { invalid, type GroupKind, type Status, StatusError } from '../errors/status.js';
import { jsonEqual, meta, type KubeObject } from '../api/object.js';
import { wasDecoded } from './decoded-objects.js';
import { encodeStored, setResourceVersion } from './stored-codec.js';
import { createErrors, deletesOnWrite, preparedForUpdate, systemFieldsForCreate, updateErrors, type UpdatePreparationDeps } from './update-preparation.js';
import { rvSpliceOffset } from './rv-splice.js';

export interface PreparedUpdate {
  /** The desired object as mutating admission sees it, as JSON text (decoded only for a plug-in that looks at it). */
  desired: string;
  /** Its uid and resourceVersion: the store's preconditions. */
  uid?: string;
  resourceVersion?: string;
  /** The stored object's uid (the store compares without decoding it). */
  currentUid?: string;
  /** A patch's result carries the stored resourceVersion without the client having asked for it: no precondition. */
  implicitRV?: boolean;
  /** Warnings of the preparation and validation, which come after mutating admission. */
  warnings: string[];
  /** Validation's 422 (thrown after mutating admission). */
  invalid?: Status;
  /** The object equals the stored one: nothing is written, the stored object is the answer. */
  noop: boolean;
  /** Where the resourceVersion goes in the stored bytes read (for the no-op answer); undefined: decode to answer. */
  currentRvAt?: number;
  /** Writing it deletes the object (its last finalizer is gone): the store does that in-thread. */
  deletes: boolean;
  /** The bytes to store. */
  stored?: Uint8Array;
  /** Where the resourceVersion goes in `stored`; undefined: the answer is decoded from them. */
  rvAt?: number;
  /** rvAt, when the object read back from storage has its resourceVersion there too (rv-splice.ts hintSplice). */
  readAt?: number;
}

export interface PreparationInput extends UpdatePreparationDeps {
  gk: GroupKind;
  name: string;
  subresource: string;
  /** The endpoint's apiVersion: only an object of it is answered from its bytes. */
  apiVersion: string;
  /** The stored bytes `current` was decoded from, and their revision. */
  currentValue: Uint8Array;
  currentRev: number;
}

/** Whether decoding the stored object puts its resourceVersion where `md` has it (stored-codec.ts decodeStored). */
function readBackInPlace(md: object): boolean {
  const keys = Object.keys(md);
  const read: Record<string, unknown> = {};
  for (const k of keys) if (k !== 'resourceVersion') read[k] = 0;
  setResourceVersion(read as NonNullable<KubeObject['metadata']>, '0');
  return Object.keys(read).join('\n') === keys.join('\n');
}

function rvAtOf(obj: KubeObject, value: Uint8Array, rev: string, apiVersion: string, kind: string): number | undefined {
  if (obj.apiVersion !== apiVersion || obj.kind !== kind) return undefined;
  return rvSpliceOffset(value, Buffer.from(JSON.stringify(obj)), rev);
}

/** Prepares `desired` (what the handler's stages made of the request) for writing over `current`. */
export async function prepareUpdate(p: PreparationInput, desired: KubeObject, current: KubeObject): Promise<PreparedUpdate> {
  const { strategy } = p;
  if (wasDecoded(desired)) strategy.shape?.(desired);
  else strategy.roundTrip?.(desired);
  const dmd = meta(desired);
  const cmd = meta(current);
  const out: PreparedUpdate = { desired: JSON.stringify(desired), uid: dmd.uid, resourceVersion: dmd.resourceVersion, currentUid: cmd.uid, warnings: [], noop: false, deletes: false };
  const opts = { subresource: p.subresource, warnings: out.warnings };
  const obj = preparedForUpdate(p, desired, current, opts);
  meta(obj).resourceVersion = cmd.resourceVersion;
  const errs = await updateErrors(p, obj, current, opts);
  if (errs.length) {
    out.invalid = invalid(p.gk, p.name, errs).status;
    return out;
  }
  const omd = meta(obj);
  omd.resourceVersion = cmd.resourceVersion;
  strategy.roundTrip?.(obj);
  if (jsonEqual(obj, current)) {
    out.noop = true;
    out.currentRvAt = rvAtOf(current, p.currentValue, String(p.currentRev), p.apiVersion, p.gk.kind);
    return out;
  }
  out.deletes = deletesOnWrite(strategy, obj);
  if (out.deletes) return out;
  const stored = encodeStored(obj);
  out.stored = stored;
  // The answer is the object with its new resourceVersion where setResourceVersion puts it.
  setResourceVersion(omd, cmd.resourceVersion ?? '0');
  out.rvAt = rvAtOf(obj, stored, cmd.resourceVersion ?? '0', p.apiVersion, p.gk.kind);
  if (out.rvAt !== undefined && readBackInPlace(omd)) out.readAt = out.rvAt;
  return out;
}

/** A large create prepared off the event loop, as the store's create would do it if admission leaves it alone. */
export interface PreparedCreate {
  /** The object as mutating admission sees it, as JSON text. */
  desired: string;
  /** Its name (a create with a name to generate is not prepared). */
  name: string;
  /** Warnings of the preparation and validation. */
  warnings: string[];
  /** Validation's 422. */
  invalid?: Status;
  /** The bytes to store. */
  stored?: Uint8Array;
  /** Where the resourceVersion goes in `stored`; undefined: the answer is decoded from them. */
  rvAt?: number;
  /** rvAt, when the object read back from storage has its resourceVersion there too (rv-splice.ts hintSplice). */
  readAt?: number;
}

/**
 * Prepares the create of `desired`. Undefined when the store must create it itself: a name to generate (a retry
 * picks another), or a resourceVersion in the request (kube's error, and validating admission sees it).
 */
export async function prepareCreate(p: Omit<PreparationInput, 'subresource' | 'currentValue' | 'currentRev' | 'name'> & { namespace: string }, desired: KubeObject): Promise<PreparedCreate | undefined> {
  const { strategy } = p;
  const md = meta(desired);
  if (!md.name || md.resourceVersion !== undefined) return undefined;
  if (wasDecoded(desired)) strategy.shape?.(desired);
  else strategy.roundTrip?.(desired);
  const out: PreparedCreate = { desired: JSON.stringify(desired), name: md.name, warnings: [] };
  const obj = desired;
  systemFieldsForCreate(p, obj, p.namespace);
  const sctx = { warnings: out.warnings };
  await strategy.prepareForCreate(obj, sctx);
  const errs = await createErrors(p, obj, sctx);
  if (errs.length) {
    out.invalid = invalid(p.gk, md.name, errs).status;
    return out;
  }
  strategy.roundTrip?.(obj);
  out.stored = encodeStored(obj);
  setResourceVersion(md, '1');
  out.rvAt = rvAtOf(obj, out.stored, '1', p.apiVersion, p.gk.kind);
  if (out.rvAt !== undefined && readBackInPlace(md)) out.readAt = out.rvAt;
  return out;
}

let standing = 0;

/** Counts a prepared update whose outcome stood (no admission plug-in looked at the object). */
export function countPreparedOutcome(): void {
  standing++;
}

/** How many prepared updates' outcomes stood in this process (tests). */
export function preparedOutcomesStood(): number {
  return standing;
}

/** The Status error of a prepared update's validation. */
export function preparedInvalid(p: { invalid?: Status }): StatusError | undefined {
  return p.invalid && new StatusError(p.invalid);
}
