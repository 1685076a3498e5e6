// CEL lexer: turns source text into tokens, following the lexical grammar of cel-spec (and cel-go's ANTLR grammar):
// identifiers, the keywords true/false/null/in, numbers (int, uint with u/U, double, hex), string and bytes
// literals (quotes ' " ''' """, raw r/R, bytes b/B prefixes, escapes) and punctuation. `//` comments and
// whitespace are skipped.

export type TokenKind =
  | 'int' | 'uint' | 'double' | 'string' | 'bytes' | 'ident' | 'backtick'
  | 'true' | 'false' | 'null' | 'in'
  | '?' | ':' | '||' | '&&' | '!' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/' | '%'
  | '.' | ',' | '(' | ')' | '[' | ']' | '{' | '}'
  | 'error' | 'eof';

export interface Token {
  kind: TokenKind;
  /** Offset of the first code unit. */
  start: number;
  /** Offset after the last code unit. */
  end: number;
  text: string;
}

const PUNCT2 = new Set(['||', '&&', '==', '!=', '<=', '>=']);
const PUNCT1 = new Set(['?', ':', '!', '<', '>', '+', '-', '*', '/', '%', '.', ',', '(', ')', '[', ']', '{', '}']);

function isDigit(c: string): boolean { return c >= '0' && c <= '9'; }
function isHex(c: string): boolean { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
function isIdentStart(c: string): boolean { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_'; }
function isIdentPart(c: string): boolean { return isIdentStart(c) || isDigit(c); }

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') { i++; continue; }
    if (c === '/' && text[i + 1] === '/') {
      while (i < n && text[i] !== '\n') i++;
      continue;
    }
    const start = i;
    // String and bytes literals, with optional r/R and b/B prefixes in either order.
    const lit = matchStringLiteral(text, i);
    if (lit) {
      tokens.push({ kind: lit.bad ? 'error' : lit.bytes ? 'bytes' : 'string', start, end: lit.end, text: text.slice(start, lit.end) });
      i = lit.end;
      continue;
    }
    if (isIdentStart(c)) {
      while (i < n && isIdentPart(text[i])) i++;
      const word = text.slice(start, i);
      const kind: TokenKind = word === 'true' || word === 'false' || word === 'null' || word === 'in' ? word : 'ident';
      tokens.push({ kind, start, end: i, text: word });
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(text[i + 1] ?? ''))) {
      const num = matchNumber(text, i);
      tokens.push({ kind: num.kind, start, end: num.end, text: text.slice(start, num.end) });
      i = num.end;
      continue;
    }
    if (c === '`') {
      // Quoted identifiers (cel-go's escaped field names); parsed only to be rejected as unsupported.
      let j = i + 1;
      while (j < n && /[A-Za-z0-9_.\-/ ]/.test(text[j])) j++;
      if (text[j] === '`' && j > i + 1) {
        tokens.push({ kind: 'backtick', start, end: j + 1, text: text.slice(start, j + 1) });
        i = j + 1;
        continue;
      }
      // Not a quoted identifier: the error runs to the character that broke it (included), and lexing resumes after it.
      const end = j < n ? j + (text.codePointAt(j)! > 0xffff ? 2 : 1) : n;
      tokens.push({ kind: 'error', start, end, text: text.slice(start, end) });
      i = end;
      continue;
    }
    const two = text.slice(i, i + 2);
    if (PUNCT2.has(two)) { tokens.push({ kind: two as TokenKind, start, end: i + 2, text: two }); i += 2; continue; }
    if (PUNCT1.has(c)) { tokens.push({ kind: c as TokenKind, start, end: i + 1, text: c }); i += 1; continue; }
    // Anything else is a recognition error. As ANTLR's lexer does, the error's text runs to the character where
    // recognition failed, that character included, and lexing resumes after it: '|', '&' and '=' start two-character
    // operators and fail on the next character; anything else fails on itself.
    const cp = text.codePointAt(i)!;
    let len = cp > 0xffff ? 2 : 1;
    if ((c === '|' || c === '&' || c === '=') && i + 1 < n) len += text.codePointAt(i + 1)! > 0xffff ? 2 : 1;
    tokens.push({ kind: 'error', start, end: i + len, text: text.slice(i, i + len) });
    i += len;
  }
  tokens.push({ kind: 'eof', start: n, end: n, text: '<EOF>' });
  return tokens;
}

function matchNumber(text: string, i: number): { kind: 'int' | 'uint' | 'double'; end: number } {
  const n = text.length;
  if (text[i] === '0' && (text[i + 1] === 'x' || text[i + 1] === 'X') && isHex(text[i + 2] ?? '')) {
    let j = i + 2;
    while (j < n && isHex(text[j])) j++;
    if (text[j] === 'u' || text[j] === 'U') return { kind: 'uint', end: j + 1 };
    return { kind: 'int', end: j };
  }
  let j = i;
  while (j < n && isDigit(text[j])) j++;
  let isDouble = false;
  if (text[j] === '.' && isDigit(text[j + 1] ?? '')) {
    isDouble = true;
    j++;
    while (j < n && isDigit(text[j])) j++;
  }
  if (text[j] === 'e' || text[j] === 'E') {
    let k = j + 1;
    if (text[k] === '+' || text[k] === '-') k++;
    if (isDigit(text[k] ?? '')) {
      while (k < n && isDigit(text[k])) k++;
      isDouble = true;
      j = k;
    }
  }
  if (isDouble) return { kind: 'double', end: j };
  if (text[j] === 'u' || text[j] === 'U') return { kind: 'uint', end: j + 1 };
  return { kind: 'int', end: j };
}

/** A string literal at i: its end, or (when it starts one but is malformed) `bad`, where ANTLR stops recognising it. */
function matchStringLiteral(text: string, i: number): { end: number; bytes: boolean; bad?: boolean } | undefined {
  let j = i;
  let raw = false;
  let bytes = false;
  for (let k = 0; k < 2; k++) {
    const c = text[j];
    if ((c === 'r' || c === 'R') && !raw) { raw = true; j++; continue; }
    if ((c === 'b' || c === 'B') && !bytes) { bytes = true; j++; continue; }
    break;
  }
  const q = text[j];
  if (q !== '"' && q !== "'") return undefined;
  const triple = text.slice(j, j + 3) === q.repeat(3);
  const n = text.length;
  if (triple) {
    let k = j + 3;
    while (k < n) {
      if (text.startsWith(q.repeat(3), k)) return { end: k + 3, bytes };
      if (text[k] === '\\' && !raw) {
        const esc = escapeLength(text, k);
        if (esc === 0) return { end: escapeFailEnd(text, k), bytes, bad: true };
        k += esc;
        continue;
      }
      k++;
    }
    return { end: n, bytes, bad: true };
  }
  let k = j + 1;
  while (k < n) {
    const c = text[k];
    if (c === q) return { end: k + 1, bytes };
    if (c === '\n' || c === '\r') return { end: k, bytes, bad: true };
    if (c === '\\' && !raw) {
      const esc = escapeLength(text, k);
      if (esc === 0) return { end: escapeFailEnd(text, k), bytes, bad: true };
      k += esc;
      continue;
    }
    k++;
  }
  return { end: n, bytes, bad: true };
}

/** Where ANTLR gives up on a malformed escape at k: just after the first character that does not fit. */
function escapeFailEnd(text: string, k: number): number {
  const c = text[k + 1];
  if (c === undefined) return k + 1;
  let count = 0;
  let digit = isHex;
  if (c === 'x' || c === 'X') count = 2;
  else if (c === 'u') count = 4;
  else if (c === 'U') count = 8;
  else if (c >= '0' && c <= '3') { count = 2; digit = (d: string) => d >= '0' && d <= '7'; }
  else return Math.min(k + 2, text.length);
  const from = k + 2;
  for (let m = 0; m < count; m++) if (!digit(text[from + m] ?? '')) return Math.min(from + m + 1, text.length);
  return Math.min(from + count, text.length);
}

/** Length of a valid escape sequence at k (the backslash), or 0 when it is not one of the grammar's. */
function escapeLength(text: string, k: number): number {
  const c = text[k + 1];
  if (c === undefined) return 0;
  if ('abfnrtv\\\'"`?'.includes(c)) return 2;
  const hexRun = (from: number, count: number): boolean => {
    for (let m = 0; m < count; m++) if (!isHex(text[from + m] ?? '')) return false;
    return true;
  };
  if (c === 'x' || c === 'X') return hexRun(k + 2, 2) ? 4 : 0;
  if (c === 'u') return hexRun(k + 2, 4) ? 6 : 0;
  if (c === 'U') return hexRun(k + 2, 8) ? 10 : 0;
  if (c >= '0' && c <= '3') {
    const a = text[k + 2] ?? '';
    const b = text[k + 3] ?? '';
    return a >= '0' && a <= '7' && b >= '0' && b <= '7' ? 4 : 0;
  }
  return 0;
}

const encoder = new TextEncoder();

/**
 * The value of a string or bytes literal token, as cel-go's unescape computes it; throws an Error with
 * cel-go's message when the literal cannot be unescaped.
 */
export function unescapeLiteral(token: string, isBytes: boolean): string | Uint8Array {
  let value = token;
  let raw = false;
  for (let p = 0; p < 2 && /[rRbB]/.test(value[0]); p++) {
    if (value[0] === 'r' || value[0] === 'R') raw = true;
    value = value.slice(1);
  }
  value = value.replace(/\r\n?/g, '\n');
  const q = value[0];
  const body = value.length >= 6 && value.startsWith(q.repeat(3)) ? value.slice(3, -3) : value.slice(1, -1);
  const out: number[] = [];
  const pushCodePoint = (cp: number) => { for (const b of encoder.encode(String.fromCodePoint(cp))) out.push(b); };
  if (raw || !body.includes('\\')) {
    if (!isBytes) return body;
    return encoder.encode(body);
  }
  let k = 0;
  while (k < body.length) {
    const c = body[k];
    if (c !== '\\') {
      const cp = body.codePointAt(k)!;
      pushCodePoint(cp);
      k += cp > 0xffff ? 2 : 1;
      continue;
    }
    const e = body[k + 1];
    if (e === undefined) throw new Error("unable to unescape string, found '\\' as last character");
    k += 2;
    const simple: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 92, "'": 39, '"': 34, '`': 96, '?': 63 };
    if (e in simple) { out.push(simple[e]); continue; }
    if (e === 'x' || e === 'X' || e === 'u' || e === 'U') {
      const len = e === 'x' || e === 'X' ? 2 : e === 'u' ? 4 : 8;
      if (isBytes && len > 2) throw new Error('unable to unescape string');
      const hex = body.slice(k, k + len);
      if (hex.length < len || !/^[0-9a-fA-F]+$/.test(hex)) throw new Error('unable to unescape string');
      const v = parseInt(hex, 16);
      k += len;
      if (isBytes) { out.push(v); continue; }
      if (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) throw new Error('invalid unicode code point');
      pushCodePoint(v);
      continue;
    }
    if (e >= '0' && e <= '3') {
      const oct = body.slice(k, k + 2);
      if (!/^[0-7]{2}$/.test(oct)) throw new Error('unable to unescape octal sequence in string');
      const v = (e.charCodeAt(0) - 48) * 64 + parseInt(oct, 8);
      k += 2;
      if (isBytes) out.push(v);
      else pushCodePoint(v);
      continue;
    }
    throw new Error('unable to unescape string');
  }
  const bytes = Uint8Array.from(out);
  if (isBytes) return bytes;
  // Strings are byte sequences in Go; any invalid UTF-8 decodes to U+FFFD here (not reachable from valid escapes).
  return new TextDecoder().decode(bytes);
}
