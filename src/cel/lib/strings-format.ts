// cel-go 0.23's `<string>.format(list)` (strings extension version 1+): the runtime formatter with its
// error texts, en-US number rendering of %f and %e (golang.org/x/text), and the compile-time check
// cel-go runs on literal format calls.

import { CelLibraryError } from './errors.js';
import { goQuote } from '../../golang/strconv.js';

/** A CEL value as `format` sees it. Timestamps and durations carry the engine's `string()` text. */
export type FormatArg =
  | { readonly type: 'int' | 'uint'; readonly value: bigint }
  | { readonly type: 'double'; readonly value: number }
  | { readonly type: 'string'; readonly value: string }
  | { readonly type: 'bytes'; readonly value: Uint8Array }
  | { readonly type: 'bool'; readonly value: boolean }
  | { readonly type: 'null' }
  | { readonly type: 'timestamp' | 'duration'; readonly text: string }
  | { readonly type: 'type'; readonly name: string }
  | { readonly type: 'list'; readonly items: readonly FormatArg[] }
  | { readonly type: 'map'; readonly entries: readonly (readonly [FormatArg, FormatArg])[] }
  | { readonly type: 'other'; readonly typeName: string };

/** cel-go's TypeName() of a value, as its error texts print it. */
export function celTypeName(a: FormatArg): string {
  switch (a.type) {
    case 'null':
      return 'null_type';
    case 'timestamp':
      return 'google.protobuf.Timestamp';
    case 'duration':
      return 'google.protobuf.Duration';
    case 'other':
      return a.typeName;
    default:
      return a.type;
  }
}

/** Largest precision we render; Go would build strings of any length (see docs/deviations.md). */
export const MAX_FORMAT_PRECISION = 1000;

class FormatError extends Error {}

const utf8Decoder = new TextDecoder('utf-8', { fatal: true });

/** Exact decimal expansion of a finite non-negative double: value = digits × 10^-fracDigits. */
function exactDecimal(x: number): { n: bigint; k: number } {
  if (x === 0) return { n: 0n, k: 0 };
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const expBits = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & ((1n << 52n) - 1n);
  let e: number;
  if (expBits === 0) e = -1074;
  else {
    mantissa |= 1n << 52n;
    e = expBits - 1075;
  }
  if (e >= 0) return { n: mantissa << BigInt(e), k: 0 };
  return { n: mantissa * 5n ** BigInt(-e), k: -e };
}

/** n / 10^d rounded half to even. */
function roundHalfEven(n: bigint, d: number): bigint {
  if (d <= 0) return n * 10n ** BigInt(-d);
  const div = 10n ** BigInt(d);
  const q = n / div;
  const r = n % div;
  const twice = 2n * r;
  if (twice > div || (twice === div && q % 2n === 1n)) return q + 1n;
  return q;
}

/** Integer and fraction digit strings of |x| rounded to `prec` fraction digits (Go's %.Nf rounding). */
function fixedDigits(x: number, prec: number): [string, string] {
  const { n, k } = exactDecimal(Math.abs(x));
  const v = roundHalfEven(n, k - prec).toString().padStart(prec + 1, '0');
  return [v.slice(0, v.length - prec), v.slice(v.length - prec)];
}

/** Go fmt's %.Nf (no grouping), used for doubles inside lists and maps. */
function goFixed(x: number, prec: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : '-Inf';
  const [int, frac] = fixedDigits(x, prec);
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  return `${sign}${int}${prec > 0 ? `.${frac}` : ''}`;
}

/** golang.org/x/text's en-US decimal: grouped integer digits, '∞' for infinities. */
function localeFixed(x: number, prec: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '-∞';
  const [int, frac] = fixedDigits(x, prec);
  const grouped = int.replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = x < 0 ? '-' : ''; // x/text drops the sign of -0
  return `${sign}${grouped}${prec > 0 ? `.${frac}` : ''}`;
}

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** golang.org/x/text's en-US scientific: d.ddd × 10ⁿⁿ with narrow no-break spaces. */
function localeScientific(x: number, prec: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '-∞';
  const sign = x < 0 ? '-' : '';
  let digits: string;
  let exp: number;
  if (x === 0) {
    digits = '0'.repeat(prec + 1);
    exp = 0;
  } else {
    const { n, k } = exactDecimal(Math.abs(x));
    const len = n.toString().length;
    let rounded = roundHalfEven(n, len - (prec + 1));
    exp = len - 1 - k;
    if (rounded.toString().length > prec + 1) {
      rounded /= 10n;
      exp++;
    }
    digits = rounded.toString();
  }
  const mantissa = prec > 0 ? `${digits[0]}.${digits.slice(1)}` : digits[0]!;
  const expDigits = String(Math.abs(exp)).padStart(2, '0');
  const superExp = [...expDigits].map((d) => SUPERSCRIPT_DIGITS[Number(d)]).join('');
  return `${sign}${mantissa}×10${exp < 0 ? '⁻' : ''}${superExp}`;
}

/** strconv.FormatFloat(x, 'g', -1, 64): CEL's string(double). */
export function goFormatDouble(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : '-Inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const [m, e] = Math.abs(x).toExponential().split('e') as [string, string];
  const digits = m.replace('.', '');
  const exp = Number(e);
  const sign = x < 0 ? '-' : '';
  // Shortest 'g' switches to exponent form below 1e-4 and from 1e6 (precision 6 for the decision).
  if (exp < -4 || exp >= 6) {
    const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  if (digits.length <= exp + 1) return `${sign}${digits}${'0'.repeat(exp + 1 - digits.length)}`;
  return `${sign}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
}

const radix = (v: bigint, base: number, upper = false): string => {
  const s = (v < 0n ? -v : v).toString(base);
  return (v < 0n ? '-' : '') + (upper ? s.toUpperCase() : s);
};

const bytesHex = (b: Uint8Array, upper: boolean): string => {
  const s = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return upper ? s.toUpperCase() : s;
};

function bytesToString(b: Uint8Array): string {
  try {
    return utf8Decoder.decode(b);
  } catch {
    throw new FormatError('could not convert argument "invalid UTF-8 in bytes, cannot convert to string" to string');
  }
}

const stringClauseError = (t: string): FormatError =>
  new FormatError(
    `string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given ${t}`,
  );

/** The %s clause (FormatString). */
function formatAsString(a: FormatArg): string {
  switch (a.type) {
    case 'list':
      return formatList(a.items);
    case 'map':
      return formatMap(a.entries);
    case 'int':
    case 'uint':
      return a.value.toString();
    case 'double':
      return goFormatDouble(a.value);
    case 'bool':
      return String(a.value);
    case 'string':
      return a.value;
    case 'bytes':
      return bytesToString(a.value);
    case 'timestamp':
    case 'duration':
      return a.text;
    case 'type':
      return a.name;
    case 'null':
      return 'null';
    default:
      throw stringClauseError(celTypeName(a));
  }
}

/** The %d clause. */
function formatDecimal(a: FormatArg): string {
  if (a.type === 'int' || a.type === 'uint') return a.value.toString();
  throw new FormatError(`decimal clause can only be used on integers, was given ${celTypeName(a)}`);
}

/** Formatting of a list element or map value (clauseForType), before CEL quoting. */
function formatMember(a: FormatArg): string {
  switch (a.type) {
    case 'int':
    case 'uint':
      return formatDecimal(a);
    case 'string':
    case 'bytes':
    case 'bool':
    case 'null':
    case 'type':
      return formatAsString(a);
    case 'timestamp':
      return `timestamp(${goQuote(a.text)})`;
    case 'duration':
      return `duration(${goQuote(a.text)})`;
    case 'list':
      return formatList(a.items);
    case 'map':
      return formatMap(a.entries);
    case 'double':
      return goFixed(a.value, 6);
    default:
      throw new FormatError(`no formatting function for ${celTypeName(a)}`);
  }
}

function quoteForCEL(a: FormatArg, text: string): string {
  if (a.type === 'string') return goQuote(text);
  if (a.type === 'bytes') return `b${goQuote(text)}`;
  if (a.type === 'double' && !Number.isFinite(a.value)) return goQuote(text);
  return text;
}

function formatList(items: readonly FormatArg[]): string {
  return `[${items.map((m) => quoteForCEL(m, formatMember(m))).join(', ')}]`;
}

const compareCodePoints = (a: string, b: string): number => {
  const x = Array.from(a, (c) => c.codePointAt(0)!);
  const y = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
};

function formatMap(entries: readonly (readonly [FormatArg, FormatArg])[]): string {
  const pairs = entries.map(([k, v]) => {
    let keyText: string;
    if (k.type === 'string' || k.type === 'bool') keyText = formatAsString(k);
    else if (k.type === 'int' || k.type === 'uint') keyText = formatDecimal(k);
    else throw new FormatError(`no formatting function for map key of type ${celTypeName(k)}`);
    return [quoteForCEL(k, keyText), quoteForCEL(v, formatMember(v))] as const;
  });
  pairs.sort((a, b) => compareCodePoints(a[0], b[0]));
  return `{${pairs.map(([k, v]) => `${k}:${v}`).join(', ')}}`;
}

const FLOAT_STRINGS = new Set(['NaN', 'Infinity', '-Infinity']);

function floatArg(a: FormatArg, clause: 'fixed-point' | 'scientific'): number {
  if (a.type === 'double') return a.value;
  if (a.type === 'string' && FLOAT_STRINGS.has(a.value)) return a.value === 'NaN' ? NaN : a.value === 'Infinity' ? Infinity : -Infinity;
  throw new FormatError(`${clause} clause can only be used on doubles, was given ${celTypeName(a)}`);
}

/** One parsed clause: the verb and its precision. */
export interface FormatClause {
  readonly verb: 's' | 'd' | 'f' | 'e' | 'b' | 'x' | 'X' | 'o';
  readonly precision?: number;
  /** Index of the list argument it consumes. */
  readonly argIndex: number;
}

const VERBS = new Set(['s', 'd', 'f', 'e', 'b', 'x', 'X', 'o']);

/** Parses the clause after a '%' at `pos` (Go byte semantics); returns the clause and the next index. */
function parseClause(bytes: string, pos: number, argIndex: number): [FormatClause, number] {
  let i = pos + 1;
  let precision: number | undefined;
  if (bytes[i] === '.') {
    i++;
    let digits = '';
    for (;;) {
      if (i >= bytes.length) {
        throw new FormatError('could not parse formatting clause: error while parsing precision: could not find end of precision specifier');
      }
      if (!/[0-9]/.test(bytes[i]!)) break;
      digits += bytes[i];
      i++;
    }
    const atoi = (why: string): FormatError =>
      new FormatError(
        `could not parse formatting clause: error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing ${goQuote(digits)}: ${why}`,
      );
    if (digits === '') throw atoi('invalid syntax');
    if (BigInt(digits) >= 2n ** 63n) throw atoi('value out of range');
    precision = Number(digits);
    if (precision > MAX_FORMAT_PRECISION) throw new FormatError(`could not parse formatting clause: precision ${precision} exceeds ${MAX_FORMAT_PRECISION}`);
  }
  const verb = bytes[i]!;
  if (!VERBS.has(verb)) {
    throw new FormatError(`could not parse formatting clause: unrecognized formatting clause ${goQuote(verb)}`);
  }
  return [{ verb: verb as FormatClause['verb'], ...(precision === undefined ? {} : { precision }), argIndex }, i + 1];
}

/** UTF-8 bytes as one char each, so indexes match Go's byte indexes. */
function byteString(s: string): string {
  const b = new TextEncoder().encode(s);
  let out = '';
  for (let i = 0; i < b.length; i += 8192) out += String.fromCharCode(...b.subarray(i, i + 8192));
  return out;
}
const fromByteString = (s: string): string => new TextDecoder().decode(Uint8Array.from(s, (c) => c.charCodeAt(0)));

/**
 * Walks a format string as cel-go's parseFormatString does, calling `clause` for each clause and
 * returning the text. `argCount` bounds the argument indexes ("index N out of range").
 */
function walkFormat(format: string, argCount: number, clause: (c: FormatClause) => string, checking = false): string {
  const bytes = byteString(format);
  let out = '';
  let literal = '';
  let argIndex = 0;
  let i = 0;
  while (i < bytes.length) {
    if (bytes[i] !== '%') {
      literal += bytes[i];
      i++;
      continue;
    }
    if (i + 1 < bytes.length && bytes[i + 1] === '%') {
      literal += '%';
      i += 2;
      continue;
    }
    // At run time fetching the argument fails first; the compile-time check fetches without failing.
    if (!checking && argIndex >= argCount) throw new FormatError(`index ${argIndex} out of range`);
    if (i + 1 >= bytes.length) throw new FormatError('unexpected end of string');
    if (argIndex >= argCount) throw new FormatError(`index ${argIndex} out of range`);
    const [c, next] = parseClause(bytes, i, argIndex);
    out += fromByteString(literal) + clause(c);
    literal = '';
    i = next;
    argIndex++;
  }
  return out + fromByteString(literal);
}

/** The clauses of a format string (for checking literal format calls at compile time). */
export function formatClauses(format: string): FormatClause[] {
  const clauses: FormatClause[] = [];
  try {
    walkFormat(format, Infinity, (c) => {
      clauses.push(c);
      return '';
    });
  } catch (e) {
    if (e instanceof FormatError) throw new CelLibraryError(e.message);
    throw e;
  }
  return clauses;
}

function applyClause(c: FormatClause, a: FormatArg): string {
  try {
    switch (c.verb) {
      case 's':
        return formatAsString(a);
      case 'd':
        return formatDecimal(a);
      case 'f':
        return localeFixed(floatArg(a, 'fixed-point'), c.precision ?? 6);
      case 'e':
        return localeScientific(floatArg(a, 'scientific'), c.precision ?? 6);
      case 'b':
        if (a.type === 'int' || a.type === 'uint') return radix(a.value, 2);
        if (a.type === 'bool') return a.value ? '1' : '0';
        throw new FormatError(`only integers and bools can be formatted as binary, was given ${celTypeName(a)}`);
      case 'o':
        if (a.type === 'int' || a.type === 'uint') return radix(a.value, 8);
        throw new FormatError(`octal clause can only be used on integers, was given ${celTypeName(a)}`);
      case 'x':
      case 'X': {
        const upper = c.verb === 'X';
        if (a.type === 'int' || a.type === 'uint') return radix(a.value, 16, upper);
        if (a.type === 'string') return bytesHex(new TextEncoder().encode(a.value), upper);
        if (a.type === 'bytes') return bytesHex(a.value, upper);
        throw new FormatError(`only integers, byte buffers, and strings can be formatted as hex, was given ${celTypeName(a)}`);
      }
    }
  } catch (e) {
    if (e instanceof FormatError) throw new FormatError(`error during formatting: ${e.message}`);
    throw e;
  }
}

/** `<string>.format(list)` with cel-go 0.23's formatter (en-US locale for %f and %e). */
export function format(fmt: string, args: readonly FormatArg[]): string {
  try {
    return walkFormat(fmt, args.length, (c) => applyClause(c, args[c.argIndex]!));
  } catch (e) {
    if (e instanceof FormatError) throw new CelLibraryError(e.message);
    throw e;
  }
}

// ---- compile-time check of literal format calls ---------------------------------------------------

/** The checked type of one format argument expression (a literal list's element or a map entry part). */
export interface FormatArgType {
  /** Expression id, where cel-go reports a type error. */
  readonly id: number;
  /** cel-go type kind; 'dyn' accepts any clause. */
  readonly kind:
    | 'dyn'
    | 'int'
    | 'uint'
    | 'double'
    | 'bool'
    | 'string'
    | 'bytes'
    | 'null'
    | 'timestamp'
    | 'duration'
    | 'type'
    | 'list'
    | 'map'
    | 'other';
  /** Type name as cel-go prints it in errors (e.g. 'string', 'google.protobuf.Duration', 'list'). */
  readonly typeName: string;
  /** Elements when the expression is a list literal. */
  readonly elements?: readonly FormatArgType[];
  /** Entries when the expression is a map literal. */
  readonly entries?: readonly (readonly [FormatArgType, FormatArgType])[];
}

/** The issue cel-go's string.format validator reports, at the expression id it names. */
export interface FormatCheckIssue {
  readonly message: string;
  readonly exprId: number;
}

class TypedFormatError extends FormatError {
  constructor(
    message: string,
    readonly exprId: number,
  ) {
    super(message);
  }
}

const STRING_CLAUSE_KINDS = new Set(['list', 'map', 'int', 'uint', 'double', 'bool', 'string', 'timestamp', 'bytes', 'duration', 'type', 'null']);

const accepts = (t: FormatArgType, kinds: readonly string[]): boolean => t.kind === 'dyn' || kinds.includes(t.kind);

/** The expression that makes a %s argument invalid, if any (literal lists and maps are checked inside). */
function badStringArg(t: FormatArgType): FormatArgType | undefined {
  if (t.kind !== 'dyn' && !STRING_CLAUSE_KINDS.has(t.kind)) return t;
  for (const e of t.elements ?? []) {
    const bad = badStringArg(e);
    if (bad) return bad;
  }
  for (const [k, v] of t.entries ?? []) {
    const bad = badStringArg(k) ?? badStringArg(v);
    if (bad) return bad;
  }
  return undefined;
}

function checkClause(c: FormatClause, t: FormatArgType): void {
  const fail = (message: string, at: FormatArgType = t): never => {
    throw new TypedFormatError(`error during formatting: ${message}`, at.id);
  };
  switch (c.verb) {
    case 's': {
      const bad = badStringArg(t);
      if (bad) fail(stringClauseError(bad.typeName).message, bad);
      return;
    }
    case 'd':
      if (!accepts(t, ['int', 'uint'])) fail(`decimal clause can only be used on integers, was given ${t.typeName}`);
      return;
    case 'f':
      if (!accepts(t, ['double', 'string'])) fail(`fixed-point clause can only be used on doubles, was given ${t.typeName}`);
      return;
    case 'e':
      if (!accepts(t, ['double', 'string'])) fail(`scientific clause can only be used on doubles, was given ${t.typeName}`);
      return;
    case 'b':
      if (!accepts(t, ['int', 'uint', 'bool'])) fail(`only integers and bools can be formatted as binary, was given ${t.typeName}`);
      return;
    case 'x':
    case 'X':
      if (!accepts(t, ['int', 'uint', 'string', 'bytes'])) {
        fail(`only integers, byte buffers, and strings can be formatted as hex, was given ${t.typeName}`);
      }
      return;
    case 'o':
      if (!accepts(t, ['int', 'uint'])) fail(`octal clause can only be used on integers, was given ${t.typeName}`);
      return;
  }
}

/**
 * cel-go's compile-time validation of `'<literal>'.format([<list literal>])`: the first parse or type
 * error, or too many arguments; undefined when the call is fine. `callId` is the format call's id.
 */
export function checkFormatCall(format: string, args: readonly FormatArgType[], callId: number): FormatCheckIssue | undefined {
  let requested = 0;
  try {
    walkFormat(
      format,
      args.length,
      (c) => {
        requested = c.argIndex + 1;
        checkClause(c, args[c.argIndex]!);
        return '';
      },
      true,
    );
  } catch (e) {
    if (e instanceof TypedFormatError) return { message: e.message, exprId: e.exprId };
    if (e instanceof FormatError) return { message: e.message, exprId: callId };
    throw e;
  }
  if (args.length > requested) {
    return { message: `too many arguments supplied to string.format (expected ${requested}, got ${args.length})`, exprId: callId };
  }
  return undefined;
}
