// metav1.LabelSelector as kube validates, evaluates and prints it (ValidateLabelSelector,
// LabelSelectorAsSelector and the %#v rendering field errors show).
import { fieldErr, GoValue, type FieldError } from '../../errors/field-error.js';
import { validateLabelName, validateLabels } from './meta-fields.js';
import { isValidLabelValue } from './names.js';

type Obj = Record<string, unknown>;
const record = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(str) : []);
const isSet = (v: unknown): boolean => v !== undefined && v !== null;
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

/** ValidateLabelSelector (invalid label values not allowed). */
export function validateLabelSelector(sel: unknown, path: string): FieldError[] {
  if (!isSet(sel)) return [];
  const s = record(sel);
  const errs = validateLabels(s.matchLabels, `${path}.matchLabels`);
  (Array.isArray(s.matchExpressions) ? s.matchExpressions : []).forEach((e, i) => {
    const r = record(e);
    const at = `${path}.matchExpressions[${i}]`;
    const op = str(r.operator);
    const values = strings(r.values);
    if (op === 'In' || op === 'NotIn') {
      if (values.length === 0) errs.push(fieldErr.required(`${at}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
    } else if (op === 'Exists' || op === 'DoesNotExist') {
      if (values.length > 0) errs.push(fieldErr.forbidden(`${at}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
    } else {
      errs.push(fieldErr.invalid(`${at}.operator`, op, 'not a valid selector operator'));
    }
    errs.push(...validateLabelName(str(r.key), `${at}.key`));
    values.forEach((v, j) => errs.push(...isValidLabelValue(v).map((m) => fieldErr.invalid(`${at}.values[${j}]`, v, m))));
  });
  return errs;
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
  const s = record(sel);
  const l = record(labels);
  const has = (k: string): boolean => typeof l[k] === 'string';
  for (const [k, v] of Object.entries(record(s.matchLabels))) if (!has(k) || l[k] !== str(v)) return false;
  for (const e of Array.isArray(s.matchExpressions) ? s.matchExpressions : []) {
    const r = record(e);
    const k = str(r.key);
    const values = strings(r.values);
    const op = str(r.operator);
    if (op === 'In' && !(has(k) && values.includes(str(l[k])))) return false;
    if (op === 'NotIn' && has(k) && values.includes(str(l[k]))) return false;
    if (op === 'Exists' && !has(k)) return false;
    if (op === 'DoesNotExist' && has(k)) return false;
  }
  return true;
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
