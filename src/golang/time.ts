// Go's time package as kube uses it: time.ParseDuration (flags), and timestamps as it reads them: RFC 3339 (metav1.Time / MicroTime on the wire), with
// Go's zero time (0001-01-01T00:00:00Z) as the "unset" value that printers show as <unknown>.

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/;

/** Days since 1970-01-01 of a proleptic Gregorian date (works for year 1, unlike Date.UTC). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Milliseconds since the Unix epoch of Go's zero time. */
export const GO_ZERO_TIME_MS = daysFromCivil(1, 1, 1) * 86_400_000;

/** Parses an RFC 3339 timestamp as Go's time.Parse(time.RFC3339) does; null when it does not parse. */
export function parseRFC3339(s: string): number | null {
  // The form kube writes (seconds, UTC) is read without the regular expression: printers parse one per Table row.
  if (s.length === 20 && s.charCodeAt(19) === 90 /* Z */) {
    const t = parseUtcSeconds(s);
    if (t !== undefined) return t;
  }
  const m = RFC3339.exec(s);
  if (!m) return null;
  const [y, mo, d, h, mi, se] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1) return null;
  const dim = mo === 2 && isLeap(y) ? 29 : DAYS_IN_MONTH[mo - 1]!;
  if (d > dim || h > 23 || mi > 59 || se > 59) return null;
  let offsetMin = 0;
  const zone = m[8]!;
  if (zone !== 'Z') {
    const oh = Number(zone.slice(1, 3));
    const om = Number(zone.slice(4, 6));
    if (oh > 23 || om > 59) return null;
    offsetMin = (zone[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const frac = m[7] ? Number(`0.${m[7]}`) * 1000 : 0;
  return (daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se - offsetMin * 60) * 1000 + frac;
}

// "YYYY-MM-DDTHH:MM:SSZ": the same checks as the general parse; undefined when the text is not in that shape.
function parseUtcSeconds(s: string): number | null | undefined {
  const num = (from: number, len: number): number => {
    let n = 0;
    for (let i = from; i < from + len; i++) {
      const c = s.charCodeAt(i) - 48;
      if (c < 0 || c > 9) return -1;
      n = n * 10 + c;
    }
    return n;
  };
  if (s[4] !== '-' || s[7] !== '-' || s[10] !== 'T' || s[13] !== ':' || s[16] !== ':') return undefined;
  const y = num(0, 4), mo = num(5, 2), d = num(8, 2), h = num(11, 2), mi = num(14, 2), se = num(17, 2); // prettier-ignore
  if (y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || se < 0) return undefined;
  if (mo < 1 || mo > 12 || d < 1) return null;
  const dim = mo === 2 && isLeap(y) ? 29 : DAYS_IN_MONTH[mo - 1]!;
  if (d > dim || h > 23 || mi > 59 || se > 59) return null;
  return (daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se) * 1000;
}

/**
 * A metav1.Time field as a Go printer sees it: null for the zero time (absent, null, empty or the
 * literal zero instant), otherwise epoch milliseconds. Unparsable text also reads as zero: a typed
 * Go object could never hold it.
 */
export function timeField(v: unknown): number | null {
  if (typeof v !== 'string' || v === '') return null;
  const t = parseRFC3339(v);
  if (t === null || t === GO_ZERO_TIME_MS) return null;
  return t;
}

// Parses Go's time.Duration text ("32s", "1m0s", "1.5h", "300ms") into milliseconds, with Go's error text.
const UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, 'μs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

export function parseGoDuration(text: string): number {
  const fail = () => new Error(`time: invalid duration ${JSON.stringify(text)}`);
  let s = text;
  let sign = 1;
  if (s.startsWith('-') || s.startsWith('+')) {
    if (s[0] === '-') sign = -1;
    s = s.slice(1);
  }
  if (s === '0') return 0;
  if (s === '') throw fail();
  let total = 0;
  const re = /^(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)/;
  while (s.length) {
    const m = re.exec(s);
    if (!m) {
      if (/^(\d+\.?\d*|\.\d+)/.test(s) && !/[a-zµμ]/.test(s)) throw new Error(`time: missing unit in duration ${JSON.stringify(text)}`);
      const u = /^(?:\d+\.?\d*|\.\d+)([^\d.]+)/.exec(s);
      if (u) throw new Error(`time: unknown unit ${JSON.stringify(u[1])} in duration ${JSON.stringify(text)}`);
      throw fail();
    }
    total += parseFloat(m[1]!) * UNITS[m[2]!]!;
    s = s.slice(m[0].length);
  }
  return sign * total;
}
