// Validation of a metav1.FieldSelectorRequirement (the structured field selectors of a
// SubjectAccessReview), as apimachinery's ValidateFieldSelectorRequirement reports it.
import { fieldErr, GoValue, type FieldError } from '../errors/field-error.js';
import { goQuote } from '../golang/strconv.js';

export interface FieldSelectorRequirementV1 {
  key: string;
  operator: string;
  values?: string[] | null;
}

const child = (path: string, name: string): string => (path ? `${path}.${name}` : name);

export function validateFieldSelectorRequirement(
  req: FieldSelectorRequirementV1,
  opts: { allowUnknownOperatorInRequirement?: boolean },
  path: string,
): FieldError[] {
  const errs: FieldError[] = [];
  if (!req.key) errs.push(fieldErr.required(child(path, 'key'), 'must be specified'));
  const values = req.values ?? [];
  switch (req.operator) {
    case 'In':
    case 'NotIn':
      if (values.length === 0) errs.push(fieldErr.required(child(path, 'values'), "must be specified when `operator` is 'In' or 'NotIn'"));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (values.length > 0) errs.push(fieldErr.forbidden(child(path, 'values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      break;
    default:
      if (!opts.allowUnknownOperatorInRequirement) {
        errs.push(fieldErr.invalid(child(path, 'operator'), new GoValue(goQuote(req.operator ?? '')), 'not a valid selector operator'));
      }
  }
  return errs;
}
