// cel-go's debug rendering of an AST (debug.ToDebugString), used by tests to compare trees with cel-go's vectors.
import type { Constant, Expr } from './ast.js';

/** Returns the text appended after a node (cel-go's "adorner"), or '' for none. */
export type Adorner = (e: Expr | { entryId: number }) => string;

export function toDebugString(e: Expr, adorn: Adorner = () => ''): string {
  const w = new Writer(adorn);
  w.expr(e);
  return w.out;
}

export function kindAdorner(e: Expr | { entryId: number }): string {
  if ('entryId' in e) return '^#*expr.Expr_CreateStruct_Entry#';
  switch (e.kind) {
    case 'const': return `^#*expr.Constant_${CONST_KIND[e.value.kind]}#`;
    case 'ident': return '^#*expr.Expr_IdentExpr#';
    case 'select': return '^#*expr.Expr_SelectExpr#';
    case 'call': return '^#*expr.Expr_CallExpr#';
    case 'list': return '^#*expr.Expr_ListExpr#';
    case 'map': case 'struct': return '^#*expr.Expr_StructExpr#';
    case 'comprehension': return '^#*expr.Expr_ComprehensionExpr#';
  }
}

const CONST_KIND: Record<Constant['kind'], string> = {
  null: 'NullValue', bool: 'BoolValue', int: 'Int64Value', uint: 'Uint64Value', double: 'DoubleValue', string: 'StringValue', bytes: 'BytesValue',
};

class Writer {
  out = '';
  private indent = 0;
  private lineStart = true;
  constructor(private readonly adorn: Adorner) {}

  expr(e: Expr): void {
    switch (e.kind) {
      case 'const': this.append(formatConstant(e.value)); break;
      case 'ident': this.append(e.name); break;
      case 'select':
        this.expr(e.operand);
        this.append('.');
        this.append(e.field);
        if (e.testOnly) this.append('~test-only~');
        break;
      case 'call':
        if (e.target) { this.expr(e.target); this.append('.'); }
        this.append(e.fn);
        this.append('(');
        if (e.args.length > 0) {
          this.indent++;
          this.line();
          e.args.forEach((a, i) => { if (i > 0) { this.append(','); this.line(); } this.expr(a); });
          this.indent--;
          this.line();
        }
        this.append(')');
        break;
      case 'list':
        this.append('[');
        if (e.elements.length > 0) {
          this.line();
          this.indent++;
          e.elements.forEach((a, i) => {
            if (i > 0) { this.append(','); this.line(); }
            if (e.optionalIndices.includes(i)) this.append('?');
            this.expr(a);
          });
          this.indent--;
          this.line();
        }
        this.append(']');
        break;
      case 'map':
      case 'struct': {
        if (e.kind === 'struct') this.append(e.typeName);
        this.append('{');
        const entries = e.kind === 'map' ? e.entries : e.fields;
        if (entries.length > 0) {
          this.line();
          this.indent++;
          entries.forEach((en, i) => {
            if (i > 0) { this.append(','); this.line(); }
            if (en.optional) this.append('?');
            if ('key' in en) this.expr(en.key);
            else this.append(en.field);
            this.append(':');
            this.expr(en.value);
            this.append(this.adorn({ entryId: en.id }));
          });
          this.indent--;
          this.line();
        }
        this.append('}');
        break;
      }
      case 'comprehension': {
        this.append('__comprehension__(');
        this.indent++;
        this.line();
        const part = (label: string, f: () => void, last = false) => {
          this.append(`// ${label}`);
          this.line();
          f();
          if (!last) { this.append(','); this.line(); }
        };
        part('Variable', () => this.append(e.iterVar));
        if (e.iterVar2) part('Variable2', () => this.append(e.iterVar2));
        part('Target', () => this.expr(e.iterRange));
        part('Accumulator', () => this.append(e.accuVar));
        part('Init', () => this.expr(e.accuInit));
        part('LoopCondition', () => this.expr(e.loopCondition));
        part('LoopStep', () => this.expr(e.loopStep));
        part('Result', () => this.expr(e.result), true);
        this.append(')');
        this.indent--;
        break;
      }
    }
    this.append(this.adorn(e));
  }

  private append(s: string): void {
    if (this.lineStart) { this.lineStart = false; this.out += '  '.repeat(this.indent); }
    this.out += s;
  }
  private line(): void { this.out += '\n'; this.lineStart = true; }
}

export function formatConstant(c: Constant): string {
  switch (c.kind) {
    case 'null': return 'null';
    case 'bool': return String(c.value);
    case 'int': return c.value.toString();
    case 'uint': return `${c.value}u`;
    case 'double': {
      const v = c.value;
      if (v < 1e6 && v > -1e6) return (Object.is(v, -0) ? '-' : '') + v.toString();
      return v.toExponential().replace(/e\+([0-9])$/, 'e+0$1');
    }
    case 'string': return quoteString(c.value);
    case 'bytes': {
      // Printable UTF-8 sequences are shown as characters, other bytes as \x escapes.
      let s = 'b"';
      const b = c.value;
      for (let i = 0; i < b.length;) {
        const len = b[i] < 0x80 ? 1 : b[i] >= 0xc2 && b[i] < 0xe0 ? 2 : b[i] >= 0xe0 && b[i] < 0xf0 ? 3 : b[i] >= 0xf0 && b[i] < 0xf5 ? 4 : 0;
        let ch = '';
        if (len > 0 && i + len <= b.length) {
          try { ch = new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(i, i + len)); } catch { ch = ''; }
        }
        const cp = ch ? ch.codePointAt(0)! : -1;
        if (ch && NAMED_ESCAPES[ch]) { s += NAMED_ESCAPES[ch]; i += len; continue; }
        if (ch && cp >= 0x20 && PRINTABLE.test(ch)) { s += ch; i += len; continue; }
        s += `\\x${b[i].toString(16).padStart(2, '0')}`;
        i++;
      }
      return s + '"';
    }
  }
}

/** Go's strconv.Quote for the characters CEL tests use: named escapes, \u for other control characters. */
function quoteString(s: string): string {
  const named = NAMED_ESCAPES;
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (named[ch]) out += named[ch];
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, '0')}`;
    else if (!PRINTABLE.test(ch)) out += cp < 0x10000 ? `\\u${cp.toString(16).padStart(4, '0')}` : `\\U${cp.toString(16).padStart(8, '0')}`;
    else out += ch;
  }
  return out + '"';
}

/** Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

const NAMED_ESCAPES: Record<string, string> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '"': '\\"', '\\': '\\\\' };
