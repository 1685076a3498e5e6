// Query parameters of write requests (CreateOptions, UpdateOptions, PatchOptions, DeleteOptions) and their
// validation errors (apiserver.md §3.1 step 2, §3.3).
import { fieldErr, GoValue, type FieldError } from '../errors/field-error.js';
import { invalid } from '../errors/status.js';

export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

export interface WriteQuery {
  dryRun: boolean;
  fieldManager: string;
  fieldValidation: FieldValidation;
  force: boolean;
}

const PRINTABLE = /^[\x20-\x7e]*$/;

export function parseWriteQuery(q: URLSearchParams, kind: 'CreateOptions' | 'UpdateOptions' | 'PatchOptions', opts: { isApply?: boolean } = {}): WriteQuery {
  const errs: FieldError[] = [];
  const dry = q.getAll('dryRun');
  if (dry.some((d) => d !== 'All')) {
    errs.push(fieldErr.notSupported('dryRun', new GoValue(`[]string{${dry.map((d) => JSON.stringify(d)).join(', ')}}`), ['All']));
  }
  const fv = q.get('fieldValidation') ?? '';
  if (!['', 'Ignore', 'Warn', 'Strict'].includes(fv)) errs.push(fieldErr.notSupported('fieldValidation', fv, ['', 'Ignore', 'Strict', 'Warn']));
  const fm = q.get('fieldManager') ?? '';
  if (fm.length > 128) errs.push(fieldErr.tooLong('fieldManager', 128));
  else if (!PRINTABLE.test(fm)) errs.push(fieldErr.invalid('fieldManager', fm, 'must only contain printable characters'));
  const forceRaw = q.get('force');
  const force = forceRaw === 'true' || forceRaw === '1';
  if (kind === 'PatchOptions') {
    if (opts.isApply && fm === '') errs.push(fieldErr.required('fieldManager', 'is required for apply patch'));
    if (!opts.isApply && forceRaw !== null && force) errs.push(fieldErr.forbidden('force', 'may not be specified for non-apply patch'));
  }
  if (errs.length) throw invalid({ group: 'meta.k8s.io', kind }, '', errs);
  return { dryRun: dry.length > 0, fieldManager: fm, fieldValidation: (fv || 'Warn') as FieldValidation, force };
}

/** The default field manager: the fieldManager parameter, else the User-Agent up to the first '/'. */
export function managerName(q: WriteQuery, userAgent: string | undefined): string {
  if (q.fieldManager) return q.fieldManager;
  const ua = userAgent ?? '';
  const name = ua.split('/')[0] ?? '';
  return [...name].filter((c) => c >= ' ' && c <= '~').join('').slice(0, 128);
}
