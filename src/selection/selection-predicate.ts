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

  /** The one object name the predicate can match (`metadata.name=<n>`), so storage can get instead of list. Not with a continue token. */
  matchesSingle(): string | undefined {
    return this.field.requiresExactMatch('metadata.name');
  }

  /** The one namespace the predicate can match (`metadata.namespace=<ns>`). Not with a continue token. */
  matchesSingleNamespace(): string | undefined {
    return this.field.requiresExactMatch('metadata.namespace');
  }

  /**
   * The index lookups the predicate allows (storage.SelectionPredicate.MatcherIndex): one per indexed
   * field or label the selectors pin to a single value, named `f:<field>` / `l:<label>` as kube does.
   * An indexed metadata.namespace also comes from the request's namespace.
   */
  matcherIndex(
    indexFields: readonly string[] = [],
    indexLabels: readonly string[] = [],
    requestNamespace = '',
  ): Array<{ indexName: string; value: string }> {
    const out: Array<{ indexName: string; value: string }> = [];
    for (const f of indexFields) {
      const value = this.field.requiresExactMatch(f);
      if (value !== undefined) out.push({ indexName: `f:${f}`, value });
      else if (f === 'metadata.namespace' && requestNamespace) out.push({ indexName: `f:${f}`, value: requestNamespace });
    }
    for (const l of indexLabels) {
      const value = this.label.requiresExactMatch(l);
      if (value !== undefined) out.push({ indexName: `l:${l}`, value });
    }
    return out;
  }
}
