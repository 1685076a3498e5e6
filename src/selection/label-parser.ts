// The `labelSelector` grammar of apimachinery's labels.Parse, with its exact error texts:
//
//   selector    := requirement ("," requirement)*  | ""
//   requirement := ["!"] KEY [ ("in" | "notin") "(" values ")" | ("=" | "==" | "!=" | ">" | "<") VALUE ]
//
// Whitespace (space, tab, CR, LF) separates tokens. `in`/`notin` are keywords only where an operator
// is expected; elsewhere they are plain identifiers. A NUL character ends the input when a token is
// about to start and otherwise just ends the current token (Go's lexer reads 0 as end of input).
import { compareBytes } from './byte-order.js';
import { newRequirement, SelectorError, type LabelOperator, type Requirement } from './label-requirement.js';
import { isQualifiedName } from '../validation/names.js';
import { goQuote } from '../golang/strconv.js';

type Kind = 'end' | 'id' | 'in' | 'notin' | '(' | ')' | ',' | '!' | '=' | '==' | '!=' | '>' | '<';
interface Token {
  kind: Kind;
  text: string;
}

const SYMBOLS = new Set(['=', '!', '(', ')', ',', '>', '<']);
const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\r' || c === '\n';

/** Splits the input into tokens; the last one is always `end`. */
function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  // Go's reader: past the end it yields NUL without moving; a NUL inside the input is consumed.
  const read = (): string => (pos < input.length ? input[pos++]! : '\0');
  for (;;) {
    let c = read();
    while (isSpace(c)) c = read();
    if (c === '\0') {
      tokens.push({ kind: 'end', text: '' });
      return tokens;
    }
    if (SYMBOLS.has(c)) {
      let text = c;
      const next = read();
      if (next !== '\0') {
        if ((c === '=' || c === '!') && next === '=') {
          text += next;
          if (read() !== '\0') pos--;
        } else {
          pos--;
        }
      }
      tokens.push({ kind: text as Kind, text });
      continue;
    }
    let text = c;
    for (;;) {
      const d = read();
      if (d === '\0') break;
      if (SYMBOLS.has(d) || isSpace(d)) {
        pos--;
        break;
      }
      text += d;
    }
    tokens.push({ kind: text === 'in' || text === 'notin' ? text : 'id', text });
  }
}

const OPERATOR_LIST = 'in, notin, =, ==, !=, gt, lt';

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  /** Where values are expected, `in` and `notin` are identifiers. */
  private peek(asValue = true): Token {
    return this.view(this.tokens[Math.min(this.pos, this.tokens.length - 1)]!, asValue);
  }
  private next(asValue = true): Token {
    const t = this.peek(asValue);
    this.pos++;
    return t;
  }
  private view(t: Token, asValue: boolean): Token {
    return asValue && (t.kind === 'in' || t.kind === 'notin') ? { kind: 'id', text: t.text } : t;
  }

  parse(): Requirement[] {
    const out: Requirement[] = [];
    for (;;) {
      const t = this.peek();
      if (t.kind === 'end') return out;
      if (t.kind !== 'id' && t.kind !== '!') throw new SelectorError(`found '${t.text}', expected: !, identifier, or 'end of string'`);
      try {
        out.push(this.requirement());
      } catch (e) {
        if (e instanceof SelectorError) throw new SelectorError(`unable to parse requirement: ${e.message}`);
        throw e;
      }
      const after = this.next();
      if (after.kind === 'end') return out;
      if (after.kind !== ',') throw new SelectorError(`found '${after.text}', expected: ',' or 'end of string'`);
      const lead = this.peek();
      if (lead.kind !== 'id' && lead.kind !== '!') throw new SelectorError(`found '${lead.text}', expected: identifier after ','`);
    }
  }

  private requirement(): Requirement {
    let t = this.next();
    const negated = t.kind === '!';
    if (negated) t = this.next();
    if (t.kind !== 'id') throw new SelectorError(`found '${t.text}', expected: identifier`);
    const key = t.text;
    const keyMsgs = isQualifiedName(key);
    if (keyMsgs.length) throw new SelectorError(`<nil>: Invalid value: ${goQuote(key)}: ${keyMsgs.join('; ')}`);
    const ahead = this.peek().kind;
    if (negated) return newRequirement(key, '!', []);
    if (ahead === 'end' || ahead === ',') return newRequirement(key, 'exists', []);

    const op = this.next(false);
    let operator: LabelOperator;
    switch (op.kind) {
      case 'in':
      case 'notin':
      case '=':
      case '==':
      case '!=':
        operator = op.kind;
        break;
      case '>':
        operator = 'gt';
        break;
      case '<':
        operator = 'lt';
        break;
      default:
        throw new SelectorError(`found '${op.text}', expected: ${OPERATOR_LIST}`);
    }
    const values = operator === 'in' || operator === 'notin' ? this.valueSet() : this.exactValue();
    // The parser collects values in a set and hands them over sorted.
    return newRequirement(key, operator, [...values].sort(compareBytes));
  }

  private valueSet(): Set<string> {
    const open = this.next();
    if (open.kind !== '(') throw new SelectorError(`found '${open.text}' expected: '('`);
    const first = this.peek();
    if (first.kind === ')') {
      this.next();
      return new Set(['']);
    }
    if (first.kind !== 'id' && first.kind !== ',') throw new SelectorError(`found '${first.text}', expected: ',', ')' or identifier`);
    const values = this.identifierList();
    this.next(); // the ')' identifierList stopped at
    return values;
  }

  /** Comma-separated, possibly empty identifiers; stops in front of ')'. */
  private identifierList(): Set<string> {
    const values = new Set<string>();
    for (;;) {
      const t = this.next();
      if (t.kind === 'id') {
        values.add(t.text);
        const after = this.peek();
        if (after.kind === ')') return values;
        if (after.kind !== ',') throw new SelectorError(`found '${after.text}', expected: ',' or ')'`);
      } else if (t.kind === ',') {
        if (values.size === 0) values.add(''); // "(,"
        const after = this.peek();
        if (after.kind === ')') {
          values.add(''); // ",)"
          return values;
        }
        if (after.kind === ',') {
          this.next();
          values.add(''); // ",,"
        }
      } else {
        throw new SelectorError(`found '${t.text}', expected: ',', or identifier`);
      }
    }
  }

  private exactValue(): Set<string> {
    const ahead = this.peek().kind;
    if (ahead === 'end' || ahead === ',') return new Set(['']);
    const t = this.next();
    if (t.kind !== 'id') throw new SelectorError(`found '${t.text}', expected: identifier`);
    return new Set([t.text]);
  }
}

/** Parses a label selector string into requirements sorted by key (stable), or throws SelectorError. */
export function parseLabelRequirements(input: string): Requirement[] {
  const reqs = new Parser(tokenize(input)).parse();
  return reqs.sort((a, b) => compareBytes(a.key, b.key));
}
