// Go's strconv as kube's texts show it: Quote (%q; selector, field-manager and patch errors embed offending
// keys and values with it, which differs from JSON.stringify for odd characters, e.g. "\x01" vs "\u0001")
// and FormatFloat(f, 'g', -1, 64), the float64 of %v.

const PRINTABLE = /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u;

const SHORT_ESCAPES: Record<number, string> = {
  0x07: '\\a',
  0x08: '\\b',
  0x0c: '\\f',
  0x0a: '\\n',
  0x0d: '\\r',
  0x09: '\\t',
  0x0b: '\\v',
  0x5c: '\\\\',
  0x22: '\\"',
};

const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');

export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    const short = SHORT_ESCAPES[cp];
    if (short) out += short;
    else if (cp === 0x20 || (cp >= 0x21 && cp < 0x7f)) out += ch;
    else if (cp < 0x80) out += `\\x${hex(cp, 2)}`;
    else if (cp >= 0xd800 && cp <= 0xdfff) out += '\ufffd'; // a lone surrogate is invalid UTF-8: Go has U+FFFD there, printable
    else if (PRINTABLE.test(ch)) out += ch;
    else if (cp < 0x10000) out += `\\u${hex(cp, 4)}`;
    else out += `\\U${hex(cp, 8)}`;
  }
  return out + '"';
}

/** Go's %#v of a []string: `[]string{"a", "b"}`. */
export function goStringSlice(values: readonly string[]): string {
  return `[]string{${values.map(goQuote).join(', ')}}`;
}

/** strconv.FormatFloat(n, 'g', -1, 64), fmt's %v of a float64: shortest digits, exponent form when the exponent is < -4 or >= 6 (strconv %g, shortest). */
export function formatFloat(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? '+Inf' : '-Inf';
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  const [mant, expText] = n.toExponential().split('e') as [string, string];
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(n);
}
