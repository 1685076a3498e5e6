// The label key and value checks of apimachinery's util/validation, returning its messages verbatim.
// Lengths are counted in UTF-8 bytes, as Go's len() does.

const QNAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const QNAME_RE = new RegExp(`^${QNAME_FMT}$`);
const QNAME_MSG = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const QNAME_MAX = 63;

const LABEL_VALUE_FMT = `(${QNAME_FMT})?`;
const LABEL_VALUE_RE = new RegExp(`^${LABEL_VALUE_FMT}$`);
const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
export const LABEL_VALUE_MAX_LENGTH = 63;

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1123_SUBDOMAIN_RE = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`);
const DNS1123_SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_MAX = 253;

/** Whether the UTF-8 form is longer than `max` bytes (a UTF-16 unit takes 1 to 3 bytes, so most strings need no count). */
export function longerThanBytes(s: string, max: number): boolean {
  if (s.length > max) return true;
  if (s.length * 3 <= max) return false;
  return Buffer.byteLength(s, 'utf8') > max;
}

export const maxLenError = (n: number): string => `must be no more than ${n} characters`;
export const emptyError = (): string => 'must be non-empty';

/** validation.RegexError: the message, examples and the pattern, in kube's exact punctuation. */
export function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${fmt}')`;
}

export function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (longerThanBytes(value, DNS1123_SUBDOMAIN_MAX)) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX));
  if (!DNS1123_SUBDOMAIN_RE.test(value)) errs.push(regexError(DNS1123_SUBDOMAIN_MSG, DNS1123_SUBDOMAIN_FMT, 'example.com'));
  return errs;
}

/** A label key: `[prefix/]name`, prefix a DNS subdomain, name at most 63 characters. */
export function isQualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0]!;
  } else if (parts.length === 2) {
    const prefix = parts[0]!;
    name = parts[1]!;
    if (prefix.length === 0) errs.push(`prefix part ${emptyError()}`);
    else for (const m of isDNS1123Subdomain(prefix)) errs.push(`prefix part ${m}`);
  } else {
    return [
      `a qualified name ${regexError(QNAME_MSG, QNAME_FMT, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  if (name.length === 0) errs.push(`name part ${emptyError()}`);
  else if (longerThanBytes(name, QNAME_MAX)) errs.push(`name part ${maxLenError(QNAME_MAX)}`);
  if (!QNAME_RE.test(name)) errs.push(`name part ${regexError(QNAME_MSG, QNAME_FMT, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

export function isValidLabelValue(value: string): string[] {
  const errs: string[] = [];
  if (longerThanBytes(value, LABEL_VALUE_MAX_LENGTH)) errs.push(maxLenError(LABEL_VALUE_MAX_LENGTH));
  if (!LABEL_VALUE_RE.test(value)) errs.push(regexError(LABEL_VALUE_MSG, LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'));
  return errs;
}
