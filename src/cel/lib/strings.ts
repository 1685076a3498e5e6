// cel-go's strings extension (version 2, as Kubernetes 1.33 enables it; `reverse` is version 3 and is
// provided for later versions). Indexes and lengths count Unicode code points, as cel-go counts runes.

import { CelLibraryError } from './errors.js';
import { costOf, decl, STRING_TRAVERSAL_COST_FACTOR, type OverloadDecl } from './overloads.js';

export * from './strings-format.js';

const runes = (s: string): string[] => Array.from(s);

/** `<string>.charAt(int)`: '' at the end, error past it. */
export function charAt(s: string, index: bigint): string {
  const r = runes(s);
  if (index < 0n || index > BigInt(r.length)) throw new CelLibraryError(`index out of range: ${index}`);
  return index === BigInt(r.length) ? '' : r[Number(index)]!;
}

/** `<string>.indexOf(string[, int])`: code point index of the first match at or after the offset, or -1. */
export function indexOf(s: string, sub: string, offset = 0n): bigint {
  if (sub === '') return offset;
  if (offset < 0n) throw new CelLibraryError(`index out of range: ${offset}`);
  const r = runes(s);
  const sr = runes(sub);
  if (offset >= BigInt(r.length)) return -1n;
  for (let i = Number(offset); i < r.length - (sr.length - 1); i++) {
    if (sr.every((c, j) => r[i + j] === c)) return BigInt(i);
  }
  return -1n;
}

/**
 * `<string>.lastIndexOf(string[, int])`: the last match starting at or before the offset. Without an
 * offset cel-go starts at len-1, so `''.lastIndexOf('a')` is an index error there too.
 */
export function lastIndexOf(s: string, sub: string, offset?: bigint): bigint {
  const r = runes(s);
  if (offset === undefined) {
    if (sub === '') return BigInt(r.length);
    offset = BigInt(r.length - 1);
  }
  if (sub === '') return offset;
  if (offset < 0n) throw new CelLibraryError(`index out of range: ${offset}`);
  if (offset >= BigInt(r.length)) return -1n;
  const sr = runes(sub);
  let off = Number(offset);
  if (off > r.length - sr.length) off = r.length - sr.length;
  for (let i = off; i >= 0; i--) {
    if (sr.every((c, j) => r[i + j] === c)) return BigInt(i);
  }
  return -1n;
}

export const lowerAscii = (s: string): string => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
export const upperAscii = (s: string): string => s.replace(/[a-z]+/g, (m) => m.toUpperCase());

/** Go's strings.Replace: n < 0 replaces all; an empty `old` matches before every code point and at the end. */
export function replace(s: string, old: string, replacement: string, n = -1n): string {
  if (old === replacement || n === 0n) return s;
  if (old === '') {
    const r = runes(s);
    const count = BigInt(r.length + 1);
    const m = n < 0n || n > count ? Number(count) : Number(n);
    let out = '';
    for (let i = 0; i < m; i++) out += replacement + (i < r.length && i < m - 1 ? r[i] : '');
    return out + r.slice(m - 1).join('');
  }
  const parts = s.split(old);
  const count = BigInt(parts.length - 1);
  if (count === 0n) return s;
  const m = n < 0n || n > count ? Number(count) : Number(n);
  return parts.slice(0, m + 1).join(replacement) + (m < parts.length - 1 ? old + parts.slice(m + 1).join(old) : '');
}

/** Go's strings.SplitN: n == 0 gives [], n < 0 all parts; an empty separator splits into code points. */
export function split(s: string, sep: string, n = -1n): string[] {
  if (n === 0n) return [];
  if (sep === '') {
    const r = runes(s);
    const m = n < 0n || n > BigInt(r.length) ? r.length : Number(n);
    if (m === 0) return [];
    return [...r.slice(0, m - 1), r.slice(m - 1).join('')];
  }
  const parts = s.split(sep);
  if (n < 0n || n >= BigInt(parts.length)) return parts;
  const m = Number(n);
  return [...parts.slice(0, m - 1), parts.slice(m - 1).join(sep)];
}

/** `<string>.substring(int[, int])`. */
export function substring(s: string, start: bigint, end?: bigint): string {
  const r = runes(s);
  const len = BigInt(r.length);
  if (end === undefined) {
    if (start < 0n || start > len) throw new CelLibraryError(`index out of range: ${start}`);
    return r.slice(Number(start)).join('');
  }
  if (start > end) throw new CelLibraryError(`invalid substring range. start: ${start}, end: ${end}`);
  if (start < 0n || start > len) throw new CelLibraryError(`index out of range: ${start}`);
  if (end < 0n || end > len) throw new CelLibraryError(`index out of range: ${end}`);
  return r.slice(Number(start), Number(end)).join('');
}

// Go's unicode.IsSpace (White_Space property), which differs from JavaScript's \s (U+0085 in, U+FEFF out).
const SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const TRIM_RE = new RegExp(`^${SPACE}+|${SPACE}+$`, 'g');

/** `<string>.trim()`: Go's strings.TrimSpace. */
export const trim = (s: string): string => s.replace(TRIM_RE, '');

/** `<list<string>>.join([string])`. */
export const join = (list: readonly string[], sep = ''): string => list.join(sep);

/** `strings.quote(string)`: a double-quoted CEL literal; invalid text (lone surrogates) becomes U+FFFD. */
export function quote(s: string): string {
  const escapes: Record<string, string> = {
    '\x07': '\\a',
    '\b': '\\b',
    '\f': '\\f',
    '\n': '\\n',
    '\r': '\\r',
    '\t': '\\t',
    '\v': '\\v',
    '\\': '\\\\',
    '"': '\\"',
  };
  let out = '"';
  for (const c of s) {
    const code = c.codePointAt(0)!;
    out += escapes[c] ?? (code >= 0xd800 && code <= 0xdfff ? '\ufffd' : c);
  }
  return out + '"';
}

/** `<string>.reverse()` (strings version 3; not in Kubernetes 1.33's environment). */
export const reverse = (s: string): string => runes(s).reverse().join('');

// ---- declarations and costs ----------------------------------------------------------------------

/** Overloads with the strings-extension version that introduced them. */
export const STRINGS_OVERLOADS: readonly (OverloadDecl & { readonly version: number })[] = [
  { ...decl('charAt', 'string_char_at_int', true, ['string', 'int'], 'string'), version: 0 },
  { ...decl('indexOf', 'string_index_of_string', true, ['string', 'string'], 'int'), version: 0 },
  { ...decl('indexOf', 'string_index_of_string_int', true, ['string', 'string', 'int'], 'int'), version: 0 },
  { ...decl('lastIndexOf', 'string_last_index_of_string', true, ['string', 'string'], 'int'), version: 0 },
  { ...decl('lastIndexOf', 'string_last_index_of_string_int', true, ['string', 'string', 'int'], 'int'), version: 0 },
  { ...decl('lowerAscii', 'string_lower_ascii', true, ['string'], 'string'), version: 0 },
  { ...decl('replace', 'string_replace_string_string', true, ['string', 'string', 'string'], 'string'), version: 0 },
  { ...decl('replace', 'string_replace_string_string_int', true, ['string', 'string', 'string', 'int'], 'string'), version: 0 },
  { ...decl('split', 'string_split_string', true, ['string', 'string'], 'list(string)'), version: 0 },
  { ...decl('split', 'string_split_string_int', true, ['string', 'string', 'int'], 'list(string)'), version: 0 },
  { ...decl('substring', 'string_substring_int', true, ['string', 'int'], 'string'), version: 0 },
  { ...decl('substring', 'string_substring_int_int', true, ['string', 'int', 'int'], 'string'), version: 0 },
  { ...decl('trim', 'string_trim', true, ['string'], 'string'), version: 0 },
  { ...decl('upperAscii', 'string_upper_ascii', true, ['string'], 'string'), version: 0 },
  { ...decl('format', 'string_format', true, ['string', 'list(dyn)'], 'string'), version: 1 },
  { ...decl('strings.quote', 'strings_quote', false, ['string'], 'string'), version: 1 },
  { ...decl('join', 'list_join', true, ['list(string)'], 'string'), version: 0 },
  { ...decl('join', 'list_join_string', true, ['list(string)', 'string'], 'string'), version: 0 },
  { ...decl('reverse', 'string_reverse', true, ['string'], 'string'), version: 3 },
];

/** Kubernetes' runtime costs by name: ⌈0.1·len⌉ for lowerAscii/upperAscii/substring/trim. */
export const stringTraversalCost = (receiverRunes: number): number => costOf(receiverRunes, STRING_TRAVERSAL_COST_FACTOR);
/** ⌈0.2·len⌉ for replace and split (receiver length). */
export const stringReplaceSplitCost = (receiverRunes: number): number => costOf(receiverRunes, 2 * STRING_TRAVERSAL_COST_FACTOR);
/** ⌈0.2·len(result)⌉ for join. */
export const stringJoinCost = (resultRunes: number): number => costOf(resultRunes, 2 * STRING_TRAVERSAL_COST_FACTOR);
