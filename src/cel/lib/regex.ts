// Regular expressions with RE2 semantics (Go's regexp) through re2js, never JavaScript's RegExp:
// cel-go's `matches` and Kubernetes' `find`/`findAll`, with their compile-error texts.

import { RE2JS, RE2JSException } from 're2js';
import { CelLibraryError } from './errors.js';
import { costOf, decl, REGEX_STRING_LENGTH_COST_FACTOR, STRING_TRAVERSAL_COST_FACTOR, type OverloadDecl } from './overloads.js';

const CACHE_LIMIT = 512;
const cache = new Map<string, RE2JS>();

/** Compiles with Go's regexp syntax; throws the Go error text ("error parsing regexp: …"). */
export function compileRegex(pattern: string): RE2JS {
  const hit = cache.get(pattern);
  if (hit) return hit;
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern);
  } catch (e) {
    if (e instanceof RE2JSException) throw new CelLibraryError(e.message);
    throw e;
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(pattern, re);
  return re;
}

/** The Go compile error of a pattern, or undefined (for checking regex literals at compile time). */
export function regexCompileError(pattern: string): string | undefined {
  try {
    compileRegex(pattern);
    return undefined;
  } catch (e) {
    if (e instanceof CelLibraryError) return e.message;
    throw e;
  }
}

/** cel-go `string.matches(pattern)` / `matches(string, pattern)`: an unanchored search. */
export function matches(s: string, pattern: string): boolean {
  return compileRegex(pattern).matcher(s).find();
}

function compileForKube(pattern: string): RE2JS {
  try {
    return compileRegex(pattern);
  } catch (e) {
    if (e instanceof CelLibraryError) throw new CelLibraryError(`Illegal regex: ${e.message}`);
    throw e;
  }
}

/** Kubernetes `<string>.find(regex)`: the leftmost-first match, or ''. */
export function find(s: string, pattern: string): string {
  const m = compileForKube(pattern).matcher(s);
  return m.find() ? s.slice(m.start(), m.end()) : '';
}

/**
 * Kubernetes `<string>.findAll(regex[, limit])`: Go's FindAllString — successive non-overlapping
 * matches, an empty match right after a previous match skipped; a negative limit means all, 0 none.
 */
export function findAll(s: string, pattern: string, limit = -1n): string[] {
  const re = compileForKube(pattern);
  const out: string[] = [];
  const max = limit < 0n ? Infinity : Number(limit);
  const m = re.matcher(s);
  let pos = 0;
  let prevMatchEnd = -1;
  while (out.length < max && pos <= s.length) {
    if (!m.find(pos)) break;
    const start = m.start();
    const end = m.end();
    let accept = true;
    if (end === pos) {
      if (start === prevMatchEnd) accept = false;
      if (pos < s.length) {
        const c = s.charCodeAt(pos);
        pos += c >= 0xd800 && c <= 0xdbff && pos + 1 < s.length ? 2 : 1;
      } else pos = s.length + 1;
    } else pos = end;
    prevMatchEnd = end;
    if (accept) out.push(s.slice(start, end));
  }
  return out;
}

export const REGEX_OVERLOADS: readonly OverloadDecl[] = [
  decl('find', 'string_find_string', true, ['string', 'string'], 'string'),
  decl('findAll', 'string_find_all_string', true, ['string', 'string'], 'list(string)'),
  decl('findAll', 'string_find_all_string_int', true, ['string', 'string', 'int'], 'list(string)'),
];

/** Runtime cost of `find`/`findAll` (and of cel-go's `matches`): ⌈0.1·(1+len s)⌉ × ⌈0.25·len regex⌉. */
export const regexCost = (strRunes: number, regexRunes: number): number =>
  costOf(1 + strRunes, STRING_TRAVERSAL_COST_FACTOR) * costOf(regexRunes, REGEX_STRING_LENGTH_COST_FACTOR);
