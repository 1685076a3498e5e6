// Query parameters of write requests (CreateOptions, UpdateOptions, PatchOptions), decoded by http/query-params.ts
// as kube's parameter codec decodes them, and their validation errors (apiserver.md §3.1 step 2, §3.3).
import { fieldErr, GoValue, type FieldError } from '../errors/field-error.js';
import { invalid } from '../errors/status.js';
import { optionalBoolParam, stringParam, stringsParam } from '../http/query-params.js';
import { validateFieldManager } from '../registry/validation/field-manager-name.js';

export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

export interface WriteQuery {
  dryRun: boolean;
  fieldManager: string;
  fieldValidation: FieldValidation;
  force: boolean;
}

export function parseWriteQuery(q: URLSearchParams, kind: 'CreateOptions' | 'UpdateOptions' | 'PatchOptions', opts: { isApply?: boolean } = {}): WriteQuery {
  const errs: FieldError[] = [];
  const dry = stringsParam(q, 'dryRun');
  const fv = stringParam(q, 'fieldValidation');
  const fm = stringParam(q, 'fieldManager');
  // PatchOptions.Force is a *bool: present (whatever its value) is what "specified" means.
  const force = kind === 'PatchOptions' ? optionalBoolParam(q, 'force') : undefined;
  // In kube's order (apimachinery's Validate{Create,Update,Patch}Options).
  if (kind === 'PatchOptions') {
    if (opts.isApply && fm === '') errs.push(fieldErr.required('fieldManager', 'is required for apply patch'));
    if (!opts.isApply && force !== undefined) errs.push(fieldErr.forbidden('force', 'may not be specified for non-apply patch'));
  }
  errs.push(...validateFieldManager(fm));
  if (dry.some((d) => d !== 'All')) {
    errs.push(fieldErr.notSupported('dryRun', new GoValue(`[]string{${dry.map((d) => JSON.stringify(d)).join(', ')}}`), ['All']));
  }
  if (!['', 'Ignore', 'Warn', 'Strict'].includes(fv)) errs.push(fieldErr.notSupported('fieldValidation', fv, ['', 'Ignore', 'Strict', 'Warn']));
  if (errs.length) throw invalid({ group: 'meta.k8s.io', kind }, '', errs);
  return { dryRun: dry.length > 0, fieldManager: fm, fieldValidation: (fv || 'Warn') as FieldValidation, force: force ?? false };
}
