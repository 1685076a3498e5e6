// Go's strconv.Quote, used by the Go error texts the libraries reproduce (`%q`).

const utf8 = new TextEncoder();
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

const hex = (v: number, width: number): string => v.toString(16).padStart(width, '0');

function quoteRune(r: number): string {
  switch (r) {
    case 0x07:
      return '\\a';
    case 0x08:
      return '\\b';
    case 0x0c:
      return '\\f';
    case 0x0a:
      return '\\n';
    case 0x0d:
      return '\\r';
    case 0x09:
      return '\\t';
    case 0x0b:
      return '\\v';
    case 0x5c:
      return '\\\\';
    case 0x22:
      return '\\"';
  }
  if (r === 0x20 || (r > 0x20 && r < 0x7f)) return String.fromCodePoint(r);
  if (r < 0x20 || r === 0x7f) return `\\x${hex(r, 2)}`;
  if (PRINTABLE.test(String.fromCodePoint(r))) return String.fromCodePoint(r);
  return r < 0x10000 ? `\\u${hex(r, 4)}` : `\\U${hex(r, 8)}`;
}

/** strconv.Quote over raw bytes: valid UTF-8 sequences as runes, other bytes as \xNN. */
export function goQuoteBytes(b: Uint8Array): string {
  let out = '"';
  let i = 0;
  while (i < b.length) {
    const [r, size] = decodeRune(b, i);
    out += r < 0 ? `\\x${hex(b[i]!, 2)}` : quoteRune(r);
    i += size;
  }
  return out + '"';
}

/** strconv.Quote of a Go string holding this text's UTF-8 bytes. */
export const goQuote = (s: string): string => goQuoteBytes(utf8.encode(s));

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
