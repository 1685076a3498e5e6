// The field manager of one endpoint (kube's FieldManager with its default layers, ssa.md §3–§5): applies
// configurations and records the Update entries of every other write in metadata.managedFields.
import { badRequest, StatusError, unknownError } from '../errors/status.js';
import { nowRFC3339, type KObject } from '../api/object.js';
import { applyConflictError } from './conflict-error.js';
import { allowedConflictsFromLastApplied, KUBECTL_MANAGER, updateLastApplied } from './last-applied.js';
import { capUpdateManagers } from './cap-managers.js';
import type { FieldSet } from './field-set.js';
import {
  decodeManagedFields,
  encodeManagedFields,
  isResetRequest,
  ManagedFieldsDecodeError,
  tryDecodeManagedFields,
  type Managed,
  type ManagerInfo,
} from './managed-fields.js';
import type { MergeType } from './merge-type.js';
import { ApplyConflicts, recordApply, recordUpdate, type UpdaterContext } from './updater.js';
import { validateApplied } from './validate-applied.js';
import { withItemElementMemo } from './list-item-element.js';
import { valueEqual } from './value-equal.js';

export const BEFORE_FIRST_APPLY = 'before-first-apply';

export interface FieldManagerConfig {
  /** group/version of the endpoint (`v1`, `apps/v1`): the version entries are recorded in. */
  apiVersion: string;
  kind: string;
  /** The root merge type (see objectRootType). */
  type: MergeType;
  /** '' for the main resource, or 'status'. */
  subresource?: string;
  /** Drops the endpoint's reset fields from a field set (ssa.md §3.8). */
  ignore?: (s: FieldSet) => FieldSet;
  /** The empty object of the kind, as typed decoding presents it (creates and before-first-apply compare from it). */
  emptyObject?: () => KObject;
  clock?: () => Date;
}

export interface ApplyOptions {
  manager: string;
  force: boolean;
}

const rfc3339 = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The object without metadata.managedFields (a shallow copy down to metadata). */
function withoutManagedFields(obj: KObject): KObject {
  if (!isObject(obj.metadata) || !('managedFields' in obj.metadata)) return obj;
  const { managedFields: _m, ...md } = obj.metadata as KObject;
  return { ...obj, metadata: md };
}

function setManagedFields(obj: KObject, managed: Managed): void {
  if (!isObject(obj.metadata)) obj.metadata = {};
  const list = encodeManagedFields(managed);
  if (list.length) obj.metadata.managedFields = list;
  else delete obj.metadata.managedFields;
}

/** Drops null map values: built-in kinds drop them in typed decoding, custom resources prune them. */
function dropNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(dropNulls);
  if (!isObject(v)) return v;
  const out: Record<string, unknown> = {};
  for (const k in v) {
    const x = v[k];
    if (x !== null && x !== undefined) out[k] = dropNulls(x);
  }
  return out;
}

const gvkText = (apiVersion: unknown, kind: unknown): string => {
  const av = typeof apiVersion === 'string' ? apiVersion : '';
  const i = av.indexOf('/');
  const [g, v] = i < 0 ? ['', av] : [av.slice(0, i), av.slice(i + 1)];
  return `${g}/${v}, Kind=${typeof kind === 'string' ? kind : ''}`;
};

export class FieldManager {
  private readonly subresource: string;
  private readonly ctx: UpdaterContext;

  constructor(private readonly cfg: FieldManagerConfig) {
    this.subresource = cfg.subresource ?? '';
    const clock = cfg.clock;
    this.ctx = { type: cfg.type, ignore: cfg.ignore ?? ((s) => s), now: clock ? () => rfc3339(clock()) : () => nowRFC3339() };
  }

  private info(manager: string, operation: ManagerInfo['operation']): ManagerInfo {
    return { manager: manager || 'unknown', operation, apiVersion: this.cfg.apiVersion, subresource: this.subresource };
  }

  private empty(): KObject {
    return this.cfg.emptyObject?.() ?? {};
  }

  /**
   * Server-side apply of `config` (the decoded apply body) to `live` (undefined when the apply creates the
   * object). Returns the new object with its managedFields. Throws the Status kube answers: 400 for a body of
   * the wrong kind or carrying managedFields, 500 for a body that does not fit the schema, 409 for conflicts.
   */
  apply(live: KObject | undefined, config: KObject, opts: ApplyOptions): KObject {
    // Neither the configuration, the live object nor the merge results change while the apply runs.
    return withItemElementMemo(() => this.applyNow(live, config, opts));
  }

  private applyNow(live: KObject | undefined, config: KObject, opts: ApplyOptions): KObject {
    const [group, version] = splitGV(this.cfg.apiVersion);
    if (config.apiVersion !== this.cfg.apiVersion || config.kind !== this.cfg.kind) throw badRequest(`invalid object type: ${gvkText(config.apiVersion, config.kind)}`);
    const cmd = isObject(config.metadata) ? config.metadata : {};
    if (cmd.managedFields !== undefined && cmd.managedFields !== null) throw badRequest('metadata.managedFields must be nil');
    const errs = validateApplied(config, this.cfg.type);
    if (errs.length) {
      const ns = typeof cmd.namespace === 'string' ? cmd.namespace : '';
      const name = typeof cmd.name === 'string' ? cmd.name : '';
      const detail = errs.length === 1 ? errs[0] : ['errors:', ...errs.map((e) => `  ${e}`)].join('\n');
      throw unknownError(`failed to create typed patch object (${ns}/${name}; ${group}/${version}, Kind=${this.cfg.kind}): ${detail}`);
    }
    let managed: Managed;
    try {
      managed = decodeManagedFields(live?.metadata?.managedFields, true);
    } catch (e) {
      if (e instanceof ManagedFieldsDecodeError) throw unknownError(`failed to decode managed fields: ${e.message}`);
      throw e;
    }
    const liveValue = live ? withoutManagedFields(live) : {};
    // An object whose fields nobody owns yet: everything present is charged to before-first-apply.
    if (managed.size === 0 && live) recordUpdate(this.empty(), liveValue, managed, this.info(BEFORE_FIRST_APPLY, 'Update'), this.ctx);
    const info = this.info(opts.manager, 'Apply');
    const snapshot = () => new Map([...managed].map(([id, e]) => [id, { ...e }]));
    const before = snapshot();
    let result: { merged: unknown; noop: boolean };
    try {
      result = recordApply(liveValue, config, managed, info, opts.force, this.ctx);
    } catch (e) {
      if (!(e instanceof ApplyConflicts)) throw e;
      const remaining = opts.manager === KUBECTL_MANAGER && live ? this.forgiveLastApplied(e.conflicts, liveValue) : e.conflicts;
      if (remaining.size) throw applyConflictError(remaining, before);
      // Every conflict is on a field client-side apply set to its live value: apply again, forced.
      managed = new Map([...before].map(([id, x]) => [id, { ...x }]));
      result = recordApply(liveValue, config, managed, info, true, this.ctx);
    }
    const out = dropNulls(result.merged ?? {}) as KObject;
    if (opts.manager === KUBECTL_MANAGER) updateLastApplied(out, config);
    setManagedFields(out, managed);
    return live ? keepTimesIfUnchanged(out, live) : out;
  }

  /** The conflicts left once those the last-applied annotation allows are removed. */
  private forgiveLastApplied(conflicts: Map<string, FieldSet>, live: KObject): Map<string, FieldSet> {
    const allowed = allowedConflictsFromLastApplied(live, this.cfg.apiVersion, this.cfg.type);
    if (!allowed) return conflicts;
    const out = new Map<string, FieldSet>();
    for (const [id, set] of conflicts) {
      const rest = set.difference(allowed);
      if (!rest.isEmpty()) out.set(id, rest);
    }
    return out;
  }

  /**
   * Records the Update entry of a create (live undefined), update or non-apply patch that turns `live` into
   * `next` (decoded and defaulted), editing next's metadata.managedFields in place. Never fails: on any
   * internal error the live object's managedFields are kept.
   */
  update(live: KObject | undefined, next: KObject, manager: string): KObject {
    const incoming = next.metadata?.managedFields;
    try {
      let managed: Managed | undefined;
      let reset = false;
      const fromLive = () => tryDecodeManagedFields(live?.metadata?.managedFields, true) ?? new Map();
      if (this.subresource) managed = fromLive();
      else if (isResetRequest(incoming)) {
        managed = new Map();
        reset = true;
      } else {
        managed = tryDecodeManagedFields(incoming);
        if (!managed || managed.size === 0) managed = fromLive();
      }
      if (isObject(next.metadata)) delete next.metadata.managedFields;
      // Updates of an object nobody owns fields of are not tracked (until the next apply). After a reset the
      // requester's own changes are recorded (the seed: "the reset is done first and the other changes after").
      if (managed.size === 0 && live && !reset) return next;
      recordUpdate(live ? withoutManagedFields(live) : this.empty(), next, managed, this.info(manager, 'Update'), this.ctx);
      capUpdateManagers(managed);
      setManagedFields(next, managed);
      return live ? keepTimesIfUnchanged(next, live) : next;
    } catch (e) {
      if (e instanceof StatusError) throw e;
      if (!isObject(next.metadata)) next.metadata = {};
      const prev = live?.metadata?.managedFields;
      if (prev !== undefined) next.metadata.managedFields = prev;
      else delete next.metadata.managedFields;
      return next;
    }
  }
}

function splitGV(gv: string): [string, string] {
  const i = gv.indexOf('/');
  return i < 0 ? ['', gv] : [gv.slice(0, i), gv.slice(i + 1)];
}

/**
 * When only managedFields times differ from the live object, the live times are kept so that the write is a
 * no-op (ssa.md §5.5).
 */
function keepTimesIfUnchanged(next: KObject, live: KObject): KObject {
  const nmf = next.metadata?.managedFields as KObject[] | undefined;
  const lmf = live.metadata?.managedFields as KObject[] | undefined;
  if (!Array.isArray(nmf) || !Array.isArray(lmf) || nmf.length !== lmf.length) return next;
  const noTime = (e: KObject) => {
    const { time: _t, ...rest } = e;
    return rest;
  };
  // The object first: when it changed (most writes) its comparison stops early, the entries' would not.
  if (!valueEqual(withoutManagedFields(next), withoutManagedFields(live))) return next;
  if (!nmf.every((e, i) => valueEqual(noTime(e), noTime(lmf[i]!)))) return next;
  next.metadata.managedFields = structuredClone(lmf);
  return next;
}
