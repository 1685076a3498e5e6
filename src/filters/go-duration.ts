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
