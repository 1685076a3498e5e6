// The CEL abstract syntax tree, shaped like cel.expr.Expr (the form cel-go's parser and checker use):
// every node has an id; macros are already expanded into comprehensions.

export type Constant =
  | { kind: 'null' }
  | { kind: 'bool'; value: boolean }
  | { kind: 'int'; value: bigint }
  | { kind: 'uint'; value: bigint }
  | { kind: 'double'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'bytes'; value: Uint8Array };

export interface ConstExpr { id: number; kind: 'const'; value: Constant }
export interface IdentExpr { id: number; kind: 'ident'; name: string }
export interface SelectExpr { id: number; kind: 'select'; operand: Expr; field: string; testOnly: boolean }
export interface CallExpr { id: number; kind: 'call'; fn: string; target?: Expr; args: Expr[] }
export interface ListExpr { id: number; kind: 'list'; elements: Expr[]; optionalIndices: number[] }
export interface MapEntry { id: number; key: Expr; value: Expr; optional: boolean }
export interface MapExpr { id: number; kind: 'map'; entries: MapEntry[] }
export interface StructField { id: number; field: string; value: Expr; optional: boolean }
export interface StructExpr { id: number; kind: 'struct'; typeName: string; fields: StructField[] }
export interface ComprehensionExpr {
  id: number;
  kind: 'comprehension';
  iterVar: string;
  /** Second iteration variable of two-variable comprehensions ('' when absent). */
  iterVar2: string;
  iterRange: Expr;
  accuVar: string;
  accuInit: Expr;
  loopCondition: Expr;
  loopStep: Expr;
  result: Expr;
}

export type Expr = ConstExpr | IdentExpr | SelectExpr | CallExpr | ListExpr | MapExpr | StructExpr | ComprehensionExpr;

/** Where each node starts in the source, by id (code-unit offset). */
export class SourceInfo {
  readonly positions = new Map<number, number>();
  /** For macro calls: the call as written, by the id of the expanded node. */
  readonly macroCalls = new Map<number, Expr>();
  private lineStarts: number[] | undefined;

  constructor(readonly text: string, readonly description = '<input>') {}

  /** 1-based line and 0-based column (in code points) of an offset, as cel-go reports them. */
  location(offset: number): { line: number; column: number } {
    if (!this.lineStarts) {
      this.lineStarts = [0];
      for (let i = 0; i < this.text.length; i++) if (this.text[i] === '\n') this.lineStarts.push(i + 1);
    }
    let line = 0;
    while (line + 1 < this.lineStarts.length && this.lineStarts[line + 1] <= offset) line++;
    const start = this.lineStarts[line];
    const column = [...this.text.slice(start, offset)].length;
    return { line: line + 1, column };
  }

  lineText(line: number): string {
    return this.text.split('\n')[line - 1] ?? '';
  }
}

/** Visits every node depth first (children before nothing; order: node, then its children). */
export function forEachExpr(e: Expr, visit: (e: Expr) => void): void {
  visit(e);
  switch (e.kind) {
    case 'select': forEachExpr(e.operand, visit); break;
    case 'call': if (e.target) forEachExpr(e.target, visit); for (const a of e.args) forEachExpr(a, visit); break;
    case 'list': for (const x of e.elements) forEachExpr(x, visit); break;
    case 'map': for (const en of e.entries) { forEachExpr(en.key, visit); forEachExpr(en.value, visit); } break;
    case 'struct': for (const f of e.fields) forEachExpr(f.value, visit); break;
    case 'comprehension':
      forEachExpr(e.iterRange, visit); forEachExpr(e.accuInit, visit); forEachExpr(e.loopCondition, visit);
      forEachExpr(e.loopStep, visit); forEachExpr(e.result, visit);
      break;
    default: break;
  }
}
