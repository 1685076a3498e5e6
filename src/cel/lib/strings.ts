// cel-go's strings extension (version 2, as Kubernetes 1.33 enables it; `reverse` is version 3 and is
// provided for later versions). Indexes and lengths count Unicode code points, as cel-go counts runes.

import { CelLibraryError } from './errors.js';
import { goQuote } from './go-quote.js';
import { costOf, decl, STRING_TRAVERSAL_COST_FACTOR, type OverloadDecl } from './overloads.js';

const runes = (s: string): string[] => Array.from(s);

/** `<string>.charAt(int)`: '' at the end, error past it. */
export function charAt(s: string, index: bigint): string {
  const r = runes(s);
  if (index < 0n || index > BigInt(r.length)) throw new CelLibraryError(`index out of range: ${index}`);
  return index === BigInt(r.length) ? '' : r[Number(index)]!;
}

/** `<string>.indexOf(string[, int])`: code point index of the first match at or after the offset, or -1. */
export function indexOf(s: string, sub: string, offset = 0n): bigint {
  if (sub === '') return offset;
  if (offset < 0n) throw new CelLibraryError(`index out of range: ${offset}`);
  const r = runes(s);
  const sr = runes(sub);
  if (offset >= BigInt(r.length)) return -1n;
  for (let i = Number(offset); i < r.length - (sr.length - 1); i++) {
    if (sr.every((c, j) => r[i + j] === c)) return BigInt(i);
  }
  return -1n;
}

/**
 * `<string>.lastIndexOf(string[, int])`: the last match starting at or before the offset. Without an
 * offset cel-go starts at len-1, so `''.lastIndexOf('a')` is an index error there too.
 */
export function lastIndexOf(s: string, sub: string, offset?: bigint): bigint {
  const r = runes(s);
  if (offset === undefined) {
    if (sub === '') return BigInt(r.length);
    offset = BigInt(r.length - 1);
  }
  if (sub === '') return offset;
  if (offset < 0n) throw new CelLibraryError(`index out of range: ${offset}`);
  if (offset >= BigInt(r.length)) return -1n;
  const sr = runes(sub);
  let off = Number(offset);
  if (off > r.length - sr.length) off = r.length - sr.length;
  for (let i = off; i >= 0; i--) {
    if (sr.every((c, j) => r[i + j] === c)) return BigInt(i);
  }
  return -1n;
}

export const lowerAscii = (s: string): string => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
export const upperAscii = (s: string): string => s.replace(/[a-z]+/g, (m) => m.toUpperCase());

/** Go's strings.Replace: n < 0 replaces all; an empty `old` matches before every code point and at the end. */
export function replace(s: string, old: string, replacement: string, n = -1n): string {
  if (old === replacement || n === 0n) return s;
  if (old === '') {
    const r = runes(s);
    const count = BigInt(r.length + 1);
    const m = n < 0n || n > count ? Number(count) : Number(n);
    let out = '';
    for (let i = 0; i < m; i++) out += replacement + (i < r.length && i < m - 1 ? r[i] : '');
    return out + r.slice(m - 1).join('');
  }
  const parts = s.split(old);
  const count = BigInt(parts.length - 1);
  if (count === 0n) return s;
  const m = n < 0n || n > count ? Number(count) : Number(n);
  return parts.slice(0, m + 1).join(replacement) + (m < parts.length - 1 ? old + parts.slice(m + 1).join(old) : '');
}

/** Go's strings.SplitN: n == 0 gives [], n < 0 all parts; an empty separator splits into code points. */
export function split(s: string, sep: string, n = -1n): string[] {
  if (n === 0n) return [];
  if (sep === '') {
    const r = runes(s);
    const m = n < 0n || n > BigInt(r.length) ? r.length : Number(n);
    if (m === 0) return [];
    return [...r.slice(0, m - 1), r.slice(m - 1).join('')];
  }
  const parts = s.split(sep);
  if (n < 0n || n >= BigInt(parts.length)) return parts;
  const m = Number(n);
  return [...parts.slice(0, m - 1), parts.slice(m - 1).join(sep)];
}

/** `<string>.substring(int[, int])`. */
export function substring(s: string, start: bigint, end?: bigint): string {
  const r = runes(s);
  const len = BigInt(r.length);
  if (end === undefined) {
    if (start < 0n || start > len) throw new CelLibraryError(`index out of range: ${start}`);
    return r.slice(Number(start)).join('');
  }
  if (start > end) throw new CelLibraryError(`invalid substring range. start: ${start}, end: ${end}`);
  if (start < 0n || start > len) throw new CelLibraryError(`index out of range: ${start}`);
  if (end < 0n || end > len) throw new CelLibraryError(`index out of range: ${end}`);
  return r.slice(Number(start), Number(end)).join('');
}

// Go's unicode.IsSpace (White_Space property), which differs from JavaScript's \s (U+0085 in, U+FEFF out).
const SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const TRIM_RE = new RegExp(`^${SPACE}+|${SPACE}+$`, 'g');

/** `<string>.trim()`: Go's strings.TrimSpace. */
export const trim = (s: string): string => s.replace(TRIM_RE, '');

/** `<list<string>>.join([string])`. */
export const join = (list: readonly string[], sep = ''): string => list.join(sep);

/** `strings.quote(string)`: a double-quoted CEL literal; invalid text (lone surrogates) becomes U+FFFD. */
export function quote(s: string): string {
  const escapes: Record<string, string> = {
    '\x07': '\\a',
    '\b': '\\b',
    '\f': '\\f',
    '\n': '\\n',
    '\r': '\\r',
    '\t': '\\t',
    '\v': '\\v',
    '\\': '\\\\',
    '"': '\\"',
  };
  let out = '"';
  for (const c of s) {
    const code = c.codePointAt(0)!;
    out += escapes[c] ?? (code >= 0xd800 && code <= 0xdfff ? '\ufffd' : c);
  }
  return out + '"';
}

/** `<string>.reverse()` (strings version 3; not in Kubernetes 1.33's environment). */
export const reverse = (s: string): string => runes(s).reverse().join('');

// ---- string.format -------------------------------------------------------------------------------

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
  return `${sign}${mantissa}\u202f×\u202f10${exp < 0 ? '⁻' : ''}${superExp}`;
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
function walkFormat(format: string, argCount: number, clause: (c: FormatClause) => string): string {
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
    if (argIndex >= argCount) throw new FormatError(`index ${argIndex} out of range`);
    if (i + 1 >= bytes.length) throw new FormatError('unexpected end of string');
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

// ---- declarations and costs ----------------------------------------------------------------------

/** Overloads with the strings-extension version that introduced them. */
export const STRINGS_OVERLOADS: readonly (OverloadDecl & { readonly version: number })[] = [
  { ...decl('charAt', 'string_char_at_int', true, ['string', 'int'], 'string'), version: 0 },
  { ...decl('indexOf', 'string_index_of_string', true, ['string', 'string'], 'int'), version: 0 },
  { ...decl('indexOf', 'string_index_of_string_int', true, ['string', 'string', 'int'], 'int'), version: 0 },
  { ...decl('lastIndexOf', 'string_last_index_of_string', true, ['string', 'string'], 'int'), version: 0 },
  { ...decl('lastIndexOf', 'string_last_index_of_string_int', true, ['string', 'string', 'int'], 'int'), version: 0 },
  { ...decl('lowerAscii', 'string_lower_ascii', true, ['string'], 'string'), version: 0 },
  { ...decl('replace', 'string_replace_string_string', true, ['string', 'string', 'string'], 'string'), version: 0 },
  { ...decl('replace', 'string_replace_string_string_int', true, ['string', 'string', 'string', 'int'], 'string'), version: 0 },
  { ...decl('split', 'string_split_string', true, ['string', 'string'], 'list(string)'), version: 0 },
  { ...decl('split', 'string_split_string_int', true, ['string', 'string', 'int'], 'list(string)'), version: 0 },
  { ...decl('substring', 'string_substring_int', true, ['string', 'int'], 'string'), version: 0 },
  { ...decl('substring', 'string_substring_int_int', true, ['string', 'int', 'int'], 'string'), version: 0 },
  { ...decl('trim', 'string_trim', true, ['string'], 'string'), version: 0 },
  { ...decl('upperAscii', 'string_upper_ascii', true, ['string'], 'string'), version: 0 },
  { ...decl('format', 'string_format', true, ['string', 'list(dyn)'], 'string'), version: 1 },
  { ...decl('strings.quote', 'strings_quote', false, ['string'], 'string'), version: 1 },
  { ...decl('join', 'list_join', true, ['list(string)'], 'string'), version: 0 },
  { ...decl('join', 'list_join_string', true, ['list(string)', 'string'], 'string'), version: 0 },
  { ...decl('reverse', 'string_reverse', true, ['string'], 'string'), version: 3 },
];

/** Kubernetes' runtime costs by name: ⌈0.1·len⌉ for lowerAscii/upperAscii/substring/trim. */
export const stringTraversalCost = (receiverRunes: number): number => costOf(receiverRunes, STRING_TRAVERSAL_COST_FACTOR);
/** ⌈0.2·len⌉ for replace and split (receiver length). */
export const stringReplaceSplitCost = (receiverRunes: number): number => costOf(receiverRunes, 2 * STRING_TRAVERSAL_COST_FACTOR);
/** ⌈0.2·len(result)⌉ for join. */
export const stringJoinCost = (resultRunes: number): number => costOf(resultRunes, 2 * STRING_TRAVERSAL_COST_FACTOR);
