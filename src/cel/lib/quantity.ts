// Kubernetes' quantity library over apimachinery's resource.Quantity: parsing with its exact rules and
// errors, the canonical text kube prints, comparison and add/sub arithmetic.
//
// A Quantity keeps the representation Go keeps, because asInteger/isInteger and asApproximateFloat
// depend on it: either the int64 form (value × 10^scale, int64 value) or the arbitrary-precision
// inf.Dec form (unscaled × 10^exp). Formatting and comparison only depend on the exact value.

import { CelLibraryError } from './errors.js';
import { costOf, decl, STRING_TRAVERSAL_COST_FACTOR, type OverloadDecl } from './overloads.js';

export type QuantityFormat = 'DecimalExponent' | 'BinarySI' | 'DecimalSI';

const SPLIT_RE_STRING = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';
export const ERR_FORMAT_WRONG = `quantities must match the regular expression '${SPLIT_RE_STRING}'`;
export const ERR_NUMERIC = 'unable to parse numeric part of quantity';
export const ERR_SUFFIX = "unable to parse quantity's suffix";
/** asInteger() on a quantity that has no exact int64 form (Kubernetes' text). */
export const ERR_NOT_INTEGER = 'cannot convert value to integer';
/** Our own guard where Go would build a number with billions of digits (see docs/deviations.md). */
export const ERR_EXPONENT_RANGE = 'quantity exponent out of range';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const inInt64 = (v: bigint): boolean => v >= INT64_MIN && v <= INT64_MAX;
/** Longest decimal shift we materialise; Go would allocate without bound. */
const MAX_SHIFT_DIGITS = 100_000;

const DECIMAL_SUFFIXES: Record<string, number> = { '': 0, n: -9, u: -6, m: -3, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIXES: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const DECIMAL_SUFFIX_BY_EXP = new Map(Object.entries(DECIMAL_SUFFIXES).map(([s, e]) => [e, s]));
const BINARY_SUFFIX_BY_POWER = new Map(Object.entries(BINARY_SUFFIXES).map(([s, e]) => [e / 10, s]));

const pow10 = (k: number): bigint => {
  if (k > MAX_SHIFT_DIGITS) throw new CelLibraryError(ERR_EXPONENT_RANGE);
  return 10n ** BigInt(k);
};
const abs = (v: bigint): bigint => (v < 0n ? -v : v);
const sign = (v: bigint): number => (v === 0n ? 0 : v > 0n ? 1 : -1);
const digitCount = (v: bigint): number => (v === 0n ? 0 : abs(v).toString().length);
const int32 = (v: number): number => v | 0;

/** value × 10^exp; `dec` tells whether Go holds it as inf.Dec (exp is then -Dec.Scale()). */
interface Amount {
  readonly dec: boolean;
  readonly n: bigint;
  readonly exp: number;
}

/** Exact comparison of two n × 10^e values without building huge powers. */
function compareAmounts(a: Amount, b: Amount): number {
  const sa = sign(a.n);
  const sb = sign(b.n);
  if (sa !== sb || sa === 0) return sa < sb ? -1 : sa > sb ? 1 : 0;
  const ma = digitCount(a.n) + a.exp;
  const mb = digitCount(b.n) + b.exp;
  if (ma !== mb) return ma > mb ? sa : -sa;
  const e = Math.min(a.exp, b.exp);
  const x = a.n * pow10(a.exp - e);
  const y = b.n * pow10(b.exp - e);
  return x < y ? -1 : x > y ? 1 : 0;
}

// Go's math.Pow10: products of exactly-rounded table entries, so results match bit for bit.
const POW10_TAB = Array.from({ length: 32 }, (_, i) => Number(`1e${i}`));
const POW10_POS32 = Array.from({ length: 10 }, (_, i) => Number(`1e${i * 32}`));
const POW10_NEG32 = Array.from({ length: 11 }, (_, i) => Number(`1e-${i * 32}`));
function goPow10(n: number): number {
  if (n >= 0 && n <= 308) return POW10_POS32[Math.floor(n / 32)]! * POW10_TAB[n % 32]!;
  if (n < 0 && n >= -323) return POW10_NEG32[Math.floor(-n / 32)]! / POW10_TAB[-n % 32]!;
  return n > 0 ? Infinity : 0;
}

/** parseQuantityString: sign, numerator, denominator, suffix and the numeric text (`value`). */
function scanQuantity(str: string): { positive: boolean; value: string; num: string; denom: string; suffix: string } {
  let positive = true;
  let pos = 0;
  const end = str.length;
  if (str[0] === '-') {
    positive = false;
    pos++;
  } else if (str[0] === '+') pos++;
  const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

  while (pos < end && str[pos] === '0') pos++;
  if (pos >= end) return { positive, value: '0', num: '0', denom: '', suffix: '' };

  let i = pos;
  while (i < end && isDigit(str[i])) i++;
  let num = str.slice(pos, i);
  if (i >= end) return { positive, value: str, num, denom: '', suffix: '' };
  pos = i;
  if (num === '') num = '0';

  let denom = '';
  if (str[pos] === '.') {
    pos++;
    i = pos;
    while (i < end && isDigit(str[i])) i++;
    denom = str.slice(pos, i);
    if (i >= end) return { positive, value: str, num, denom, suffix: '' };
    pos = i;
  }
  const value = str.slice(0, pos);

  const suffixStart = pos;
  while (pos < end && 'eEinumkKMGTP'.includes(str[pos]!)) pos++;
  if (pos < end && (str[pos] === '-' || str[pos] === '+')) pos++;
  while (pos < end && isDigit(str[pos])) pos++;
  if (pos < end) throw new CelLibraryError(ERR_FORMAT_WRONG);
  return { positive, value, num, denom, suffix: str.slice(suffixStart) };
}

function interpretSuffix(s: string): { base: 10 | 2; exponent: number; format: QuantityFormat } | undefined {
  if (Object.hasOwn(DECIMAL_SUFFIXES, s)) return { base: 10, exponent: DECIMAL_SUFFIXES[s]!, format: 'DecimalSI' };
  if (Object.hasOwn(BINARY_SUFFIXES, s)) return { base: 2, exponent: BINARY_SUFFIXES[s]!, format: 'BinarySI' };
  if (s.length > 1 && (s[0] === 'e' || s[0] === 'E')) {
    // strconv.ParseInt(…, 10, 64), then truncated to int32 as Go does.
    if (!/^[+-]?[0-9]+$/.test(s.slice(1))) return undefined;
    const parsed = BigInt(s.slice(1));
    if (!inInt64(parsed)) return undefined;
    return { base: 10, exponent: Number(BigInt.asIntN(32, parsed)), format: 'DecimalExponent' };
  }
  return undefined;
}

export class Quantity {
  private constructor(
    private readonly amount: Amount,
    readonly format: QuantityFormat,
    /** The text Go keeps and prints as is (the input when already canonical). */
    private readonly text?: string,
  ) {}

  /** resource.ParseQuantity; throws CelLibraryError with apimachinery's message. */
  static parse(str: string): Quantity {
    if (str.length === 0) throw new CelLibraryError(ERR_FORMAT_WRONG);
    if (str === '0') return new Quantity({ dec: false, n: 0n, exp: 0 }, 'DecimalSI', str);
    const { positive, value, num, denom, suffix } = scanQuantity(str);
    const interpreted = interpretSuffix(suffix);
    if (!interpreted) throw new CelLibraryError(ERR_SUFFIX);
    const { base, exponent, format } = interpreted;

    let precision: number;
    let scale = 0;
    let mantissa = 1n;
    if (base === 10) {
      scale = exponent;
      precision = 18 - (num.length + denom.length);
    } else if (denom.length === 0) {
      mantissa = 1n << BigInt(exponent);
      precision = 15 - num.length - Math.trunc((exponent * 3) / 10) - 1;
    } else precision = -1;

    if (precision >= 0) {
      scale = int32(scale - denom.length);
      if (scale >= -9) {
        const shifted = num + denom;
        const v = BigInt(shifted);
        const result = v * mantissa;
        if (inInt64(result)) {
          const amount: Amount = { dec: false, n: positive ? result : -result, exp: scale };
          const canonical =
            format === 'BinarySI'
              ? exponent % 10 === 0 && (v & 7n) !== 0n
              : scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0';
          return new Quantity(amount, format, canonical ? str : undefined);
        }
      }
    }

    // inf.Dec path: exact value, magnitude rounded up to nano units, BinarySI capped at int64 max.
    const digits = value.replace(/^[+-]/, '').replace('.', '');
    if (!/[0-9]/.test(digits)) throw new CelLibraryError(ERR_NUMERIC);
    const fraction = value.includes('.') ? value.length - value.indexOf('.') - 1 : 0;
    let n = BigInt(digits);
    let decScale = fraction; // inf.Dec scale: value = n × 10^-decScale
    if (base === 10) decScale = int32(decScale + int32(-exponent));
    else n *= 1n << BigInt(exponent);
    let fmt = format;
    if (n !== 0n) {
      if (decScale <= 9) n *= pow10(9 - decScale);
      else {
        const div = pow10(decScale - 9);
        n = (n + div - 1n) / div;
      }
      decScale = 9;
    }
    let amount: Amount = { dec: true, n, exp: -decScale };
    if (fmt === 'BinarySI' && compareAmounts(amount, { dec: false, n: INT64_MAX, exp: 0 }) > 0) {
      amount = { dec: true, n: INT64_MAX, exp: 0 };
    }
    if (fmt === 'BinarySI' && n > 0n && compareAmounts(amount, { dec: false, n: 1n, exp: 0 }) < 0) fmt = 'DecimalSI';
    if (!positive) amount = { ...amount, n: -amount.n };
    return new Quantity(amount, fmt);
  }

  /** resource.NewQuantity(v, DecimalExponent), the operand `add(int)`/`sub(int)` build. */
  static fromInt64(v: bigint): Quantity {
    return new Quantity({ dec: false, n: BigInt.asIntN(64, v), exp: 0 }, 'DecimalExponent');
  }

  isZero(): boolean {
    return this.amount.n === 0n;
  }

  /** CEL `sign(q)` (Quantity.Sign()): 1, -1 or 0. */
  sign(): bigint {
    return BigInt(sign(this.amount.n));
  }

  /** Quantity.Cmp as a JS number: -1, 0 or 1, exact across formats. */
  cmp(other: Quantity): number {
    return compareAmounts(this.amount, other.amount);
  }

  /** CEL `compareTo`. */
  compareTo(other: Quantity): bigint {
    return BigInt(this.cmp(other));
  }

  equals(other: Quantity): boolean {
    return this.cmp(other) === 0;
  }

  isGreaterThan(other: Quantity): boolean {
    return this.cmp(other) === 1;
  }

  isLessThan(other: Quantity): boolean {
    return this.cmp(other) === -1;
  }

  /** Quantity.AsInt64: only the int64 form with a non-negative scale that fits converts. */
  asInt64(): bigint | undefined {
    const { dec, n, exp } = this.amount;
    if (dec || exp < 0) return undefined;
    if (exp === 0 || n === 0n) return n;
    if (exp > 19) return undefined;
    const v = n * 10n ** BigInt(exp);
    return inInt64(v) ? v : undefined;
  }

  /** CEL `isInteger()`. */
  isInteger(): boolean {
    return this.asInt64() !== undefined;
  }

  /** CEL `asInteger()`. */
  asInteger(): bigint {
    const v = this.asInt64();
    if (v === undefined) throw new CelLibraryError(ERR_NOT_INTEGER);
    return v;
  }

  /** Quantity.AsApproximateFloat64: float64(mantissa) × math.Pow10(exponent), ±Inf out of range. */
  asApproximateFloat(): number {
    const base = Number(this.amount.n);
    if (this.amount.exp === 0) return base;
    return base * goPow10(this.amount.exp);
  }

  /** Quantity.Add on a copy (the receiver is never changed). */
  add(other: Quantity): Quantity {
    return this.combine(other, false);
  }

  /** Quantity.Sub on a copy. */
  sub(other: Quantity): Quantity {
    return this.combine(other, true);
  }

  addInt(v: bigint): Quantity {
    return this.add(Quantity.fromInt64(v));
  }

  subInt(v: bigint): Quantity {
    return this.sub(Quantity.fromInt64(v));
  }

  private combine(y: Quantity, subtract: boolean): Quantity {
    const q = this.amount;
    let format = this.format;
    if (subtract) {
      if (this.isZero()) format = y.format;
    } else if (!q.dec && !y.amount.dec) {
      if (q.n === 0n) format = y.format;
    } else if (this.isZero()) format = y.format;

    if (!q.dec && !y.amount.dec) {
      // Go negates the int64 operand, which wraps for the minimum value.
      const b = subtract ? { ...y.amount, n: BigInt.asIntN(64, -y.amount.n) } : y.amount;
      const sum = addInt64Amounts(q, b);
      if (sum) return new Quantity(sum, format);
    }
    // inf.Dec arithmetic: aligned to the finer scale, exact.
    const e = Math.min(q.exp, y.amount.exp);
    const a = q.n * pow10(q.exp - e);
    const b = y.amount.n * pow10(y.amount.exp - e);
    return new Quantity({ dec: true, n: subtract ? a - b : a + b, exp: e }, format);
  }

  /** Quantity.String(): the kept input text, or the canonical form. */
  toString(): string {
    return this.text ?? canonicalize(this.amount, this.format);
  }
}

/** int64Amount.Add; undefined where Go falls back to inf.Dec (overflow). */
function addInt64Amounts(a: Amount, b: Amount): Amount | undefined {
  if (b.n === 0n) return a;
  if (a.n === 0n) return { dec: false, n: b.n, exp: b.exp };
  if (a.exp === b.exp) {
    const c = a.n + b.n;
    return inInt64(c) ? { dec: false, n: c, exp: a.exp } : undefined;
  }
  const [hi, lo] = a.exp > b.exp ? [a, b] : [b, a];
  const gap = hi.exp - lo.exp;
  if (gap > 19) return undefined;
  const scaled = hi.n * 10n ** BigInt(gap);
  if (!inInt64(scaled)) return undefined;
  const c = scaled + lo.n;
  return inInt64(c) ? { dec: false, n: c, exp: lo.exp } : undefined;
}

/** CanonicalizeBytes: number and suffix as kube prints them. */
function canonicalize(amount: Amount, format: QuantityFormat): string {
  if (amount.n === 0n) return '0';
  let fmt = format;
  if (fmt === 'BinarySI') {
    const small =
      compareAmounts(amount, { dec: false, n: -1024n, exp: 0 }) > 0 && compareAmounts(amount, { dec: false, n: 1024n, exp: 0 }) < 0;
    const integral = amount.exp >= 0 || amount.n % pow10(-amount.exp) === 0n;
    if (small || !integral) fmt = 'DecimalSI';
  }
  if (fmt === 'BinarySI') {
    let v = amount.exp >= 0 ? amount.n * pow10(amount.exp) : amount.n / pow10(-amount.exp);
    let power = 0;
    while (abs(v) >= 1024n && v % 1024n === 0n) {
      v /= 1024n;
      power++;
    }
    return `${v}${BINARY_SUFFIX_BY_POWER.get(power) ?? ''}`;
  }
  let n = amount.n;
  let exp = amount.exp;
  while (abs(n) >= 10n && n % 10n === 0n) {
    n /= 10n;
    exp++;
  }
  while (exp % 3 !== 0) {
    n *= 10n;
    exp--;
  }
  // Go prints no suffix where its table has none (DecimalSI beyond E): "1000E" prints "1".
  const suffix = fmt === 'DecimalSI' ? (DECIMAL_SUFFIX_BY_EXP.get(exp) ?? '') : exp === 0 ? '' : `e${exp}`;
  return `${n}${suffix}`;
}

/** CEL `quantity(string)`. */
export const quantity = (s: string): Quantity => Quantity.parse(s);

/** CEL `isQuantity(string)`. */
export function isQuantity(s: string): boolean {
  try {
    Quantity.parse(s);
    return true;
  } catch (e) {
    if (e instanceof CelLibraryError) return false;
    throw e;
  }
}

/** The ParseQuantity error text for s, or undefined when it parses. */
export function quantityParseError(s: string): string | undefined {
  try {
    Quantity.parse(s);
    return undefined;
  } catch (e) {
    if (e instanceof CelLibraryError) return e.message;
    throw e;
  }
}

export const QUANTITY_TYPE = 'kubernetes.Quantity';

export const QUANTITY_OVERLOADS: readonly OverloadDecl[] = [
  decl('quantity', 'string_to_quantity', false, ['string'], QUANTITY_TYPE),
  decl('isQuantity', 'is_quantity_string', false, ['string'], 'bool'),
  decl('sign', 'quantity_sign', false, [QUANTITY_TYPE], 'int'),
  decl('isGreaterThan', 'quantity_is_greater_than', true, [QUANTITY_TYPE, QUANTITY_TYPE], 'bool'),
  decl('isLessThan', 'quantity_is_less_than', true, [QUANTITY_TYPE, QUANTITY_TYPE], 'bool'),
  decl('compareTo', 'quantity_compare_to', true, [QUANTITY_TYPE, QUANTITY_TYPE], 'int'),
  decl('asApproximateFloat', 'quantity_get_float', true, [QUANTITY_TYPE], 'double'),
  decl('asInteger', 'quantity_get_int', true, [QUANTITY_TYPE], 'int'),
  decl('isInteger', 'quantity_is_integer', true, [QUANTITY_TYPE], 'bool'),
  decl('add', 'quantity_add', true, [QUANTITY_TYPE, QUANTITY_TYPE], QUANTITY_TYPE),
  decl('add', 'quantity_add_int', true, [QUANTITY_TYPE, 'int'], QUANTITY_TYPE),
  decl('sub', 'quantity_sub', true, [QUANTITY_TYPE, QUANTITY_TYPE], QUANTITY_TYPE),
  decl('sub', 'quantity_sub_int', true, [QUANTITY_TYPE, 'int'], QUANTITY_TYPE),
];

/** Runtime cost of `quantity`/`isQuantity` on a string of `runes` code points (every other function: 1). */
export const quantityParseCost = (runes: number): number => costOf(runes, STRING_TRAVERSAL_COST_FACTOR);
