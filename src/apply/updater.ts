// Ownership bookkeeping over field sets (ssa.md §3.2, §3.4, §4.1–§4.2): what an Update takes from every other
// manager, and an Apply's merge, prune and conflict check.
import { compareValues, compareValuesWithin, filterComparison, type Comparison } from './compare.js';
import { FieldSet } from './field-set.js';
import { managerIdentity, type Managed, type ManagerInfo } from './managed-fields.js';
import { mergeValuesShared } from './merge.js';
import type { MergeType } from './merge-type.js';
import { fieldPE } from './path-element.js';
import { removeItems } from './remove-items.js';
import { toFieldSet } from './to-field-set.js';
import { valueEqual } from './value-equal.js';

export interface UpdaterContext {
  /** The root type of the object. */
  type: MergeType;
  /** Drops the endpoint's reset fields from a set (identity when there are none). */
  ignore: (s: FieldSet) => FieldSet;
  /** Now, as RFC 3339 seconds. */
  now: () => string;
}

/** The other managers' conflicting paths, by identity. */
export class ApplyConflicts extends Error {
  constructor(readonly conflicts: Map<string, FieldSet>) {
    super('apply conflicts');
  }
}

/** Paths every manager stops owning: meta fields the server sets (ssa.md §3.7); members only. */
const META_STRIP = (() => {
  const s = new FieldSet();
  for (const f of ['apiVersion', 'kind', 'metadata']) s.insert([fieldPE(f)]);
  for (const f of ['name', 'namespace', 'creationTimestamp', 'selfLink', 'uid', 'clusterName', 'generation', 'managedFields', 'resourceVersion']) {
    s.insert([fieldPE('metadata'), fieldPE(f)]);
  }
  return s;
})();

export const stripMeta = (s: FieldSet): FieldSet => s.difference(META_STRIP);

/**
 * Compares live → next and takes the changed paths from every manager but `workflow`: changed (modified or
 * added) paths are conflicts, which fail the operation unless forced; removed paths are simply dropped.
 */
function takeOwnership(live: unknown, next: unknown, managed: Managed, workflow: string, force: boolean, ctx: UpdaterContext): Comparison & { changed: FieldSet } {
  return takeOwnershipFrom(filterComparison(compareValues(live, next, ctx.type), ctx.ignore), managed, workflow, force);
}

/**
 * takeOwnership for an apply, which records no changed paths of its own: only changes of paths another manager
 * owns matter, so only those are compared (nothing at all when the applier is the only manager).
 */
function takeOthersOwnership(live: unknown, next: unknown, managed: Managed, workflow: string, force: boolean, ctx: UpdaterContext): void {
  let others: FieldSet | undefined;
  for (const [id, e] of managed) if (id !== workflow) others = others ? others.union(e.set) : e.set;
  if (others) takeOwnershipFrom(filterComparison(compareValuesWithin(live, next, ctx.type, others), ctx.ignore), managed, workflow, force);
  else for (const [id, e] of managed) if (e.set.isEmpty()) managed.delete(id);
}

function takeOwnershipFrom(cmp: Comparison, managed: Managed, workflow: string, force: boolean): Comparison & { changed: FieldSet } {
  const changed = cmp.modified.union(cmp.added);
  const conflicts = new Map<string, FieldSet>();
  for (const [id, e] of managed) {
    if (id === workflow) continue;
    const c = e.set.intersection(changed);
    if (!c.isEmpty()) conflicts.set(id, c);
  }
  if (!force && conflicts.size) throw new ApplyConflicts(conflicts);
  for (const [id, e] of managed) {
    if (id === workflow) continue;
    let s = e.set;
    const c = conflicts.get(id);
    if (c) s = s.difference(c);
    if (!cmp.removed.isEmpty()) s = s.difference(cmp.removed);
    e.set = s;
  }
  for (const [id, e] of managed) if (e.set.isEmpty()) managed.delete(id);
  return { ...cmp, changed };
}

/**
 * A non-apply write by `info` (an Update entry): it takes every path it changed from the others and owns them
 * in addition to what it owned; its time is set when it changed anything.
 */
export function recordUpdate(live: unknown, next: unknown, managed: Managed, info: ManagerInfo, ctx: UpdaterContext): void {
  const current = '\u0000current-operation';
  const { changed } = takeOwnership(live, next, managed, current, true, ctx);
  const set = stripMeta(ctx.ignore(changed));
  if (set.isEmpty()) return;
  const id = managerIdentity(info);
  const prev = managed.get(id);
  // A manager changing only paths it owns keeps its set (and the encoding it already has: fields-v1.ts).
  managed.set(id, { ...info, set: prev ? (set.isSubsetOf(prev.set) ? prev.set : set.union(prev.set)) : set, time: ctx.now() });
}

/**
 * An apply of `config` by `info` (an Apply entry) on `live`: returns the merged object after pruning what the
 * applier stopped applying (sharing parts with live and config: copy it before changing it). Throws ApplyConflicts
 * unless forced.
 */
export function recordApply(live: unknown, config: unknown, managed: Managed, info: ManagerInfo, force: boolean, ctx: UpdaterContext): { merged: unknown; noop: boolean } {
  const id = managerIdentity(info);
  const previous = managed.get(id);
  // Shared with live and config where taken whole: the caller copies the result (FieldManager's dropNulls).
  let merged = mergeValuesShared(live, config, ctx.type);
  const set = ctx.ignore(toFieldSet(config, ctx.type));
  managed.set(id, { ...info, set, time: previous?.time });
  // Only what the applier applied last time and no longer applies can go: nothing when it still applies all of it.
  if (previous && !previous.set.isEmpty() && !previous.set.isSubsetOf(set)) merged = prune(merged, managed, previous.set, ctx.type);
  takeOthersOwnership(live, merged, managed, id, force, ctx);
  const own = managed.get(id);
  if (own) {
    own.set = stripMeta(own.set);
    if (own.set.isEmpty()) managed.delete(id);
    // The same paths as last time: keep that set (and the encoding it already has).
    else if (previous && own.set.equals(previous.set)) own.set = previous.set;
  }
  const noop = valueEqual(live, merged);
  if (!noop && own && managed.has(id)) own.time = ctx.now();
  return { merged, noop };
}

/**
 * Removes what the applier owned last time and no longer applies, unless another manager (or its new config)
 * owns it; only paths in `lastSet` may disappear (ssa.md §3.4 step 4).
 */
function prune(merged: unknown, managed: Managed, lastSet: FieldSet, type: MergeType): unknown {
  const named = (s: FieldSet) => ensureNamedFieldsAreMembers(s, type);
  const last = named(lastSet);
  let pruned = removeItems(merged, last, type);
  // Add back what anyone owns.
  let owned = new FieldSet();
  for (const e of managed.values()) owned = owned.union(e.set);
  const mergedSet = named(toFieldSet(merged, type));
  pruned = removeItems(merged, mergedSet.difference(named(toFieldSet(pruned, type)).union(named(owned))), type);
  // Only things the applier owned may go.
  const prunedSet = named(toFieldSet(pruned, type));
  return removeItems(merged, mergedSet.difference(prunedSet).intersection(last), type);
}

/** Adds every declared struct field that has children as a member ("named fields are members"). */
export function ensureNamedFieldsAreMembers(s: FieldSet, type: MergeType | undefined): FieldSet {
  const out = new FieldSet();
  for (const [k, pe] of s.members) out.members.set(k, pe);
  const map = type?.map;
  const list = type?.list;
  for (const [k, c] of s.children) {
    let childType: MergeType | undefined;
    if (c.pe.kind === 'f' && map) {
      const declared = map.field(c.pe.name);
      if (declared) out.members.set(k, c.pe);
      childType = declared ?? map.elem;
    } else if (c.pe.kind === 'k' && list) childType = list.elem;
    out.children.set(k, { pe: c.pe, set: ensureNamedFieldsAreMembers(c.set, childType) });
  }
  return out;
}
