// The selection of a list or watch: the label selector, the field selector converted with the resource's field
// labels (400 with kube's text for unknown labels), and the name a single-object watch implies, checked as kube's
// ListResource does.
import { badRequest } from '../../errors/status.js';
import { oneTermEqualSelector } from '../../selection/field-selector.js';
import { convertFieldSelector, type FieldSet } from '../../selection/field-sets.js';
import { builtinFieldSet } from '../../registry/resources/index.js';
import { SelectionPredicate } from '../../selection/selection-predicate.js';
import type { CacheEntry } from '../../storage/cacher/cache-entry.js';
import type { ResourceScope } from '../resource-scope.js';
import { objectOf } from './entry-object.js';
import { converterFor } from '../../versions/converter.js';
import type { ListOptions } from './list-options.js';
import type { KObject } from '../../api/object.js';
import { decodeStored } from '../../registry/stored-codec.js';
import type { Requirement } from '../../selection/label-selector.js';
import type { EntryLabels, LabelReader } from '../../storage/cacher/label-index.js';

export interface Selection {
  predicate: SelectionPredicate;
  /** Neither selector restricts anything (lists then report remainingItemCount). */
  empty: boolean;
  /** The cache filter; undefined when every entry matches. */
  filter?: (e: CacheEntry) => boolean;
  /** A label the filter pins to a few values, which the cache's label index can look up instead of a scan. */
  index?: { label: string; values: readonly string[]; read: LabelReader };
}

/** The field labels of the served resource: a custom resource's selectableFields, or the built-in conversions. */
export function fieldSetOf(scope: ResourceScope): FieldSet {
  return scope.view?.fieldSet ?? builtinFieldSet({ group: scope.def.group, resource: scope.def.resource }, scope.def.version);
}

export function selectionFor(scope: ResourceScope, opts: ListOptions, fieldSet: FieldSet = fieldSetOf(scope)): Selection {
  let field = convertFieldSelector(opts.field, fieldSet);
  // A name (from the /watch/…/{name} path, or from a metadata.name field selector via RequestInfo) narrows the
  // selection; an explicit selector must then require exactly that name.
  const name = scope.name;
  if (name) {
    if (!field.isEmpty()) {
      if (field.requiresExactMatch('metadata.name') !== name) throw badRequest("fieldSelector metadata.name doesn't match requested name");
    } else {
      field = oneTermEqualSelector('metadata.name', name);
    }
  }
  const predicate = new SelectionPredicate(opts.label, field, fieldSet);
  const empty = predicate.isEmpty();
  // Selectors see the object as this endpoint serves it (events.k8s.io reads core Events under its own names).
  const conv = converterFor(scope.def);
  const view = conv ? (e: CacheEntry) => conv.fromStored(objectOf(e)) : objectOf;
  const index = conv ? undefined : indexableLabel(predicate);
  return { predicate, empty, filter: empty ? undefined : (e) => predicate.matches(view(e)), ...(index && { index }) };
}

// The requirement (`k=v`, `k==v`, `k in (…)`) with the fewest values; every match carries one of them.
function indexableLabel(predicate: SelectionPredicate): Selection['index'] {
  let best: Requirement | undefined;
  for (const r of predicate.label.requirements) {
    if (r.operator !== '=' && r.operator !== '==' && r.operator !== 'in') continue;
    if (!best || r.values.length < best.values.length) best = r;
  }
  return best && { label: best.key, values: best.values, read: labelsOfEntry };
}

// An entry's stored labels, read without keeping the decoded object on the entry (the index keeps only the labels).
const labelsOfEntry: LabelReader = (e) => ((e.decoded as KObject | undefined) ?? decodeStored(e.toKV())).metadata?.labels as EntryLabels;
