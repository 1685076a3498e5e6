// Label selectors as kube-apiserver evaluates them: parsed from `?labelSelector=`, built from a
// metav1.LabelSelector (Deployment-style `spec.selector`) or from a plain map (Service-style).
import { badRequest } from '../errors/status.js';
import { compareBytes } from './byte-order.js';
import { goQuote } from '../golang/strconv.js';
import { parseLabelRequirements } from './label-parser.js';
import { newRequirement, Requirement, SelectorError, type LabelOperator, type Labels } from './label-requirement.js';

export { Requirement, SelectorError, newRequirement, type LabelOperator, type Labels };

export class LabelSelector {
  private static readonly all = new LabelSelector([], false);
  private static readonly none = new LabelSelector([], true);

  /** Requirements sorted by key; all of them must match. */
  private constructor(readonly requirements: readonly Requirement[], private readonly nothing: boolean) {}

  /** Selects every object (what an empty `labelSelector` means). */
  static everything(): LabelSelector {
    return LabelSelector.all;
  }
  /** Selects no object (what a null metav1.LabelSelector means). */
  static nothing(): LabelSelector {
    return LabelSelector.none;
  }
  /** A selector over the given requirements, sorted by key as kube's Add does. */
  static of(requirements: readonly Requirement[]): LabelSelector {
    if (requirements.length === 0) return LabelSelector.all;
    return new LabelSelector([...requirements].sort((a, b) => compareBytes(a.key, b.key)), false);
  }

  matches(labels: Labels): boolean {
    if (this.nothing) return false;
    for (const r of this.requirements) if (!r.matches(labels)) return false;
    return true;
  }

  /** True when the selector does not restrict anything (the "nothing" selector is not empty). */
  isEmpty(): boolean {
    return !this.nothing && this.requirements.length === 0;
  }

  /** False only for the "nothing" selector, whose requirements cannot express it. */
  isSelectable(): boolean {
    return !this.nothing;
  }

  /** The canonical form kube prints (scale `status.selector`, printers): requirements joined by ",". */
  toString(): string {
    return this.requirements.map((r) => r.toString()).join(',');
  }

  /** The single value the selector requires for `key` (=, == or a one-value `in`), if any. */
  requiresExactMatch(key: string): string | undefined {
    for (const r of this.requirements) {
      if (r.key !== key) continue;
      if ((r.operator === '=' || r.operator === '==' || r.operator === 'in') && r.values.length === 1) return r.values[0];
      return undefined;
    }
    return undefined;
  }

  add(...requirements: Requirement[]): LabelSelector {
    if (this.nothing) return this;
    return LabelSelector.of([...this.requirements, ...requirements]);
  }
}

/**
 * Parses `?labelSelector=`. A bad selector throws the 400 BadRequest kube-apiserver answers, e.g.
 * `unable to parse requirement: found '(', expected: in, notin, =, ==, !=, gt, lt`.
 */
export function parseLabelSelector(input: string): LabelSelector {
  try {
    return LabelSelector.of(parseLabelRequirements(input));
  } catch (e) {
    if (e instanceof SelectorError) throw badRequest(e.message);
    throw e;
  }
}

/** labels.SelectorFromSet: `k=v` for every entry, unchecked. An empty or missing map selects everything. */
export function labelSelectorFromSet(set: Labels): LabelSelector {
  if (!set) return LabelSelector.everything();
  return LabelSelector.of(Object.keys(set).map((k) => new Requirement(k, '=', [set[k]!])));
}

/** labels.ValidatedSelectorFromSet: as labelSelectorFromSet but every key and value is checked. */
export function validatedLabelSelectorFromSet(set: Labels): LabelSelector {
  if (!set) return LabelSelector.everything();
  return LabelSelector.of(Object.keys(set).sort(compareBytes).map((k) => newRequirement(k, '=', [set[k]!])));
}

export interface LabelSelectorRequirementV1 {
  key: string;
  operator: string;
  values?: string[] | null;
}
export interface LabelSelectorV1 {
  matchLabels?: Record<string, string> | null;
  matchExpressions?: LabelSelectorRequirementV1[] | null;
}

const META_OPERATORS: Record<string, LabelOperator> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };

/**
 * metav1.LabelSelectorAsSelector: null selects nothing, `{}` selects everything. Throws SelectorError
 * with kube's text; callers choose the status (strategies run validateLabelSelector first, so a
 * stored selector normally converts cleanly).
 */
export function labelSelectorFromMetaV1(ps: LabelSelectorV1 | null | undefined): LabelSelector {
  if (ps == null) return LabelSelector.nothing();
  const matchLabels = ps.matchLabels ?? {};
  const exprs = ps.matchExpressions ?? [];
  const labelKeys = Object.keys(matchLabels).sort(compareBytes); // Go walks the map in random order
  if (labelKeys.length + exprs.length === 0) return LabelSelector.everything();
  const reqs: Requirement[] = labelKeys.map((k) => newRequirement(k, '=', [matchLabels[k]!]));
  for (const e of exprs) {
    const op = META_OPERATORS[e.operator];
    if (!op) throw new SelectorError(`${goQuote(e.operator)} is not a valid label selector operator`);
    reqs.push(newRequirement(e.key, op, [...(e.values ?? [])]));
  }
  return LabelSelector.of(reqs);
}

/** metav1.FormatLabelSelector, the "Selector" column of printers: `<none>` when empty, `<error>` when invalid. */
export function formatLabelSelector(ps: LabelSelectorV1 | null | undefined): string {
  let text: string;
  try {
    text = labelSelectorFromMetaV1(ps).toString();
  } catch {
    return '<error>';
  }
  return text === '' ? '<none>' : text;
}

/** labels.FormatLabels / Set.String: sorted `k=v` pairs, `<none>` for an empty map. */
export function formatLabels(set: Labels): string {
  const pairs = Object.entries(set ?? {}).map(([k, v]) => `${k}=${v}`).sort(compareBytes);
  return pairs.length ? pairs.join(',') : '<none>';
}
