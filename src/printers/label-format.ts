// The text forms of labels and label selectors that kube's printers put in cells: labels.FormatLabels,
// LabelSelectorAsSelector(...).String(), metav1.FormatLabelSelector and the generated Go String() of
// a LabelSelector (used for admission policy binding param refs).
import type { KObject } from '../api/object.js';

const byKey = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** `k1=v1,k2=v2` sorted by key, `<none>` when empty. */
export function formatLabels(labels: unknown): string {
  if (!labels || typeof labels !== 'object') return '<none>';
  const keys = Object.keys(labels).sort(byKey);
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${(labels as Record<string, string>)[k]}`).join(',');
}

interface Requirement {
  key: string;
  text: string;
}

function requirementText(key: string, operator: string, values: string[]): string | null {
  const vals = [...values].sort(byKey);
  switch (operator) {
    case 'In':
      return vals.length ? `${key} in (${vals.join(',')})` : null;
    case 'NotIn':
      return vals.length ? `${key} notin (${vals.join(',')})` : null;
    case 'Exists':
      return values.length ? null : key;
    case 'DoesNotExist':
      return values.length ? null : `!${key}`;
    default:
      return null;
  }
}

/**
 * The selector string of a metav1.LabelSelector: requirements sorted by key, `key=value` for
 * matchLabels. A nil or empty selector prints as "" (Nothing / Everything); null when invalid.
 */
export function labelSelectorString(selector: unknown): string | null {
  if (!selector || typeof selector !== 'object') return '';
  const sel = selector as KObject;
  const reqs: Requirement[] = [];
  const matchLabels = sel.matchLabels && typeof sel.matchLabels === 'object' ? (sel.matchLabels as Record<string, string>) : {};
  for (const [k, v] of Object.entries(matchLabels)) reqs.push({ key: k, text: `${k}=${v}` });
  for (const expr of Array.isArray(sel.matchExpressions) ? (sel.matchExpressions as KObject[]) : []) {
    const key = String(expr?.key ?? '');
    const text = requirementText(key, String(expr?.operator ?? ''), Array.isArray(expr?.values) ? (expr.values as string[]).map(String) : []);
    if (text === null) return null;
    reqs.push({ key, text });
  }
  // Stable sort by key, as the selector keeps its requirements ordered by key.
  reqs.sort((a, b) => byKey(a.key, b.key));
  return reqs.map((r) => r.text).join(',');
}

/** metav1.FormatLabelSelector: the selector string, `<none>` when empty, `<error>` when invalid. */
export function formatLabelSelector(selector: unknown): string {
  const s = labelSelectorString(selector);
  if (s === null) return '<error>';
  return s === '' ? '<none>' : s;
}

/** The gogo-generated `String()` of a *metav1.LabelSelector. */
export function labelSelectorGoString(selector: KObject): string {
  const labels = selector.matchLabels && typeof selector.matchLabels === 'object' ? (selector.matchLabels as Record<string, string>) : {};
  const labelText = Object.keys(labels)
    .sort(byKey)
    .map((k) => `${k}: ${labels[k]},`)
    .join('');
  const exprs = Array.isArray(selector.matchExpressions) ? (selector.matchExpressions as KObject[]) : [];
  const exprText = exprs
    .map((e) => `LabelSelectorRequirement{Key:${e?.key ?? ''},Operator:${e?.operator ?? ''},Values:[${(Array.isArray(e?.values) ? e.values : []).join(' ')}],},`)
    .join('');
  return `&LabelSelector{MatchLabels:map[string]string{${labelText}},MatchExpressions:[]LabelSelectorRequirement{${exprText}},}`;
}
