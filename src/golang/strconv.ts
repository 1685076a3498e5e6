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

function quoteRune(cp: number, ch: string): string {
  const short = SHORT_ESCAPES[cp];
  if (short) return short;
  if (cp === 0x20 || (cp >= 0x21 && cp < 0x7f)) return ch;
  if (cp < 0x80) return `\\x${hex(cp, 2)}`;
  if (PRINTABLE.test(ch)) return ch;
  return cp < 0x10000 ? `\\u${hex(cp, 4)}` : `\\U${hex(cp, 8)}`;
}

/** strconv.Quote of a Go string holding this text's UTF-8 bytes. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    // A lone surrogate is invalid UTF-8: the Go string has U+FFFD there, which is printable.
    out += cp >= 0xd800 && cp <= 0xdfff ? '\ufffd' : quoteRune(cp, ch);
  }
  return out + '"';
}

/** strconv.Quote over raw bytes: valid UTF-8 sequences as runes, other bytes as \xNN. */
export function goQuoteBytes(b: Uint8Array): string {
  let out = '"';
  let i = 0;
  while (i < b.length) {
    const [r, size] = decodeRune(b, i);
    out += r < 0 ? `\\x${hex(b[i]!, 2)}` : quoteRune(r, String.fromCodePoint(r));
    i += size;
  }
  return out + '"';
}

/** utf8.DecodeRune: [rune, size], rune -1 for an invalid byte (size 1). */
export function decodeRune(b: Uint8Array, i: number): [number, number] {
  const c0 = b[i]!;
  if (c0 < 0x80) return [c0, 1];
  const cont = (k: number): number => {
    const c = b[i + k];
    return c !== undefined && (c & 0xc0) === 0x80 ? c & 0x3f : -1;
  };
  if (c0 >= 0xc2 && c0 <= 0xdf) {
    const c1 = cont(1);
    return c1 < 0 ? [-1, 1] : [((c0 & 0x1f) << 6) | c1, 2];
  }
  if (c0 >= 0xe0 && c0 <= 0xef) {
    const c1 = cont(1);
    const c2 = cont(2);
    if (c1 < 0 || c2 < 0) return [-1, 1];
    const r = ((c0 & 0x0f) << 12) | (c1 << 6) | c2;
    return r < 0x800 || (r >= 0xd800 && r <= 0xdfff) ? [-1, 1] : [r, 3];
  }
  if (c0 >= 0xf0 && c0 <= 0xf4) {
    const c1 = cont(1);
    const c2 = cont(2);
    const c3 = cont(3);
    if (c1 < 0 || c2 < 0 || c3 < 0) return [-1, 1];
    const r = ((c0 & 0x07) << 18) | (c1 << 12) | (c2 << 6) | c3;
    return r < 0x10000 || r > 0x10ffff ? [-1, 1] : [r, 4];
  }
  return [-1, 1];
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
