// Quotes a string the way Go's %q (strconv.Quote) does. Selector error texts embed offending keys and
// values with %q, and for odd characters that differs from JSON.stringify (e.g. "\x01" vs "\u0001").

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
    else if (cp >= 0xd800 && cp <= 0xdfff) out += '\\ufffd'; // a lone surrogate cannot come from UTF-8 input
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
