// Timestamps and durations with nanosecond precision: RFC 3339 parsing and printing, Go duration syntax,
// range checks (years 0001 to 9999), and calendar fields in UTC, fixed offsets or IANA time zones.
import { CelDuration, CelError, CelTimestamp } from './values.js';

const NS = 1_000_000_000n;
export const MIN_TIMESTAMP_SECONDS = -62135596800n;
export const MAX_TIMESTAMP_SECONDS = 253402300799n;
/** protobuf Duration's range: ±10,000 years in seconds. */
const MAX_DURATION_SECONDS = 315576000000n;

export function checkTimestamp(ns: bigint, offset = 0): CelTimestamp {
  const sec = floorDiv(ns, NS);
  if (sec < MIN_TIMESTAMP_SECONDS || sec > MAX_TIMESTAMP_SECONDS) throw new CelError('timestamp overflow');
  return new CelTimestamp(ns, offset);
}

export function checkDuration(ns: bigint): CelDuration {
  if (ns > (1n << 63n) - 1n || ns < -(1n << 63n)) throw new CelError('duration overflow');
  return new CelDuration(ns);
}

export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

export function parseTimestamp(s: string): CelTimestamp {
  const m = RFC3339.exec(s);
  if (!m) throw new CelError(`timestamp parse error: ${s}`);
  const [year, month, day, hour, min, sec] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || min > 59 || sec > 59) {
    throw new CelError(`timestamp parse error: ${s}`);
  }
  const frac = m[7] ? BigInt(m[7].padEnd(9, '0')) : 0n;
  let offset = 0n;
  if (!m[8]) {
    // Go keeps the written offset, and prints it back (string(timestamp)).
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23 || om > 59) throw new CelError(`timestamp parse error: ${s}`);
    offset = BigInt((oh * 60 + om) * 60) * (m[9] === '-' ? -1n : 1n);
  }
  const days = daysFromCivil(year, month, day);
  const seconds = BigInt(days) * 86400n + BigInt(hour * 3600 + min * 60 + sec) - offset;
  return checkTimestamp(seconds * NS + frac, Number(offset));
}

function isLeap(y: number): boolean { return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0; }
function daysIn(y: number, m: number): number { return [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]; }

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm). */
export function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function civilFromDays(z: number): { year: number; month: number; day: number } {
  z += 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const y = yoe + era * 400;
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return { year: y + (m <= 2 ? 1 : 0), month: m, day: d };
}

/** Go's time.Format(time.RFC3339Nano) in UTC, as cel-go prints timestamps. */
export function formatTimestamp(t: CelTimestamp): string {
  const utcSec = floorDiv(t.ns, NS);
  const nanos = Number(t.ns - utcSec * NS);
  const sec = utcSec + BigInt(t.offset);
  const days = Number(floorDiv(sec, 86400n));
  const rem = Number(sec - BigInt(days) * 86400n);
  const { year, month, day } = civilFromDays(days);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  let s = `${p(year, 4)}-${p(month)}-${p(day)}T${p(Math.floor(rem / 3600))}:${p(Math.floor(rem / 60) % 60)}:${p(rem % 60)}`;
  if (nanos > 0) s += `.${String(nanos).padStart(9, '0').replace(/0+$/, '')}`;
  if (t.offset === 0) return `${s}Z`;
  const abs = Math.abs(t.offset);
  return `${s}${t.offset < 0 ? '-' : '+'}${p(Math.floor(abs / 3600))}:${p(Math.floor(abs / 60) % 60)}`;
}

const UNITS: Record<string, bigint> = { ns: 1n, us: 1000n, 'µs': 1000n, 'μs': 1000n, ms: 1_000_000n, s: NS, m: 60n * NS, h: 3600n * NS };

/** Go's time.ParseDuration, as cel-go's duration(string) uses it. */
export function parseDuration(input: string): CelDuration {
  let s = input;
  let neg = false;
  if (s[0] === '-' || s[0] === '+') { neg = s[0] === '-'; s = s.slice(1); }
  if (s === '0') return new CelDuration(0n);
  if (s === '') throw new CelError(`invalid duration: ${input}`);
  let total = 0n;
  while (s.length > 0) {
    const m = /^(\d*)(?:\.(\d*))?(ns|us|µs|μs|ms|s|m|h)/.exec(s);
    if (!m || (m[1] === '' && (m[2] === undefined || m[2] === ''))) throw new CelError(`invalid duration: ${input}`);
    const unit = UNITS[m[3]];
    let v = BigInt(m[1] || '0') * unit;
    if (m[2]) {
      const frac = m[2];
      v += (BigInt(frac) * unit) / 10n ** BigInt(frac.length);
    }
    total += v;
    if (total > 1n << 63n) throw new CelError(`invalid duration: ${input}`);
    s = s.slice(m[0].length);
  }
  if (neg) total = -total;
  if (total > (1n << 63n) - 1n) throw new CelError(`invalid duration: ${input}`);
  return new CelDuration(total);
}

/** cel-go prints durations as strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s". */
export function formatDuration(d: CelDuration): string {
  const sec = d.ns / NS;
  const nsec = d.ns % NS;
  return `${formatFloatFixed(Number(sec) + Number(nsec) / 1e9)}s`;
}

/** Go's strconv.FormatFloat(f, 'f', -1, 64): the shortest digits, never in exponent form. */
export function formatFloatFixed(f: number): string {
  const s = String(f);
  if (!s.includes('e')) return s;
  const [mant, exp] = f.toExponential().split('e');
  const neg = mant.startsWith('-');
  const digits = mant.replace('-', '').replace('.', '');
  const e = Number(exp);
  let out: string;
  if (e < 0) out = `0.${'0'.repeat(-e - 1)}${digits}`;
  else out = digits.length > e + 1 ? `${digits.slice(0, e + 1)}.${digits.slice(e + 1)}` : digits + '0'.repeat(e + 1 - digits.length);
  return (neg ? '-' : '') + out;
}

export function durationInRange(d: CelDuration): boolean {
  const sec = d.ns / NS;
  return sec >= -MAX_DURATION_SECONDS && sec <= MAX_DURATION_SECONDS;
}

export interface CivilTime {
  year: number; month: number; day: number; hour: number; minute: number; second: number; millis: number; dayOfWeek: number; dayOfYear: number;
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/** Offset in seconds east of UTC of a time zone at an instant: '' or UTC, ±HH:MM, or an IANA name. */
function zoneOffsetSeconds(zone: string, sec: bigint): number {
  if (zone === '' || zone === 'UTC' || zone === 'Z') return 0;
  const fixed = /^([+-])?(\d{2}):(\d{2})$/.exec(zone);
  if (fixed) return (fixed[1] === '-' ? -1 : 1) * (Number(fixed[2]) * 3600 + Number(fixed[3]) * 60);
  let f = zoneFormatters.get(zone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    } catch {
      throw new CelError(`unknown time zone ${zone}`);
    }
    zoneFormatters.set(zone, f);
  }
  const ms = Number(sec) * 1000;
  const parts = Object.fromEntries(f.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((local - ms) / 1000);
}

export function civilTime(t: CelTimestamp, zone = ''): CivilTime {
  const sec = floorDiv(t.ns, NS);
  const nanos = Number(t.ns - sec * NS);
  const local = sec + BigInt(zoneOffsetSeconds(zone, sec));
  const days = Number(floorDiv(local, 86400n));
  const rem = Number(local - BigInt(days) * 86400n);
  const { year, month, day } = civilFromDays(days);
  const dayOfWeek = (((days % 7) + 7 + 4) % 7);
  const dayOfYear = days - daysFromCivil(year, 1, 1);
  return { year, month, day, hour: Math.floor(rem / 3600), minute: Math.floor(rem / 60) % 60, second: rem % 60, millis: Math.floor(nanos / 1e6), dayOfWeek, dayOfYear };
}
