// Kubernetes' format library (1.31+): named string formats whose `validate` returns apimachinery's
// messages (none when valid). Name rules reuse the project's apimachinery validators; the CRD formats
// follow kube-openapi's strfmt (uuid, byte, date, datetime) and net/url (uri).

import {
  isQualifiedName,
  isValidLabelValue,
  nameIsDNS1035Label,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
} from '../../validation/names.js';
import { costOf, decl, REGEX_STRING_LENGTH_COST_FACTOR, STRING_TRAVERSAL_COST_FACTOR, type OverloadDecl } from './overloads.js';
import { parseRequestURIError } from './urls.js';

export class NamedFormat {
  constructor(
    /** The Go Format.Name (e.g. 'DNS1123Label', 'uuid'). */
    readonly name: string,
    private readonly check: (s: string) => string[],
    /** Regex size Kubernetes uses to cost `validate`. */
    readonly maxRegexSize: number,
  ) {}

  /** CEL `<Format>.validate(string)`: undefined (optional.none) when valid, else the messages. */
  validate(s: string): string[] | undefined {
    const errs = this.check(s);
    return errs.length === 0 ? undefined : errs;
  }

  /** Formats are equal when they are the same named format. */
  equals(other: NamedFormat): boolean {
    return this.name === other.name;
  }
}

const UUID_RE = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const UUID_PATTERN_LENGTH = 70;
// govalidator's Base64 pattern (at least one 4-character group).
const BASE64_RE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/;
const BASE64_LENGTH = 84;
const URL_LENGTH = 1103;
// strfmt's DateTimePattern; Go's '.' is any character but a newline.
const DATE_TIME_TIME_RE = /^([0-9]{2}):([0-9]{2}):([0-9]{2})([^\n][0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/u;
const DATE_TIME_PATTERN_LENGTH = 71;

const isLeap = (y: number): boolean => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** time.Parse("2006-01-02", s) succeeds: four-digit year, two-digit month and day, a real calendar day. */
export function isDate(s: string): boolean {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12) return false;
  const days = month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day >= 1 && day <= days;
}

/** strfmt.IsDateTime: a date, 't', then a time matched by DateTimePattern with in-range fields. */
export function isDateTime(s: string): boolean {
  if (s.length < 4) return false;
  const parts = s.toLowerCase().split('t');
  if (parts.length < 2 || !isDate(parts[0]!)) return false;
  const m = DATE_TIME_TIME_RE.exec(parts[1]!);
  if (!m) return false;
  return m[1]! <= '23' && m[2]! <= '59' && m[3]! <= '59';
}

const only = (ok: (s: string) => boolean, message: string) => (s: string): string[] => (ok(s) ? [] : [message]);

/** ConstantFormats of Kubernetes 1.33, by the name `format.named()` takes. */
export const NAMED_FORMATS: ReadonlyMap<string, NamedFormat> = new Map([
  ['dns1123Label', new NamedFormat('DNS1123Label', (s) => nameIsDNSLabel(s, false), 30)],
  ['dns1123Subdomain', new NamedFormat('DNS1123Subdomain', (s) => nameIsDNSSubdomain(s, false), 60)],
  ['dns1035Label', new NamedFormat('DNS1035Label', (s) => nameIsDNS1035Label(s, false), 30)],
  ['qualifiedName', new NamedFormat('QualifiedName', isQualifiedName, 60)],
  ['dns1123LabelPrefix', new NamedFormat('DNS1123LabelPrefix', (s) => nameIsDNSLabel(s, true), 30)],
  ['dns1123SubdomainPrefix', new NamedFormat('DNS1123SubdomainPrefix', (s) => nameIsDNSSubdomain(s, true), 60)],
  ['dns1035LabelPrefix', new NamedFormat('DNS1035LabelPrefix', (s) => nameIsDNS1035Label(s, true), 30)],
  ['labelValue', new NamedFormat('LabelValue', isValidLabelValue, 40)],
  [
    'uri',
    new NamedFormat(
      'URI',
      (s) => {
        const err = parseRequestURIError(s);
        return err === undefined ? [] : [err];
      },
      URL_LENGTH,
    ),
  ],
  ['uuid', new NamedFormat('uuid', only((s) => UUID_RE.test(s), 'does not match the UUID format'), UUID_PATTERN_LENGTH)],
  ['byte', new NamedFormat('byte', only((s) => BASE64_RE.test(s), 'invalid base64'), BASE64_LENGTH)],
  ['date', new NamedFormat('date', only(isDate, 'invalid date'), DATE_TIME_PATTERN_LENGTH)],
  ['datetime', new NamedFormat('datetime', only(isDateTime, 'invalid datetime'), DATE_TIME_PATTERN_LENGTH)],
]);

/** CEL `format.named(string)`: undefined is optional.none. */
export const formatNamed = (name: string): NamedFormat | undefined => NAMED_FORMATS.get(name);

/** CEL `format.<name>()` for each constant format. */
export const formatConstant = (name: string): NamedFormat => {
  const f = NAMED_FORMATS.get(name);
  if (!f) throw new RangeError(`no format named ${name}`);
  return f;
};

export const FORMAT_TYPE = 'kubernetes.NamedFormat';

export const FORMAT_OVERLOADS: readonly OverloadDecl[] = [
  decl('validate', 'format-validate', true, [FORMAT_TYPE, 'string'], 'optional_type(list(string))'),
  decl('format.named', 'format-named', false, ['string'], `optional_type(${FORMAT_TYPE})`),
  ...[...NAMED_FORMATS.keys()].map((name) => decl(`format.${name}`, `format.${name}`, false, [], FORMAT_TYPE)),
];

/** Runtime cost of `validate`: ⌈0.1·(1+len)⌉ × ⌈0.25·maxRegexSize⌉ (`format.named`: 1). */
export const formatValidateCost = (format: NamedFormat, runes: number): number =>
  costOf(1 + runes, STRING_TRAVERSAL_COST_FACTOR) * costOf(format.maxRegexSize, REGEX_STRING_LENGTH_COST_FACTOR);
