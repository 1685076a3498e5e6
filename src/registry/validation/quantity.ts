// resource.Quantity as apimachinery parses, compares and prints it (String() is the canonical form, or
// the input itself when ParseQuantity's fast path finds it already canonical). Values are exact decimals
// n × 10^s kept in BigInts.

export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

export interface Quantity {
  n: bigint;
  s: number;
  format: QuantityFormat;
  /** The input string when kube keeps it as the printed form. */
  cached?: string;
}

const DEC_SUFFIXES: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BIN_SUFFIXES: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const DEC_BY_EXP = new Map(Object.entries(DEC_SUFFIXES).map(([k, v]) => [v, k]));
const BIN_BY_EXP = new Map(Object.entries(BIN_SUFFIXES).map(([k, v]) => [v / 10, k]));
const INT64_MAX = 2n ** 63n - 1n;
const QUANTITY_RE = /^([+-]?)([0-9]*)(?:\.([0-9]*))?([eEinumkKMGTP]*[-+]?[0-9]*)$/;

const pow10 = (k: number): bigint => 10n ** BigInt(k);
const abs = (v: bigint): bigint => (v < 0n ? -v : v);

/** Go's ParseQuantity; undefined where it returns an error. */
export function parseQuantity(str: string): Quantity | undefined {
  if (str === '') return undefined;
  if (str === '0') return { n: 0n, s: 0, format: 'DecimalSI', cached: str };
  const m = QUANTITY_RE.exec(str);
  if (!m) return undefined;
  const positive = m[1] !== '-';
  const num = m[2]!.replace(/^0+/, '') || '0';
  const denom = m[3] ?? '';
  const suffix = m[4]!;
  let base: 10 | 2;
  let exponent: number;
  let format: QuantityFormat;
  if (suffix in DEC_SUFFIXES) [base, exponent, format] = [10, DEC_SUFFIXES[suffix]!, 'DecimalSI'];
  else if (suffix in BIN_SUFFIXES) [base, exponent, format] = [2, BIN_SUFFIXES[suffix]!, 'BinarySI'];
  else if (/^[eE][-+]?[0-9]+$/.test(suffix)) [base, exponent, format] = [10, Number(suffix.slice(1)), 'DecimalExponent'];
  else return undefined;

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
    scale -= denom.length;
    if (scale >= -9) {
      const shifted = num + denom;
      const result = BigInt(shifted) * mantissa;
      if (result <= INT64_MAX) {
        const n = positive ? result : -result;
        const canonical =
          format === 'BinarySI' ? exponent % 10 === 0 && (BigInt(shifted) & 7n) !== 0n : scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0';
        return { n, s: scale, format, ...(canonical ? { cached: str } : {}) };
      }
    }
  }

  // Slow path: exact value, rounded away from zero to nano units.
  let n = BigInt(num + denom);
  let s = -denom.length;
  if (base === 10) s += exponent;
  else n *= 1n << BigInt(exponent);
  if (s < -9) {
    const div = pow10(-9 - s);
    n = (n + div - 1n) / div;
    s = -9;
  }
  if (format === 'BinarySI' && n !== 0n && compareParts(n, s, 1n, 0) < 0) format = 'DecimalSI';
  return { n: positive ? n : -n, s, format };
}

function compareParts(an: bigint, as: number, bn: bigint, bs: number): number {
  const s = Math.min(as, bs);
  const a = an * pow10(as - s);
  const b = bn * pow10(bs - s);
  return a < b ? -1 : a > b ? 1 : 0;
}

export const compareQuantities = (a: Quantity, b: Quantity): number => compareParts(a.n, a.s, b.n, b.s);

/** Quantity.String(); undefined for the rare forms (exponents past E) not rendered here. */
export function quantityString(q: Quantity): string | undefined {
  if (q.cached !== undefined) return q.cached;
  if (q.n === 0n) return '0';
  let format = q.format;
  if (format === 'BinarySI') {
    const small = compareParts(abs(q.n), q.s, 1024n, 0) < 0;
    const integral = q.s >= 0 || q.n % pow10(-q.s) === 0n;
    if (small || !integral) format = 'DecimalSI';
  }
  if (format === 'BinarySI') {
    let v = q.s >= 0 ? q.n * pow10(q.s) : q.n / pow10(-q.s);
    let e = 0;
    while (v % 1024n === 0n) {
      v /= 1024n;
      e++;
    }
    const suffix = BIN_BY_EXP.get(e);
    return suffix === undefined && e !== 0 ? undefined : `${v}${suffix ?? ''}`;
  }
  let n = q.n;
  let e = q.s;
  while (n % 10n === 0n) {
    n /= 10n;
    e++;
  }
  while (e % 3 !== 0) {
    n *= 10n;
    e--;
  }
  if (format === 'DecimalExponent') return e === 0 ? `${n}` : `${n}e${e}`;
  const suffix = DEC_BY_EXP.get(e);
  return suffix === undefined ? undefined : `${n}${suffix}`;
}
