// The two selectors of a list, watch or deletecollection query, decoded in kube-apiserver's order:
// the label selector first, then the field selector (its labels are converted later, after the
// ListOptions validation and media type negotiation, with convertFieldSelector).
import { parseFieldSelector, type FieldSelector } from './field-selector.js';
import { parseLabelSelector, type LabelSelector } from './label-selector.js';

export interface ListSelectors {
  label: LabelSelector;
  field: FieldSelector;
}

/** Throws the 400 BadRequest of the first selector that does not parse. Only the first value of a repeated parameter counts. */
export function parseListSelectors(query: { labelSelector?: string | null; fieldSelector?: string | null }): ListSelectors {
  const label = parseLabelSelector(query.labelSelector ?? '');
  const field = parseFieldSelector(query.fieldSelector ?? '');
  return { label, field };
}
