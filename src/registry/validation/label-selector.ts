// metav1.LabelSelector as kube validates, evaluates and prints it (ValidateLabelSelector,
// LabelSelectorAsSelector and the %#v rendering field errors show).
import { GoValue, type FieldError } from '../../errors/field-error.js';
import { labelSelectorFromMetaV1, type LabelSelectorV1 } from '../../selection/label-selector.js';
import { validateLabelSelector as validateSelector } from '../../selection/label-selector-validation.js';
import { isSet, type Obj, record, str } from './untyped.js';

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(str) : []);
const q = (s: string): string => JSON.stringify(s);

/** %#v of a map[string]string: Go's fmt sorts the keys. */
export function goStringMap(m: unknown): string {
  if (!isSet(m)) return 'map[string]string(nil)';
  const entries = Object.entries(record(m)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `map[string]string{${entries.map(([k, v]) => `${q(k)}:${q(str(v))}`).join(', ')}}`;
}

const goStrings = (v: unknown): string => (Array.isArray(v) ? `[]string{${strings(v).map(q).join(', ')}}` : '[]string(nil)');

/** %#v of a v1.LabelSelector (kube dereferences the pointer it holds before printing). */
export function goLabelSelector(sel: unknown): GoValue {
  if (!isSet(sel)) return new GoValue('null');
  const s = record(sel);
  const exprs = Array.isArray(s.matchExpressions)
    ? `[]v1.LabelSelectorRequirement{${s.matchExpressions
        .map((e) => {
          const r = record(e);
          return `v1.LabelSelectorRequirement{Key:${q(str(r.key))}, Operator:${q(str(r.operator))}, Values:${goStrings(r.values)}}`;
        })
        .join(', ')}}`
    : '[]v1.LabelSelectorRequirement(nil)';
  return new GoValue(`v1.LabelSelector{MatchLabels:${goStringMap(s.matchLabels)}, MatchExpressions:${exprs}}`);
}

/** ValidateLabelSelector (invalid label values not allowed): selection/'s one implementation. */
export function validateLabelSelector(sel: unknown, path: string): FieldError[] {
  if (!isSet(sel)) return [];
  return validateSelector(record(sel) as LabelSelectorV1, path);
}

export const isEmptySelector = (sel: unknown): boolean =>
  Object.keys(record(record(sel).matchLabels)).length + (Array.isArray(record(sel).matchExpressions) ? (record(sel).matchExpressions as unknown[]).length : 0) === 0;

/**
 * LabelSelectorAsSelector then Matches: `undefined` when the selector cannot be converted (kube's error
 * case), otherwise whether `labels` match. A missing selector matches nothing; an empty one everything.
 */
export function selectorMatches(sel: unknown, labels: unknown): boolean | undefined {
  if (!isSet(sel)) return false;
  if (validateLabelSelector(sel, 'selector').length) return undefined;
  try {
    const l = Object.fromEntries(Object.entries(record(labels)).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    return labelSelectorFromMetaV1(record(sel) as LabelSelectorV1).matches(l);
  } catch {
    return undefined;
  }
}

/** apiequality.Semantic.DeepEqual of two selectors (nil and empty collections compare equal). */
export function selectorsEqual(a: unknown, b: unknown): boolean {
  if (!isSet(a) || !isSet(b)) return isSet(a) === isSet(b);
  const norm = (sel: unknown): string => {
    const s = record(sel);
    const labels = Object.entries(record(s.matchLabels)).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    const exprs = (Array.isArray(s.matchExpressions) ? s.matchExpressions : []).map((e) => {
      const r = record(e);
      return [str(r.key), str(r.operator), strings(r.values)];
    });
    return JSON.stringify([labels, exprs]);
  };
  return norm(a) === norm(b);
}
