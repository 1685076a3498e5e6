// Field selectors (`?fieldSelector=`) as apimachinery's fields package parses, prints and matches
// them: comma-separated `field=value`, `field==value`, `field!=value` terms, all of which must hold.
// In values `\\`, `\,` and `\=` escape those characters; nothing is trimmed.
import { badRequest } from '../errors/status.js';
import { compareBytes } from './byte-order.js';
import { SelectorError } from './label-requirement.js';

export type FieldOperator = '=' | '!=';

export interface FieldTerm {
  readonly field: string;
  /** `==` parses to `=`. */
  readonly operator: FieldOperator;
  readonly value: string;
}

export type Fields = Readonly<Record<string, string>>;

/** Maps a term's field and value (kube's field label conversion); throws to reject the term. */
export type FieldTransform = (field: string, value: string) => { field: string; value: string };

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);
/** fields.Set.Get: a field the object does not expose reads as "". */
const get = (fields: Fields, k: string): string => (hasOwn(fields, k) ? fields[k]! : '');

export class FieldSelector {
  private static readonly all = new FieldSelector([], false);
  private static readonly none = new FieldSelector([], true);

  private constructor(readonly terms: readonly FieldTerm[], private readonly nothing: boolean) {}

  static everything(): FieldSelector {
    return FieldSelector.all;
  }
  static nothing(): FieldSelector {
    return FieldSelector.none;
  }
  /** Terms kept in the order given (parsing sorts them first). */
  static of(terms: readonly FieldTerm[]): FieldSelector {
    return terms.length ? new FieldSelector(terms, false) : FieldSelector.all;
  }

  matches(fields: Fields): boolean {
    return this.matchesWith((f) => get(fields, f));
  }

  /** Matches with values read one at a time (e.g. FieldSet.value), so unused fields are never computed. */
  matchesWith(read: (field: string) => string): boolean {
    if (this.nothing) return false;
    for (const t of this.terms) {
      const equal = read(t.field) === t.value;
      if (equal !== (t.operator === '=')) return false;
    }
    return true;
  }

  isEmpty(): boolean {
    return !this.nothing && this.terms.length === 0;
  }

  /** The value an `=`/`==` term requires for `field` (first such term), if any. */
  requiresExactMatch(field: string): string | undefined {
    for (const t of this.terms) if (t.operator === '=' && t.field === field) return t.value;
    return undefined;
  }

  /** The canonical form: `field=value` / `field!=value` with values escaped, joined by ",". */
  toString(): string {
    return this.terms.map((t) => `${t.field}${t.operator}${escapeFieldValue(t.value)}`).join(',');
  }

  /** Rewrites every term (kube's Selector.Transform); a term mapped to an empty field and value is dropped. */
  transform(fn: FieldTransform): FieldSelector {
    if (this.nothing) return this;
    const out: FieldTerm[] = [];
    for (const t of this.terms) {
      const r = fn(t.field, t.value);
      if (r.field === '' && r.value === '') continue;
      out.push({ field: r.field, operator: t.operator, value: r.value });
    }
    return FieldSelector.of(out);
  }
}

/** fields.EscapeValue. */
export function escapeFieldValue(s: string): string {
  return s.replace(/[\\,=]/g, (c) => `\\${c}`);
}

/** fields.UnescapeValue; throws SelectorError with kube's text. */
export function unescapeFieldValue(s: string): string {
  if (!/[\\,=]/.test(s)) return s;
  let out = '';
  let escaped = false;
  for (const c of s) {
    if (escaped) {
      if (c !== '\\' && c !== ',' && c !== '=') throw new SelectorError(`invalid field selector: invalid escape sequence: \\${c}`);
      out += c;
      escaped = false;
    } else if (c === '\\') {
      escaped = true;
    } else if (c === ',' || c === '=') {
      // Go prints the rune with %v, i.e. as its code point number.
      throw new SelectorError(`invalid field selector: unescaped character in value: ${c.codePointAt(0)}`);
    } else {
      out += c;
    }
  }
  if (escaped) throw new SelectorError('invalid field selector: invalid escape sequence: \\');
  return out;
}

/** Splits at commas that are not escaped. */
function splitTerms(s: string): string[] {
  if (s === '') return [];
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') i++;
    else if (c === ',') {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(s.slice(start));
  return parts;
}

/** The first position where `!=`, `==` or `=` starts (tried in that order) splits the term. */
function splitTerm(term: string): { field: string; op: string; rest: string } | undefined {
  for (let i = 0; i < term.length; i++) {
    for (const op of ['!=', '==', '=']) {
      if (term.startsWith(op, i)) return { field: term.slice(0, i), op, rest: term.slice(i + op.length) };
    }
  }
  return undefined;
}

/** Parses a field selector or throws SelectorError; terms come out sorted by their raw text. */
export function parseFieldTerms(selector: string): FieldTerm[] {
  const terms: FieldTerm[] = [];
  for (const part of splitTerms(selector).sort(compareBytes)) {
    if (part === '') continue;
    const split = splitTerm(part);
    if (!split) throw new SelectorError(`invalid selector: '${selector}'; can't understand '${part}'`);
    const value = unescapeFieldValue(split.rest);
    terms.push({ field: split.field, operator: split.op === '!=' ? '!=' : '=', value });
  }
  return terms;
}

/**
 * Parses `?fieldSelector=`. A bad selector throws the 400 BadRequest kube-apiserver answers, e.g.
 * `invalid selector: 'a'; can't understand 'a'`. Field names are checked separately, per resource
 * (see field-sets.ts), because kube checks them after parsing.
 */
export function parseFieldSelector(selector: string): FieldSelector {
  try {
    return FieldSelector.of(parseFieldTerms(selector));
  } catch (e) {
    if (e instanceof SelectorError) throw badRequest(e.message);
    throw e;
  }
}

/** fields.SelectorFromSet: `k=v` for every entry. */
export function fieldSelectorFromSet(set: Fields): FieldSelector {
  return FieldSelector.of(Object.keys(set).map((field) => ({ field, operator: '=' as const, value: set[field]! })));
}

/** fields.OneTermEqualSelector, e.g. the `metadata.name=<name>` of a single-object watch. */
export function oneTermEqualSelector(field: string, value: string): FieldSelector {
  return FieldSelector.of([{ field, operator: '=', value }]);
}
