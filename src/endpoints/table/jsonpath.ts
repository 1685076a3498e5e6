// The subset of kube's JSONPath (client-go util/jsonpath) that printer columns use, with missing keys
// allowed: fields (`.a.b`, `\.` escapes a dot), `['key']` (parsed as `.key`, so dots still split),
// wildcards (`.*`, `[*]`), recursive descent (`..name`), indexes and slices (`[0]`, `[-1]`, `[1:3:2]`),
// unions (`[0,2]`) and filters (`[?(@.type=="Ready")]`, `[?(@.x)]`, ==, !=, <, <=, >, >=).
// Paths are parsed as kube parses `{<path>}`.

export class JsonPathError extends Error {}

interface Slice {
  start: number | null;
  end: number | null;
  /** The end was derived from a single index ([n] is [n:n+1]). */
  derived: boolean;
  step: number | null;
}

type Literal = { kind: 'literal'; value: string | number | boolean; numeric?: 'int' | 'float' };

export type PathNode =
  | { kind: 'field'; name: string }
  | { kind: 'wildcard' }
  | { kind: 'recursive' }
  | { kind: 'slice'; slice: Slice }
  | { kind: 'union'; branches: PathNode[][] }
  | { kind: 'filter'; left: PathNode[]; op: string; right: PathNode[] }
  | Literal;

const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\r' || c === '\n';
const isTerminator = (c: string | undefined): boolean => c === undefined || isSpace(c) || '.,[]$@{}'.includes(c);
const isAlphaNumeric = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}_]/u.test(c);

const FILTER = /^([^!<>=]+)([!<>=]+)(.+?)$/s;
const SLICE = /^(-?\d*)(:-?\d*)?(:-?\d*)?$/;
const DICT_KEY = /^'([^']*)'$/;

/** Parses the inside of a `{...}` action. */
export function parseJsonPath(text: string): PathNode[] {
  const nodes: PathNode[] = [];
  let pos = 0;
  while (pos < text.length) {
    const rest = text.slice(pos);
    if (rest.startsWith('[?(')) {
      pos = parseFilter(text, pos, nodes);
      continue;
    }
    if (rest.startsWith('..')) {
      nodes.push({ kind: 'recursive' });
      pos += 2;
      if (isAlphaNumeric(text[pos])) pos = parseField(text, pos, nodes);
      continue;
    }
    const c = text[pos]!;
    if (isSpace(c) || c === '@' || c === '$') {
      pos++;
    } else if (c === '[') {
      pos = parseBracket(text, pos, nodes);
    } else if (c === '.') {
      pos = parseField(text, pos + 1, nodes);
    } else if (c === '"' || c === "'") {
      pos = parseQuote(text, pos, nodes);
    } else if (c === '+' || c === '-' || /\d/.test(c)) {
      pos = parseNumber(text, pos, nodes);
    } else if (isAlphaNumeric(c)) {
      const m = /^[\p{L}\p{N}_]+/u.exec(rest)![0];
      if (m !== 'true' && m !== 'false') throw new JsonPathError(`unrecognized identifier ${m}`);
      nodes.push({ kind: 'literal', value: m === 'true' });
      pos += m.length;
    } else {
      throw new JsonPathError(`unrecognized character in action: ${c}`);
    }
  }
  return nodes;
}

function parseField(text: string, start: number, nodes: PathNode[]): number {
  let pos = start;
  let name = '';
  while (pos < text.length) {
    const c = text[pos]!;
    if (c === '\\') {
      name += text[pos + 1] ?? '';
      pos += 2;
      continue;
    }
    if (isTerminator(c)) break;
    name += c;
    pos++;
  }
  nodes.push(name === '*' ? { kind: 'wildcard' } : { kind: 'field', name });
  return pos;
}

function parseQuote(text: string, start: number, nodes: PathNode[]): number {
  const quote = text[start]!;
  let pos = start + 1;
  let value = '';
  while (pos < text.length && text[pos] !== quote) {
    if (text[pos] === '\\' && pos + 1 < text.length) {
      const next = text[pos + 1]!;
      value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
      pos += 2;
      continue;
    }
    value += text[pos];
    pos++;
  }
  if (pos >= text.length) throw new JsonPathError('unterminated quoted string');
  nodes.push({ kind: 'literal', value });
  return pos + 1;
}

function parseNumber(text: string, start: number, nodes: PathNode[]): number {
  const m = /^[+-]?[0-9.eE+-]*/.exec(text.slice(start))![0];
  const value = Number(m);
  if (m === '' || Number.isNaN(value)) throw new JsonPathError(`cannot parse number ${m}`);
  const isFloat = /[.eE]/.test(m);
  nodes.push({ kind: 'literal', value, numeric: isFloat ? 'float' : 'int' });
  return start + m.length;
}

function parseBracket(text: string, start: number, nodes: PathNode[]): number {
  const close = text.indexOf(']', start);
  if (close < 0) throw new JsonPathError('unterminated array');
  let inner = text.slice(start + 1, close);
  if (inner === '*') inner = ':';
  const parts = inner.split(',');
  if (parts.length > 1) {
    nodes.push({ kind: 'union', branches: parts.map((p) => parseJsonPath(`[${p.trim()}]`)) });
    return close + 1;
  }
  const key = DICT_KEY.exec(inner);
  if (key) {
    nodes.push(...parseJsonPath(`.${key[1]}`));
    return close + 1;
  }
  const m = SLICE.exec(inner);
  if (!m) throw new JsonPathError(`invalid array index ${inner}`);
  const num = (s: string | undefined, skip: number): number | null => (s === undefined || s.length <= skip ? null : Number(s.slice(skip)));
  const startIdx = num(m[1], 0);
  const slice: Slice = { start: startIdx, end: num(m[2], 1), derived: false, step: num(m[3], 1) };
  if (m[2] === undefined) {
    // A single index n selects [n:n+1].
    slice.end = (startIdx ?? 0) + 1;
    slice.derived = true;
  }
  nodes.push({ kind: 'slice', slice });
  return close + 1;
}

function parseFilter(text: string, start: number, nodes: PathNode[]): number {
  let pos = start + 3;
  let quote: string | null = null;
  for (;;) {
    const c = text[pos];
    if (c === undefined || c === '\n') throw new JsonPathError('unterminated filter');
    pos++;
    if (quote !== null) {
      if (c === quote && text[pos - 2] !== '\\') quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === ')') {
      break;
    }
  }
  if (text[pos] !== ']') throw new JsonPathError('unclosed array expect ]');
  const expr = text.slice(start + 3, pos - 1);
  const m = FILTER.exec(expr);
  if (!m) nodes.push({ kind: 'filter', left: parseJsonPath(expr), op: 'exists', right: [] });
  else nodes.push({ kind: 'filter', left: parseJsonPath(m[1]!), op: m[2]!, right: parseJsonPath(m[3]!) });
  return pos + 1;
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Evaluates parsed nodes against data; returns every result (kube's results[0]). Throws JsonPathError. */
export function evaluateJsonPath(nodes: PathNode[], data: unknown): unknown[] {
  return evaluateFrom(nodes, [data]);
}

function evaluateFrom(nodes: PathNode[], input: unknown[]): unknown[] {
  let current = input;
  for (const node of nodes) current = step(current, node);
  return current;
}

function step(input: unknown[], node: PathNode): unknown[] {
  switch (node.kind) {
    case 'literal':
      return [node.value];
    case 'field': {
      const out: unknown[] = [];
      for (const v of input) if (isMap(v) && Object.hasOwn(v, node.name)) out.push(v[node.name]);
      return out;
    }
    case 'wildcard': {
      const out: unknown[] = [];
      for (const v of input) {
        if (isMap(v)) out.push(...Object.values(v));
        else if (Array.isArray(v)) out.push(...v);
      }
      return out;
    }
    case 'recursive':
      return recursive(input);
    case 'slice':
      return slice(input, node.slice);
    case 'union':
      return node.branches.flatMap((branch) => evaluateFrom(branch, input));
    case 'filter':
      return filter(input, node);
  }
}

function recursive(input: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const v of input) {
    const children = isMap(v) ? Object.values(v) : Array.isArray(v) ? v : typeof v === 'string' ? [...v] : [];
    if (children.length === 0) continue;
    out.push(v, ...recursive(children));
  }
  return out;
}

function slice(input: unknown[], s: Slice): unknown[] {
  const out: unknown[] = [];
  for (const v of input) {
    if (v === null || v === undefined) continue;
    if (!Array.isArray(v)) throw new JsonPathError('not array or slice');
    const len = v.length;
    let start = s.start ?? 0;
    if (start < 0) start += len;
    let end = s.end ?? len;
    if (end < 0 || (end === 0 && s.derived)) end += len;
    if (end === start) return out;
    if (start >= len || start < 0) throw new JsonPathError(`array index out of bounds: index ${start}, length ${len}`);
    if (end > len || end < 0) throw new JsonPathError(`array index out of bounds: index ${end - 1}, length ${len}`);
    if (start > end) throw new JsonPathError(`starting index ${start} is greater than ending index ${end}`);
    const stepBy = s.step ?? 1;
    if (stepBy <= 0) throw new JsonPathError('step must be > 0');
    for (let i = start; i < end; i += stepBy) out.push(v[i]);
  }
  return out;
}

type Kind = 'bool' | 'int' | 'float' | 'string';

function kindOf(v: unknown, literal: PathNode[] | null): Kind {
  const lit = literal && literal.length === 1 && literal[0]!.kind === 'literal' ? literal[0] : null;
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return lit?.numeric ?? (Number.isInteger(v) ? 'int' : 'float');
  throw new JsonPathError('invalid type for comparison');
}

function compare(op: string, left: unknown, leftNodes: PathNode[], right: unknown, rightNodes: PathNode[]): boolean {
  const kl = kindOf(left, leftNodes);
  const kr = kindOf(right, rightNodes);
  if (kl !== kr) throw new JsonPathError('incompatible types for comparison');
  if (op === '==') return left === right;
  if (op === '!=') return left !== right;
  if (kl === 'bool') throw new JsonPathError('invalid type for comparison');
  const l = left as number | string;
  const r = right as number | string;
  switch (op) {
    case '<':
      return l < r;
    case '<=':
      return l <= r;
    case '>':
      return l > r;
    case '>=':
      return l >= r;
    default:
      throw new JsonPathError(`unrecognized filter operator ${op}`);
  }
}

function filter(input: unknown[], node: Extract<PathNode, { kind: 'filter' }>): unknown[] {
  const out: unknown[] = [];
  for (const v of input) {
    if (!Array.isArray(v)) throw new JsonPathError('not array or slice and cannot be filtered');
    for (const item of v) {
      const lefts = evaluateJsonPath(node.left, item);
      if (node.op === 'exists') {
        if (lefts.length > 0) out.push(item);
        continue;
      }
      if (lefts.length === 0) continue;
      if (lefts.length > 1) throw new JsonPathError('can only compare one element at a time');
      const rights = evaluateJsonPath(node.right, item);
      if (rights.length === 0) continue;
      if (rights.length > 1) throw new JsonPathError('can only compare one element at a time');
      if (compare(node.op, lefts[0], node.left, rights[0], node.right)) out.push(item);
    }
  }
  return out;
}
