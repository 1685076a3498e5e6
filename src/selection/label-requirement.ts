// One term of a label selector (apimachinery labels.Requirement): key, operator, values; how it
// matches a label set, how it prints, and the checks NewRequirement makes with their exact texts.
import { aggregateFieldErrors, GoValue, type FieldError } from '../errors/field-error.js';
import { compareBytes } from './byte-order.js';
import { goQuote, goStringSlice } from '../golang/strconv.js';
import { parseInt64 } from './int64.js';
import { isQualifiedName, isValidLabelValue } from '../validation/names.js';

/** selection.Operator values, spelled as apimachinery spells them. */
export type LabelOperator = 'in' | 'notin' | '=' | '==' | '!=' | 'exists' | '!' | 'gt' | 'lt';

export type Labels = Readonly<Record<string, string>> | null | undefined;

/** The text of a failed selector parse or requirement check, as kube puts it in a 400 message. */
export class SelectorError extends Error {}

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

export class Requirement {
  /** Values in the order given; `toString` sorts them without changing this. */
  readonly values: readonly string[];
  private readonly lookup: ReadonlySet<string> | undefined;
  private readonly bound: bigint | undefined;

  /** Unchecked; use `newRequirement` for input from clients. */
  constructor(readonly key: string, readonly operator: LabelOperator, values: readonly string[]) {
    this.values = values;
    this.lookup = values.length > 4 ? new Set(values) : undefined;
    this.bound = (operator === 'gt' || operator === 'lt') && values.length === 1 ? parseInt64(values[0]!) : undefined;
  }

  private hasValue(v: string): boolean {
    return this.lookup ? this.lookup.has(v) : this.values.includes(v);
  }

  matches(labels: Labels): boolean {
    const present = labels != null && hasOwn(labels, this.key);
    switch (this.operator) {
      case 'in':
      case '=':
      case '==':
        return present && this.hasValue(labels[this.key]!);
      case 'notin':
      case '!=':
        return !present || !this.hasValue(labels[this.key]!);
      case 'exists':
        return present;
      case '!':
        return !present;
      case 'gt':
      case 'lt': {
        if (!present || this.bound === undefined) return false;
        const have = parseInt64(labels[this.key]!);
        if (have === undefined) return false;
        return this.operator === 'gt' ? have > this.bound : have < this.bound;
      }
    }
  }

  /** labels.Requirement.String(): `!k`, `k`, `k=v`, `k in (a,b)`, ... with values in byte order. */
  toString(): string {
    switch (this.operator) {
      case '!':
        return `!${this.key}`;
      case 'exists':
        return this.key;
      case 'in':
      case 'notin':
        return `${this.key} ${this.operator} (${this.valueText()})`;
      case 'gt':
        return `${this.key}>${this.valueText()}`;
      case 'lt':
        return `${this.key}<${this.valueText()}`;
      default:
        return `${this.key}${this.operator}${this.valueText()}`;
    }
  }

  private valueText(): string {
    return this.values.length === 1 ? this.values[0]! : [...this.values].sort(compareBytes).join(',');
  }
}

const OPERATORS: readonly LabelOperator[] = ['in', 'notin', '=', '==', '!=', 'gt', 'lt', 'exists', '!'];

/** The field errors labels.NewRequirement reports (its path is always the nil root). */
export function requirementErrors(key: string, operator: string, values: readonly string[]): FieldError[] {
  const errs: FieldError[] = [];
  const keyMsgs = isQualifiedName(key);
  if (keyMsgs.length) errs.push({ type: 'FieldValueInvalid', field: 'key', value: new GoValue(goQuote(key)), detail: keyMsgs.join('; ') });
  const all = (): GoValue => new GoValue(goStringSlice(values));
  switch (operator) {
    case 'in':
    case 'notin':
      if (values.length === 0) errs.push({ type: 'FieldValueInvalid', field: 'values', value: all(), detail: "for 'in', 'notin' operators, values set can't be empty" });
      break;
    case '=':
    case '==':
    case '!=':
      if (values.length !== 1) errs.push({ type: 'FieldValueInvalid', field: 'values', value: all(), detail: 'exact-match compatibility requires one single value' });
      break;
    case 'exists':
    case '!':
      if (values.length !== 0) errs.push({ type: 'FieldValueInvalid', field: 'values', value: all(), detail: 'values set must be empty for exists and does not exist' });
      break;
    case 'gt':
    case 'lt':
      if (values.length !== 1) errs.push({ type: 'FieldValueInvalid', field: 'values', value: all(), detail: "for 'Gt', 'Lt' operators, exactly one value is required" });
      values.forEach((v, i) => {
        if (parseInt64(v) === undefined) {
          errs.push({ type: 'FieldValueInvalid', field: `values[${i}]`, value: new GoValue(goQuote(v)), detail: "for 'Gt', 'Lt' operators, the value must be an integer" });
        }
      });
      break;
    default:
      errs.push({
        type: 'FieldValueNotSupported',
        field: 'operator',
        value: new GoValue(goQuote(operator)),
        detail: `supported values: ${OPERATORS.map((o) => goQuote(o)).join(', ')}`,
      });
  }
  values.forEach((v, i) => {
    const msgs = isValidLabelValue(v);
    if (msgs.length) errs.push({ type: 'FieldValueInvalid', field: `values[${i}][${key}]`, value: new GoValue(goQuote(v)), detail: msgs.join('; ') });
  });
  return errs;
}

/** labels.NewRequirement: a checked requirement, or a SelectorError with kube's aggregated text. */
export function newRequirement(key: string, operator: LabelOperator, values: readonly string[]): Requirement {
  const errs = requirementErrors(key, operator, values);
  if (errs.length) throw new SelectorError(aggregateFieldErrors(errs));
  return new Requirement(key, operator, values);
}
