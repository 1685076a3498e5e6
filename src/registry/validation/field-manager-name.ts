// The fieldManager option (ssa.md §3.9): its validation, and the name used when a non-apply request gives none
// (the User-Agent up to the first '/').
import { fieldErr, GoValue, type FieldError } from '../../errors/field-error.js';
import { goQuote } from '../../golang/strconv.js';

export const FIELD_MANAGER_MAX_LENGTH = 128;

/** Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
const PRINT = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/** Printable ASCII only (all of it is printable for Go): the common case, checked without walking code points. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

const hex4 = (cp: number): string => cp.toString(16).toUpperCase().padStart(4, '0');

/** The errors of an invalid fieldManager value, as kube's ValidateFieldManager reports them. */
export function validateFieldManager(name: string, field = 'fieldManager'): FieldError[] {
  if (name.length <= FIELD_MANAGER_MAX_LENGTH && PRINTABLE_ASCII.test(name)) return [];
  const errs: FieldError[] = [];
  if (Buffer.byteLength(name, 'utf8') > FIELD_MANAGER_MAX_LENGTH) errs.push(fieldErr.tooLong(field, FIELD_MANAGER_MAX_LENGTH));
  let pos = 0;
  for (const ch of name) {
    const cp = ch.codePointAt(0)!;
    if (!PRINT.test(ch)) errs.push(fieldErr.invalid(field, new GoValue(goQuote(name)), `invalid character U+${hex4(cp)} (at position ${pos})`));
    pos += Buffer.byteLength(ch, 'utf8');
  }
  return errs;
}

/** The manager of a non-apply write: fieldManager, else the printable User-Agent prefix (at most 128 bytes). */
export function managerOrUserAgent(fieldManager: string, userAgent: string | undefined): string {
  if (fieldManager) return fieldManager;
  const ua = userAgent ?? '';
  const slash = ua.indexOf('/');
  const prefix = slash < 0 ? ua : ua.slice(0, slash);
  if (prefix.length <= FIELD_MANAGER_MAX_LENGTH && PRINTABLE_ASCII.test(prefix)) return prefix;
  let out = '';
  let bytes = 0;
  for (const ch of prefix) {
    if (!PRINT.test(ch)) continue;
    const n = Buffer.byteLength(ch, 'utf8');
    if (bytes + n > FIELD_MANAGER_MAX_LENGTH) break;
    out += ch;
    bytes += n;
  }
  return out;
}
