// CEL parser: recursive descent over cel-spec's grammar, building the same trees as cel-go's ANTLR parser
// (balanced && / || chains, even runs of ! and - elided, negative literals, optional syntax, macros expanded).
import type { Constant, Expr, MapEntry, StructField } from './ast.js';
import { SourceInfo } from './ast.js';
import { Issues } from './issues.js';
import { tokenize, unescapeLiteral, type Token, type TokenKind } from './lexer.js';
import { macroKey, MacroError, type Macro, type MacroFactory } from './macros.js';

export interface ParserOptions {
  macros?: Macro[];
  enableOptionalSyntax?: boolean;
  /** cel-go's MaxRecursionDepth (default 250). */
  maxRecursionDepth?: number;
  /** cel-go's ExpressionSizeCodePointLimit (default 100,000). */
  expressionSizeCodePointLimit?: number;
}

export interface ParseResult {
  expr?: Expr;
  source: SourceInfo;
  issues: Issues;
  /** Highest id used, so later passes can mint fresh ids. */
  maxId: number;
}

export const RESERVED_IDENTIFIERS = new Set([
  'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let', 'loop', 'package',
  'namespace', 'return', 'var', 'void', 'while',
]);

const PRIMARY_START = "{'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}";
// After `{` and `[` the closing bracket, a comma and `?` may come as well (ANTLR lists them in token-type order).
const MAP_START = "{'[', '{', '}', '(', '.', ',', '-', '!', '?', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}";
const LIST_START = "{'[', ']', '{', '(', '.', ',', '-', '!', '?', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}";

class SyntaxError_ {
  constructor(readonly offset: number, readonly message: string) {}
}
class DepthExceeded {
  constructor(readonly message = 'max recursion depth exceeded') {}
}

const MAX_INT = (1n << 63n) - 1n;
const MIN_INT = -(1n << 63n);
const MAX_UINT = (1n << 64n) - 1n;

export function parse(text: string, options: ParserOptions = {}, description = '<input>'): ParseResult {
  const source = new SourceInfo(text, description);
  const issues = new Issues(source);
  const limit = options.expressionSizeCodePointLimit ?? 100_000;
  const size = [...text].length;
  if (size > limit) {
    issues.report(-1, `expression code point size exceeds limit: size: ${size}, limit ${limit}`);
    return { source, issues, maxId: 0 };
  }
  const p = new Parser(text, source, issues, options);
  const expr = p.parseAll();
  return { expr: issues.empty ? expr : undefined, source, issues, maxId: p.nextId - 1 };
}

class Parser implements MacroFactory {
  private readonly tokens: Token[];
  private pos = 0;
  nextId = 1;
  private depth = 0;
  private readonly maxDepth: number;
  private readonly macros = new Map<string, Macro>();
  private readonly optional: boolean;
  /** Offset to attribute to nodes created by a macro expansion. */
  private macroOffset = -1;

  /** Recognition errors of the lexer, reported with the parser's (ANTLR's lexer reports each and goes on). */
  private readonly lexErrors: Token[];
  /**
   * ANTLR's error-recovery mode: after a syntax error, further syntax errors are not reported until a token has been
   * matched again (so that one mistake gives one message, while independent mistakes each give theirs).
   */
  private recovering = false;

  constructor(readonly text: string, private readonly source: SourceInfo, private readonly issues: Issues, options: ParserOptions) {
    const all = tokenize(text);
    this.tokens = all.filter((t) => t.kind !== 'error');
    this.lexErrors = all.filter((t) => t.kind === 'error');
    this.maxDepth = options.maxRecursionDepth ?? 250;
    for (const m of options.macros ?? []) this.macros.set(macroKey(m.name, m.argCount, m.member), m);
    this.optional = options.enableOptionalSyntax ?? false;
  }

  parseAll(): Expr | undefined {
    for (const bad of this.lexErrors) this.issues.report(bad.start, `Syntax error: token recognition error at: '${bad.text}'`);
    try {
      const e = this.expr();
      const t = this.peek();
      if (t.kind !== 'eof') {
        // ANTLR's single-token deletion: one stray token before the end is "extraneous"; more are "mismatched".
        const extraneous = this.peek(1).kind === 'eof';
        this.syntaxError(t.start, `Syntax error: ${extraneous ? 'extraneous' : 'mismatched'} input '${t.text}' expecting <EOF>`);
      }
      return e;
    } catch (err) {
      if (err instanceof SyntaxError_) this.syntaxError(err.offset, err.message);
      else if (err instanceof DepthExceeded) this.issues.report(-1, err.message);
      else throw err;
      return undefined;
    }
  }

  /** Reports a syntax error unless one is being recovered from. */
  private syntaxError(offset: number, message: string): void {
    if (this.recovering) return;
    this.recovering = true;
    this.issues.report(offset, message);
  }

  /** ANTLR's recover(): skips tokens (without leaving recovery mode) until one that can follow an expression. */
  private resync(): void {
    while (!FOLLOW_EXPR.has(this.peek().kind)) this.pos++;
  }

  /** A stand-in for an operand that could not be parsed (the parse fails; it only lets parsing go on). */
  private errorNode(offset: number): Expr {
    return { id: this.newId(offset), kind: 'const', value: { kind: 'null' } };
  }

  // ---- tokens

  private peek(k = 0): Token { return this.tokens[Math.min(this.pos + k, this.tokens.length - 1)]; }
  private next(): Token {
    const t = this.tokens[this.pos];
    if (t.kind !== 'eof') this.pos++;
    this.recovering = false;
    this.firstOperandExpecting = undefined;
    return t;
  }
  /** The expected set of an operand that opens a list or map literal (where `]`/`}`, `,` and `?` may come too). */
  private firstOperandExpecting?: string;
  private accept(kind: TokenKind): Token | undefined { return this.peek().kind === kind ? this.next() : undefined; }
  private expect(kind: TokenKind, what = `'${kind}'`): Token {
    const t = this.peek();
    if (t.kind !== kind) throw new SyntaxError_(t.start, `Syntax error: mismatched input '${t.text}' expecting ${what}`);
    return this.next();
  }

  private enter(): void { if (++this.depth > this.maxDepth) throw new DepthExceeded(); }
  /** Nesting of whole expressions (parentheses, list and map entries, arguments): cel-go's parse-time listener. */
  private exprDepth = 0;
  private leave(): void { this.depth--; }

  // ---- node factories

  private newId(offset: number): number {
    const id = this.nextId++;
    this.source.positions.set(id, offset);
    return id;
  }
  private at(): number { return this.macroOffset; }

  ident(name: string): Expr { return { id: this.newId(this.at()), kind: 'ident', name }; }
  accu(): Expr { return this.ident('@result'); }
  call(fn: string, ...args: Expr[]): Expr { return { id: this.newId(this.at()), kind: 'call', fn, args }; }
  memberCall(fn: string, target: Expr, ...args: Expr[]): Expr { return { id: this.newId(this.at()), kind: 'call', fn, target, args }; }
  bool(value: boolean): Expr { return { id: this.newId(this.at()), kind: 'const', value: { kind: 'bool', value } }; }
  int(value: bigint): Expr { return { id: this.newId(this.at()), kind: 'const', value: { kind: 'int', value } }; }
  list(...elements: Expr[]): Expr { return { id: this.newId(this.at()), kind: 'list', elements, optionalIndices: [] }; }
  map(): Expr { return { id: this.newId(this.at()), kind: 'map', entries: [] }; }
  select(operand: Expr, field: string, testOnly: boolean): Expr { return { id: this.newId(this.at()), kind: 'select', operand, field, testOnly }; }
  comprehension(iterRange: Expr, iterVar: string, iterVar2: string, accuVar: string, accuInit: Expr, loopCondition: Expr, loopStep: Expr, result: Expr): Expr {
    return { id: this.newId(this.at()), kind: 'comprehension', iterVar, iterVar2, iterRange, accuVar, accuInit, loopCondition, loopStep, result };
  }
  copy(e: Expr): Expr {
    const c = structuredCloneExpr(e, (old) => this.newId(this.source.positions.get(old) ?? this.at()));
    return c;
  }

  // ---- grammar

  private expr(): Expr {
    if (++this.exprDepth > this.maxDepth) throw new DepthExceeded(`expression recursion limit exceeded: ${this.maxDepth}`);
    try {
      const cond = this.conditionalOr();
      const q = this.accept('?');
      if (!q) return cond;
      const t = this.conditionalOr();
      this.expect(':');
      const f = this.expr();
      return { id: this.newId(q.start), kind: 'call', fn: '_?_:_', args: [cond, t, f] };
    } finally {
      this.exprDepth--;
    }
  }

  private conditionalOr(): Expr { return this.logicChain('||', '_||_', () => this.conditionalAnd()); }
  private conditionalAnd(): Expr { return this.logicChain('&&', '_&&_', () => this.relation()); }

  private logicChain(op: '||' | '&&', fn: string, operand: () => Expr): Expr {
    const terms = [operand()];
    const ops: Token[] = [];
    for (let t = this.accept(op); t; t = this.accept(op)) {
      ops.push(t);
      terms.push(operand());
    }
    if (ops.length === 0) return terms[0];
    // cel-go balances long chains so that deep && / || sequences do not nest linearly.
    const ids = ops.map((t) => this.newId(t.start));
    const build = (lo: number, hi: number): Expr => {
      const mid = Math.floor((lo + hi + 1) / 2);
      const left = mid === lo ? terms[mid] : build(lo, mid - 1);
      const right = mid === hi ? terms[mid + 1] : build(mid + 1, hi);
      return { id: ids[mid], kind: 'call', fn, args: [left, right] };
    };
    return build(0, ops.length - 1);
  }

  private relation(): Expr {
    let left = this.calc();
    let depth = 0;
    for (;;) {
      const t = this.peek();
      const fn = RELATIONS[t.kind];
      if (!fn) break;
      this.next();
      this.enter(); depth++;
      const right = this.calc();
      left = { id: this.newId(t.start), kind: 'call', fn, args: [left, right] };
    }
    this.depth -= depth;
    return left;
  }

  private calc(): Expr {
    return this.binaryLevel(ADDITIVE, () => this.binaryLevel(MULTIPLICATIVE, () => this.unary()));
  }

  private binaryLevel(ops: Partial<Record<TokenKind, string>>, operand: () => Expr): Expr {
    let left = operand();
    let depth = 0;
    for (;;) {
      const t = this.peek();
      const fn = ops[t.kind];
      if (!fn) break;
      this.next();
      this.enter(); depth++;
      const right = operand();
      left = { id: this.newId(t.start), kind: 'call', fn, args: [left, right] };
    }
    this.depth -= depth;
    return left;
  }

  private unary(): Expr {
    const t = this.peek();
    if (t.kind === '!' || (t.kind === '-' && !(this.peek(1).kind === 'int' || this.peek(1).kind === 'double'))) {
      let n = 0;
      while (this.peek().kind === t.kind) { this.next(); n++; }
      const operand = this.member();
      if (n % 2 === 0) return operand;
      return { id: this.newId(t.start), kind: 'call', fn: t.kind === '!' ? '!_' : '-_', args: [operand] };
    }
    return this.member();
  }

  private member(): Expr {
    let e = this.primary();
    let depth = 0;
    try {
      for (;;) {
        const t = this.peek();
        if (t.kind === '.') {
          this.next();
          this.enter(); depth++;
          let opt = false;
          if (this.peek().kind === '?') {
            const q = this.next();
            if (!this.optional) this.issues.report(t.start, "unsupported syntax '.?'");
            opt = true;
            void q;
          }
          const idTok = this.peek();
          if (idTok.kind === 'backtick') throw new SyntaxError_(idTok.start, "unsupported syntax: '`'");
          if (idTok.kind !== 'ident') {
            if (idTok.kind === 'true' || idTok.kind === 'false' || idTok.kind === 'null' || idTok.kind === 'in') {
              throw new SyntaxError_(idTok.start, `Syntax error: mismatched input '${idTok.text}' expecting IDENTIFIER`);
            }
            this.syntaxError(idTok.start, `Syntax error: no viable alternative at input '${this.inputText(t, idTok)}'`);
            this.resync();
            return e;
          }
          this.next();
          const name = idTok.text;
          if (opt) {
            const field: Expr = { id: this.newId(idTok.start), kind: 'const', value: { kind: 'string', value: name } };
            e = { id: this.newId(t.start), kind: 'call', fn: '_?._', args: [e, field] };
            continue;
          }
          if (this.peek().kind === '(') {
            const open = this.next();
            const args = this.args(')');
            e = this.callOrMacro(open.start, name, e, args);
            continue;
          }
          e = { id: this.newId(t.start), kind: 'select', operand: e, field: name, testOnly: false };
          continue;
        }
        if (t.kind === '[') {
          this.next();
          this.enter(); depth++;
          let fn = '_[_]';
          if (this.peek().kind === '?') {
            this.next();
            if (!this.optional) this.issues.report(t.start, "unsupported syntax '[?'");
            fn = '_[?_]';
          }
          const index = this.expr();
          this.expect(']');
          e = { id: this.newId(t.start), kind: 'call', fn, args: [e, index] };
          continue;
        }
        if (t.kind === '{' && isQualifiedName(e)) {
          e = this.structLiteral(e);
          continue;
        }
        return e;
      }
    } finally {
      this.depth -= depth;
    }
  }

  private args(close: TokenKind): Expr[] {
    const args: Expr[] = [];
    if (this.accept(close)) return args;
    for (;;) {
      args.push(this.expr());
      if (this.accept(',')) continue;
      this.expect(close);
      return args;
    }
  }

  private callOrMacro(offset: number, fn: string, target: Expr | undefined, args: Expr[]): Expr {
    const macro = this.macros.get(macroKey(fn, args.length, target !== undefined));
    if (macro) {
      const saved = this.macroOffset;
      this.macroOffset = offset;
      try {
        const callId = this.nextId;
        const expanded = macro.expand(this, target, args);
        const written: Expr = target ? { id: callId, kind: 'call', fn, target, args } : { id: callId, kind: 'call', fn, args };
        this.source.macroCalls.set(expanded.id, written);
        return expanded;
      } catch (err) {
        if (err instanceof MacroError) {
          this.issues.report(this.source.positions.get(err.exprId) ?? offset, err.message, err.exprId);
          return { id: this.newId(offset), kind: 'const', value: { kind: 'null' } };
        }
        throw err;
      } finally {
        this.macroOffset = saved;
      }
    }
    const id = this.newId(offset);
    return target ? { id, kind: 'call', fn, target, args } : { id, kind: 'call', fn, args };
  }

  private structLiteral(nameExpr: Expr): Expr {
    const open = this.expect('{');
    const typeName = qualifiedName(nameExpr)!;
    const fields: StructField[] = [];
    if (!this.accept('}')) {
      for (;;) {
        let optional = false;
        if (this.peek().kind === '?') {
          const q = this.next();
          if (!this.optional) this.issues.report(q.start, "unsupported syntax '?'");
          optional = true;
        }
        let f = this.peek();
        if (f.kind === 'backtick') throw new SyntaxError_(f.start, "unsupported syntax: '`'");
        if (f.kind !== 'ident') {
          const expecting = optional ? '{IDENTIFIER, ESC_IDENTIFIER}' : "{'}', ',', '?', IDENTIFIER, ESC_IDENTIFIER}";
          if (optional || this.peek(1).kind !== 'ident') throw new SyntaxError_(f.start, `Syntax error: mismatched input '${f.text}' expecting ${expecting}`);
          // Single-token deletion: the stray token is dropped and the field read.
          this.syntaxError(f.start, `Syntax error: extraneous input '${f.text}' expecting ${expecting}`);
          this.pos++;
          f = this.peek();
        }
        this.next();
        const colonTok = this.peek();
        if (colonTok.kind !== ':') {
          // The field's value cannot be read: reported, and parsing goes on with the closing brace or next field.
          this.syntaxError(colonTok.start, `Syntax error: mismatched input '${colonTok.text}' expecting ':'`);
          this.resync();
          fields.push({ id: this.newId(colonTok.start), field: f.text, value: this.errorNode(colonTok.start), optional });
        } else {
          this.next();
          const value = this.expr();
          fields.push({ id: this.newId(colonTok.start), field: f.text, value, optional });
        }
        if (this.accept(',')) { if (this.accept('}')) break; continue; }
        this.expect('}', "{',', '}'}");
        break;
      }
    }
    return { id: this.newId(open.start), kind: 'struct', typeName, fields };
  }

  private primary(): Expr {
    const t = this.peek();
    switch (t.kind) {
      case '.':
      case 'ident': {
        let leadingDot = false;
        if (t.kind === '.') {
          this.next();
          leadingDot = true;
          if (this.peek().kind !== 'ident') {
            const bad = this.peek();
            this.syntaxError(bad.start, `Syntax error: no viable alternative at input '${this.inputText(t, bad)}'`);
            this.resync();
            return this.errorNode(t.start);
          }
        }
        const idTok = this.next();
        const name = idTok.text;
        if (RESERVED_IDENTIFIERS.has(name)) {
          this.issues.report(idTok.start, `reserved identifier: ${name}`);
          return { id: this.newId(idTok.start), kind: 'const', value: { kind: 'null' } };
        }
        const full = leadingDot ? `.${name}` : name;
        if (this.peek().kind === '(') {
          const open = this.next();
          const args = this.args(')');
          return this.callOrMacro(open.start, full, undefined, args);
        }
        return { id: this.newId(leadingDot ? t.start : idTok.start), kind: 'ident', name: full };
      }
      case '(': {
        this.next();
        const e = this.expr();
        this.expect(')');
        return e;
      }
      case '[': {
        this.next();
        {
          const elements: Expr[] = [];
          const optionalIndices: number[] = [];
          if (!this.accept(']')) {
            for (;;) {
              if (this.peek().kind === '?') {
                const q = this.next();
                if (!this.optional) this.issues.report(q.start, "unsupported syntax '?'");
                optionalIndices.push(elements.length);
              }
              if (elements.length === 0 && optionalIndices.length === 0) this.firstOperandExpecting = LIST_START;
              elements.push(this.expr());
              if (this.accept(',')) { if (this.accept(']')) break; continue; }
              this.expect(']', "{',', ']'}");
              break;
            }
          }
          return { id: this.newId(t.start), kind: 'list', elements, optionalIndices };
        }
      }
      case '{': {
        this.next();
        {
          const entries: MapEntry[] = [];
          if (!this.accept('}')) {
            for (;;) {
              let optional = false;
              if (this.peek().kind === '?') {
                const q = this.next();
                if (!this.optional) this.issues.report(q.start, "unsupported syntax '?'");
                optional = true;
              }
              if (entries.length === 0 && !optional) this.firstOperandExpecting = MAP_START;
              const key = this.expr();
              const colon = this.peek();
              if (colon.kind !== ':') {
                this.syntaxError(colon.start, `Syntax error: mismatched input '${colon.text}' expecting ':'`);
                this.resync();
                entries.push({ id: this.newId(colon.start), key, value: this.errorNode(colon.start), optional });
              } else {
                this.next();
                const value = this.expr();
                entries.push({ id: this.newId(colon.start), key, value, optional });
              }
              if (this.accept(',')) { if (this.accept('}')) break; continue; }
              this.expect('}', "{',', '}'}");
              break;
            }
          }
          return { id: this.newId(t.start), kind: 'map', entries };
        }
      }
      case '-': {
        this.next();
        const num = this.next();
        return this.literal(num, t.start, true);
      }
      case 'int': case 'uint': case 'double': case 'string': case 'bytes': case 'true': case 'false': case 'null':
        this.next();
        return this.literal(t, t.start, false);
      default:
        // ANTLR's sync before the operand: a single stray token followed by an operand is deleted ("extraneous"),
        // anything else is "mismatched" and skipped up to what can follow an expression.
        const expecting = this.firstOperandExpecting ?? PRIMARY_START;
        this.firstOperandExpecting = undefined;
        if (OPERAND_START.has(this.peek(1).kind)) {
          this.syntaxError(t.start, `Syntax error: extraneous input '${t.text}' expecting ${expecting}`);
          this.pos++;
          return this.primary();
        }
        this.syntaxError(t.start, `Syntax error: mismatched input '${t.text}' expecting ${expecting}`);
        if (t.kind !== 'eof' && !FOLLOW_EXPR.has(t.kind)) this.pos++;
        this.resync();
        return this.errorNode(t.start);
    }
  }

  /** ANTLR's text of a failed decision: the source from its first token to the offending one (EOF has none), quoted. */
  private inputText(first: Token, offending: Token): string {
    const end = offending.kind === 'eof' ? first.end : offending.end;
    return this.text.slice(first.start, end).replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
  }

  private literal(t: Token, offset: number, negative: boolean): Expr {
    const id = this.newId(offset);
    const c = (value: Constant): Expr => ({ id, kind: 'const', value });
    switch (t.kind) {
      case 'true': return c({ kind: 'bool', value: true });
      case 'false': return c({ kind: 'bool', value: false });
      case 'null': return c({ kind: 'null' });
      case 'int': {
        const v = parseIntText(t.text, negative);
        if (v === undefined || v > MAX_INT || v < MIN_INT) { this.issues.report(offset, 'invalid int literal', id); return c({ kind: 'int', value: 0n }); }
        return c({ kind: 'int', value: v });
      }
      case 'uint': {
        const v = parseIntText(t.text.slice(0, -1), false);
        if (v === undefined || v > MAX_UINT) { this.issues.report(offset, 'invalid uint literal', id); return c({ kind: 'uint', value: 0n }); }
        return c({ kind: 'uint', value: v });
      }
      case 'double': {
        const v = Number(t.text);
        if (!Number.isFinite(v)) { this.issues.report(offset, 'invalid double literal', id); return c({ kind: 'double', value: 0 }); }
        return c({ kind: 'double', value: negative ? -v : v });
      }
      case 'string':
      case 'bytes': {
        try {
          const v = unescapeLiteral(t.text, t.kind === 'bytes');
          return typeof v === 'string' ? c({ kind: 'string', value: v }) : c({ kind: 'bytes', value: v });
        } catch (err) {
          this.issues.report(offset, (err as Error).message, id);
          return c({ kind: 'string', value: '' });
        }
      }
      default:
        throw new SyntaxError_(t.start, `Syntax error: mismatched input '${t.text}' expecting {NUM_FLOAT, NUM_INT}`);
    }
  }
}

function parseIntText(text: string, negative: boolean): bigint | undefined {
  try {
    const v = text.startsWith('0x') || text.startsWith('0X') ? BigInt(text) : BigInt(text);
    return negative ? -v : v;
  } catch {
    return undefined;
  }
}

const RELATIONS: Partial<Record<TokenKind, string>> = {
  '<': '_<_', '<=': '_<=_', '>': '_>_', '>=': '_>=_', '==': '_==_', '!=': '_!=_', in: '@in',
};
/** Tokens that can begin an operand (the expected set of cel-go's primary/unary decision). */
const OPERAND_START = new Set<TokenKind>(['[', '{', '(', '.', '-', '!', 'true', 'false', 'null', 'int', 'uint', 'double', 'string', 'bytes', 'ident']);
/** Tokens that can follow an expression somewhere in the grammar: where error recovery resumes. */
const FOLLOW_EXPR = new Set<TokenKind>([
  '||', '&&', '<', '<=', '>', '>=', '==', '!=', 'in', '+', '-', '*', '/', '%', '?', ':', ',', ')', ']', '}', '.', '[', 'eof',
]);
const ADDITIVE: Partial<Record<TokenKind, string>> = { '+': '_+_', '-': '_-_' };
const MULTIPLICATIVE: Partial<Record<TokenKind, string>> = { '*': '_*_', '/': '_/_', '%': '_%_' };

function isQualifiedName(e: Expr): boolean {
  return qualifiedName(e) !== undefined;
}

function qualifiedName(e: Expr): string | undefined {
  if (e.kind === 'ident') return e.name;
  if (e.kind === 'select' && !e.testOnly) {
    const base = qualifiedName(e.operand);
    return base === undefined ? undefined : `${base}.${e.field}`;
  }
  return undefined;
}

function structuredCloneExpr(e: Expr, id: (old: number) => number): Expr {
  const c = (x: Expr): Expr => structuredCloneExpr(x, id);
  switch (e.kind) {
    case 'const': return { ...e, id: id(e.id) };
    case 'ident': return { ...e, id: id(e.id) };
    case 'select': return { ...e, id: id(e.id), operand: c(e.operand) };
    case 'call': return e.target ? { ...e, id: id(e.id), target: c(e.target), args: e.args.map(c) } : { ...e, id: id(e.id), args: e.args.map(c) };
    case 'list': return { ...e, id: id(e.id), elements: e.elements.map(c), optionalIndices: [...e.optionalIndices] };
    case 'map': return { ...e, id: id(e.id), entries: e.entries.map((en) => ({ ...en, id: id(en.id), key: c(en.key), value: c(en.value) })) };
    case 'struct': return { ...e, id: id(e.id), fields: e.fields.map((f) => ({ ...f, id: id(f.id), value: c(f.value) })) };
    case 'comprehension':
      return { ...e, id: id(e.id), iterRange: c(e.iterRange), accuInit: c(e.accuInit), loopCondition: c(e.loopCondition), loopStep: c(e.loopStep), result: c(e.result) };
  }
}
