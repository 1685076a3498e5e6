// A label selector and a converted field selector applied together to stored objects, like
// apiserver's storage.SelectionPredicate (used by list, watch, deletecollection and the watch cache).
import { FieldSelector } from './field-selector.js';
import type { FieldSet } from './field-sets.js';
import { LabelSelector, type Labels } from './label-selector.js';

const labelsOf = (obj: unknown): Labels => {
  const meta = (obj as { metadata?: { labels?: Labels } } | null)?.metadata;
  return meta?.labels ?? undefined;
};

export class SelectionPredicate {
  constructor(
    readonly label: LabelSelector,
    /** Already converted with the resource's field set (convertFieldSelector). */
    readonly field: FieldSelector,
    private readonly fieldSet: FieldSet,
  ) {}

  static everything(fieldSet: FieldSet): SelectionPredicate {
    return new SelectionPredicate(LabelSelector.everything(), FieldSelector.everything(), fieldSet);
  }

  /** Neither selector restricts anything (then lists report remainingItemCount). */
  isEmpty(): boolean {
    return this.label.isEmpty() && this.field.isEmpty();
  }

  matches(obj: unknown): boolean {
    if (this.isEmpty()) return true;
    if (!this.label.matches(labelsOf(obj))) return false;
    return this.field.isEmpty() || this.field.matchesWith((f) => this.fieldSet.value(obj, f));
  }

  /** The one object name the predicate can match (`metadata.name=<n>`), so storage can get instead of list. */
  matchesSingle(): string | undefined {
    return this.field.requiresExactMatch('metadata.name');
  }
}
