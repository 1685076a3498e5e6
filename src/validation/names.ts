// Name and identifier rules with the exact texts of apimachinery 1.33 (util/validation, api/validation,
// api/validation/path). Each check returns the list of problem texts; an empty list means valid.
//
// Go measures strings in bytes and matches its ASCII-only character classes byte by byte, so every check
// first turns the value into a "byte string" (one JS char per UTF-8 byte): lengths and regex results then
// agree with Go for any input, including non-ASCII.

/** A name rule as kube's ValidateNameFunc: `prefix` is true when the value is a generateName prefix. */
export type NameValidator = (name: string, prefix: boolean) => string[];

const NON_ASCII = /[^\x00-\x7f]/;
const byteString = (s: string): string => (NON_ASCII.test(s) ? Buffer.from(s, 'utf8').toString('latin1') : s);

export const maxLenError = (length: number): string => `must be no more than ${length} characters`;
export const emptyError = (): string => 'must be non-empty';
export const inclusiveRangeError = (lo: number, hi: number): string => `must be between ${lo} and ${hi}, inclusive`;

/** kube's RegexError: the message, up to several examples, then the pattern. */
export function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  let s = `${msg} (e.g. `;
  examples.forEach((e, i) => {
    if (i > 0) s += ' or ';
    s += `'${e}', `;
  });
  return `${s}regex used for validation is '${fmt}')`;
}

/**
 * Values a check found valid, remembered per check (bounded: cleared when full). Label keys and values, names and
 * finalizers repeat from write to write; a remembered value skips the splitting, byte conversion and regexes.
 */
class ValidValues {
  private readonly seen = new Set<string>();
  has(v: string): boolean {
    return this.seen.has(v);
  }
  add(v: string): void {
    if (this.seen.size >= 4096) this.seen.clear();
    this.seen.add(v);
  }
}
const validSubdomains = new ValidValues();
const validQualifiedNames = new ValidValues();
const validLabelValues = new ValidValues();

const anchored = (fmt: string): RegExp => new RegExp(`^(?:${fmt})$`);

// Qualified names (label keys, finalizers, annotation keys).
const QNAME_CHAR = '[A-Za-z0-9]';
const QNAME_EXT_CHAR = '[-A-Za-z0-9_.]';
export const QUALIFIED_NAME_FMT = `(${QNAME_CHAR}${QNAME_EXT_CHAR}*)?${QNAME_CHAR}`;
const QUALIFIED_NAME_ERR = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const QUALIFIED_NAME_MAX = 63;
const qualifiedNameRe = anchored(QUALIFIED_NAME_FMT);

// Label values.
const LABEL_VALUE_FMT = `(${QUALIFIED_NAME_FMT})?`;
const LABEL_VALUE_ERR = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
export const LABEL_VALUE_MAX_LENGTH = 63;
const labelValueRe = anchored(LABEL_VALUE_FMT);

// RFC 1123 labels and subdomains, RFC 1035 labels.
const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_LABEL_ERR = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
export const DNS1123_LABEL_MAX_LENGTH = 63;
const dns1123LabelRe = anchored(DNS1123_LABEL_FMT);

const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1123_SUBDOMAIN_ERR = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
export const DNS1123_SUBDOMAIN_MAX_LENGTH = 253;
const dns1123SubdomainRe = anchored(DNS1123_SUBDOMAIN_FMT);

const DNS1035_LABEL_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
const DNS1035_LABEL_ERR = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
export const DNS1035_LABEL_MAX_LENGTH = 63;
const dns1035LabelRe = anchored(DNS1035_LABEL_FMT);

// ConfigMap and Secret keys.
const CONFIG_MAP_KEY_FMT = '[-._a-zA-Z0-9]+';
const CONFIG_MAP_KEY_ERR = "a valid config key must consist of alphanumeric characters, '-', '_' or '.'";
const configMapKeyRe = anchored(CONFIG_MAP_KEY_FMT);

export function isDNS1123Label(value: string): string[] {
  const v = byteString(value);
  const errs: string[] = [];
  if (v.length > DNS1123_LABEL_MAX_LENGTH) errs.push(maxLenError(DNS1123_LABEL_MAX_LENGTH));
  if (!dns1123LabelRe.test(v)) {
    // A valid subdomain fails only because of its dots: say so instead of the long regex text.
    if (dns1123SubdomainRe.test(v)) errs.push('must not contain dots');
    else errs.push(regexError(DNS1123_LABEL_ERR, DNS1123_LABEL_FMT, 'my-name', '123-abc'));
  }
  return errs;
}

export function isDNS1123Subdomain(value: string): string[] {
  if (validSubdomains.has(value)) return [];
  const v = byteString(value);
  const errs: string[] = [];
  if (v.length > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!dns1123SubdomainRe.test(v)) errs.push(regexError(DNS1123_SUBDOMAIN_ERR, DNS1123_SUBDOMAIN_FMT, 'example.com'));
  if (!errs.length) validSubdomains.add(value);
  return errs;
}

export function isDNS1035Label(value: string): string[] {
  const v = byteString(value);
  const errs: string[] = [];
  if (v.length > DNS1035_LABEL_MAX_LENGTH) errs.push(maxLenError(DNS1035_LABEL_MAX_LENGTH));
  if (!dns1035LabelRe.test(v)) errs.push(regexError(DNS1035_LABEL_ERR, DNS1035_LABEL_FMT, 'my-name', 'abc-123'));
  return errs;
}

/** `[prefix/]name`: prefix a DNS subdomain, name at most 63 characters of the qualified-name alphabet. */
export function isQualifiedName(value: string): string[] {
  if (validQualifiedNames.has(value)) return [];
  const errs = qualifiedNameErrors(value);
  if (!errs.length) validQualifiedNames.add(value);
  return errs;
}

function qualifiedNameErrors(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0]!;
  } else if (parts.length === 2) {
    const prefix = parts[0]!;
    name = parts[1]!;
    if (prefix.length === 0) errs.push(`prefix part ${emptyError()}`);
    else errs.push(...isDNS1123Subdomain(prefix).map((m) => `prefix part ${m}`));
  } else {
    return [
      `a qualified name ${regexError(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')}` +
        " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ];
  }
  const n = byteString(name);
  if (n.length === 0) errs.push(`name part ${emptyError()}`);
  else if (n.length > QUALIFIED_NAME_MAX) errs.push(`name part ${maxLenError(QUALIFIED_NAME_MAX)}`);
  if (!qualifiedNameRe.test(n)) errs.push(`name part ${regexError(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

export function isValidLabelValue(value: string): string[] {
  if (validLabelValues.has(value)) return [];
  const v = byteString(value);
  const errs: string[] = [];
  if (v.length > LABEL_VALUE_MAX_LENGTH) errs.push(maxLenError(LABEL_VALUE_MAX_LENGTH));
  if (!labelValueRe.test(v)) errs.push(regexError(LABEL_VALUE_ERR, LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'));
  if (!errs.length) validLabelValues.add(value);
  return errs;
}

function hasChDirPrefix(value: string): string[] {
  if (value === '.') return ["must not be '.'"];
  if (value === '..') return ["must not be '..'"];
  if (value.startsWith('..')) return ["must not start with '..'"];
  return [];
}

/** Keys of ConfigMap data/binaryData and Secret data. */
export function isConfigMapKey(value: string): string[] {
  const v = byteString(value);
  const errs: string[] = [];
  if (v.length > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!configMapKeyRe.test(v)) errs.push(regexError(CONFIG_MAP_KEY_ERR, CONFIG_MAP_KEY_FMT, 'key.name', 'KEY_NAME', 'key-name'));
  errs.push(...hasChDirPrefix(value));
  return errs;
}

// Path-segment names: anything that can sit in a URL path segment.
const NAME_MAY_NOT_BE = ['.', '..'];
const NAME_MAY_NOT_CONTAIN = ['/', '%'];

export function isValidPathSegmentName(name: string): string[] {
  for (const bad of NAME_MAY_NOT_BE) if (name === bad) return [`may not be '${bad}'`];
  return isValidPathSegmentPrefix(name);
}

export function isValidPathSegmentPrefix(name: string): string[] {
  return NAME_MAY_NOT_CONTAIN.filter((bad) => name.includes(bad)).map((bad) => `may not contain '${bad}'`);
}

export const validatePathSegmentName: NameValidator = (name, prefix) =>
  prefix ? isValidPathSegmentPrefix(name) : isValidPathSegmentName(name);

// A generateName prefix may end in '-'; kube replaces the last two bytes by 'a' before checking (sic: two,
// not one — "ab-" is checked as "aa").
function maskTrailingDash(name: string): string {
  const b = byteString(name);
  if (b.length > 1 && b.endsWith('-')) return Buffer.from(b.slice(0, b.length - 2) + 'a', 'latin1').toString('utf8');
  return name;
}

export const nameIsDNSSubdomain: NameValidator = (name, prefix) => isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name);
export const nameIsDNSLabel: NameValidator = (name, prefix) => isDNS1123Label(prefix ? maskTrailingDash(name) : name);
export const nameIsDNS1035Label: NameValidator = (name, prefix) => isDNS1035Label(prefix ? maskTrailingDash(name) : name);
/** CertificateSigningRequests: any name is accepted by the type's own rule. */
export const anyName: NameValidator = () => [];

/** IANA_SVC_NAME rules of named ports (apimachinery's IsValidPortName). */
export function isValidPortName(port: string): string[] {
  const errs: string[] = [];
  if (Buffer.byteLength(port, 'utf8') > 15) errs.push(maxLenError(15));
  if (!/^[-a-z0-9]+$/.test(port)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(port)) errs.push('must contain at least one letter (a-z)');
  if (port.includes('--')) errs.push('must not contain consecutive hyphens');
  if (port.length > 0 && (port.startsWith('-') || port.endsWith('-'))) errs.push('must not begin or end with a hyphen');
  return errs;
}

/** apimachinery's IsValidPortNum. */
export const isValidPortNum = (port: number): string[] => (port >= 1 && port <= 65535 ? [] : [inclusiveRangeError(1, 65535)]);
