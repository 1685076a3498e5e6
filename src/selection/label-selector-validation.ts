// Validation of a metav1.LabelSelector inside an object (apimachinery meta/v1/validation
// ValidateLabelSelector), producing the field errors a 422 Invalid lists.
import { fieldErr, GoValue, type FieldError } from '../errors/field-error.js';
import { compareBytes } from './byte-order.js';
import { goQuote } from '../golang/strconv.js';
import type { LabelSelectorRequirementV1, LabelSelectorV1 } from './label-selector.js';
import { isQualifiedName, isValidLabelValue } from '../validation/names.js';

export interface LabelSelectorValidationOptions {
  /** Tolerate invalid values already persisted (only for updates of old data). */
  allowInvalidLabelValueInSelector?: boolean;
  /** Let unknown operators through (SubjectAccessReview does its own checks). */
  allowUnknownOperatorInRequirement?: boolean;
}

const q = (s: string): GoValue => new GoValue(goQuote(s));
const child = (path: string, name: string): string => (path ? `${path}.${name}` : name);

/** ValidateLabelName: one error per message, the key as the value. */
export function validateLabelName(name: string, path: string): FieldError[] {
  return isQualifiedName(name).map((m) => fieldErr.invalid(path, q(name), m));
}

/** ValidateLabels: keys and values of a label map, all reported at `path` itself. Keys in byte order. */
export function validateLabels(labels: Record<string, string> | null | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const k of Object.keys(labels ?? {}).sort(compareBytes)) {
    errs.push(...validateLabelName(k, path));
    for (const m of isValidLabelValue(labels![k]!)) errs.push(fieldErr.invalid(path, q(labels![k]!), m));
  }
  return errs;
}

export function validateLabelSelectorRequirement(
  sr: LabelSelectorRequirementV1,
  opts: LabelSelectorValidationOptions,
  path: string,
): FieldError[] {
  const errs: FieldError[] = [];
  const values = sr.values ?? [];
  switch (sr.operator) {
    case 'In':
    case 'NotIn':
      if (values.length === 0) errs.push(fieldErr.required(child(path, 'values'), "must be specified when `operator` is 'In' or 'NotIn'"));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (values.length > 0) errs.push(fieldErr.forbidden(child(path, 'values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      break;
    default:
      if (!opts.allowUnknownOperatorInRequirement) errs.push(fieldErr.invalid(child(path, 'operator'), q(sr.operator ?? ''), 'not a valid selector operator'));
  }
  errs.push(...validateLabelName(sr.key ?? '', child(path, 'key')));
  if (!opts.allowInvalidLabelValueInSelector) {
    values.forEach((v, i) => {
      for (const m of isValidLabelValue(v)) errs.push(fieldErr.invalid(`${child(path, 'values')}[${i}]`, q(v), m));
    });
  }
  return errs;
}

/** ValidateLabelSelector at `path` (e.g. `spec.selector`); a null selector is valid. */
export function validateLabelSelector(
  ps: LabelSelectorV1 | null | undefined,
  path: string,
  opts: LabelSelectorValidationOptions = {},
): FieldError[] {
  if (ps == null) return [];
  const errs = validateLabels(ps.matchLabels, child(path, 'matchLabels'));
  (ps.matchExpressions ?? []).forEach((e, i) => {
    errs.push(...validateLabelSelectorRequirement(e, opts, `${child(path, 'matchExpressions')}[${i}]`));
  });
  return errs;
}

/** LabelSelectorHasInvalidLabelValue: whether old data needs allowInvalidLabelValueInSelector. */
export function labelSelectorHasInvalidLabelValue(ps: LabelSelectorV1 | null | undefined): boolean {
  return (ps?.matchExpressions ?? []).some((e) => (e.values ?? []).some((v) => isValidLabelValue(v).length > 0));
}
