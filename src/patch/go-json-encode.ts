// Go's renderings of JSON values as kube-apiserver produces them: encoding/json's string and
// number encoding (HTML-safe), json.Marshal of maps (sorted keys), and strconv.Quote.
// Patch code needs them because json-patch compares and measures the Go-encoded text.

/** A string as encoding/json writes it (escapeHTML on, Go ≥ 1.22 short escapes for \b and \f). */
export function goEncodeString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    switch (c) {
      case 0x22: out += '\\"'; continue;
      case 0x5c: out += '\\\\'; continue;
      case 0x08: out += '\\b'; continue;
      case 0x0c: out += '\\f'; continue;
      case 0x0a: out += '\\n'; continue;
      case 0x0d: out += '\\r'; continue;
      case 0x09: out += '\\t'; continue;
      case 0x3c: case 0x3e: case 0x26: case 0x2028: case 0x2029:
        out += `\\u${c.toString(16).padStart(4, '0')}`;
        continue;
    }
    if (c < 0x20) {
      out += `\\u${c.toString(16).padStart(4, '0')}`;
      continue;
    }
    if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
      const lo = s.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo < 0xe000) {
        out += s[i]! + s[i + 1]!;
        i++;
        continue;
      }
    }
    // A lone surrogate cannot exist in a Go string; Go writes invalid UTF-8 as U+FFFD.
    out += c >= 0xd800 && c < 0xe000 ? '\ufffd' : s[i]!;
  }
  return out + '"';
}

/** A float64 as encoding/json writes it: like JS, but exponents have at least two digits. */
export function goEncodeNumber(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`json: unsupported value: ${n}`);
  const s = String(n);
  return s.replace(/e([+-])(\d)$/, 'e$10$2');
}

/** json.Marshal of a decoded JSON value: compact, map keys sorted, HTML-safe strings. */
export function goMarshal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  switch (typeof v) {
    case 'string':
      return goEncodeString(v);
    case 'number':
      return goEncodeNumber(v);
    case 'bigint':
      return v.toString();
    case 'boolean':
      return v ? 'true' : 'false';
  }
  if (Array.isArray(v)) return `[${v.map(goMarshal).join(',')}]`;
  const obj = v as Record<string, unknown>;
  const keys = Object.keys(obj).sort(compareGoStrings);
  return `{${keys.map((k) => `${goEncodeString(k)}:${goMarshal(obj[k])}`).join(',')}}`;
}

/** Go compares strings bytewise (UTF-8), which differs from UTF-16 order above U+FFFF. */
export function compareGoStrings(a: string, b: string): number {
  if (a === b) return 0;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

const PRINTABLE = /[\p{L}\p{M}\p{N}\p{P}\p{S} ]/u;

/** strconv.Quote: Go's double-quoted string literal. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const r = ch.codePointAt(0)!;
    switch (r) {
      case 0x07: out += '\\a'; continue;
      case 0x08: out += '\\b'; continue;
      case 0x0c: out += '\\f'; continue;
      case 0x0a: out += '\\n'; continue;
      case 0x0d: out += '\\r'; continue;
      case 0x09: out += '\\t'; continue;
      case 0x0b: out += '\\v'; continue;
      case 0x5c: out += '\\\\'; continue;
      case 0x22: out += '\\"'; continue;
    }
    if (r >= 0xd800 && r < 0xe000) out += '\ufffd';
    else if (PRINTABLE.test(ch)) out += ch;
    else if (r < 0x20 || r === 0x7f) out += `\\x${r.toString(16).padStart(2, '0')}`;
    else if (r < 0x10000) out += `\\u${r.toString(16).padStart(4, '0')}`;
    else out += `\\U${r.toString(16).padStart(8, '0')}`;
  }
  return out + '"';
}
