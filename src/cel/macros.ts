// Macros: calls rewritten at parse time into comprehensions (and has() into test-only selects), producing
// exactly the trees cel-go's parser produces (accumulator `@result`, `@not_strictly_false` loop conditions).
import type { Expr } from './ast.js';

export const ACCUMULATOR = '@result';
const LEGACY_ACCUMULATOR = '__result__';
const UNUSED_ITER_VAR = '#unused';

/** What a macro expander may build; ids come from the parser so positions stay right. */
export interface MacroFactory {
  ident(name: string): Expr;
  accu(): Expr;
  call(fn: string, ...args: Expr[]): Expr;
  memberCall(fn: string, target: Expr, ...args: Expr[]): Expr;
  bool(v: boolean): Expr;
  int(v: bigint): Expr;
  list(...elements: Expr[]): Expr;
  map(): Expr;
  select(operand: Expr, field: string, testOnly: boolean): Expr;
  comprehension(range: Expr, iterVar: string, iterVar2: string, accuVar: string, init: Expr, cond: Expr, step: Expr, result: Expr): Expr;
  copy(e: Expr): Expr;
}

export class MacroError {
  constructor(readonly exprId: number, readonly message: string) {}
}

export interface Macro {
  name: string;
  argCount: number;
  member: boolean;
  expand(f: MacroFactory, target: Expr | undefined, args: Expr[]): Expr;
}

export function macroKey(name: string, argCount: number, member: boolean): string {
  return `${name}:${argCount}:${member ? 'm' : 'g'}`;
}

function iterVarOf(arg: Expr, notIdent = 'argument must be a simple name'): string {
  if (arg.kind !== 'ident') throw new MacroError(arg.id, notIdent);
  if (arg.name === ACCUMULATOR || arg.name === LEGACY_ACCUMULATOR) throw new MacroError(arg.id, 'iteration variable overwrites accumulator variable');
  return arg.name;
}

function twoIterVars(a: Expr, b: Expr): [string, string] {
  const v1 = a.kind === 'ident' ? a.name : undefined;
  if (v1 === undefined) throw new MacroError(a.id, 'argument must be a simple name');
  const v2 = b.kind === 'ident' ? b.name : undefined;
  if (v2 === undefined) throw new MacroError(b.id, 'argument must be a simple name');
  if (v1 === v2) throw new MacroError(b.id, `duplicate variable name: ${v1}`);
  if (v1 === ACCUMULATOR || v1 === LEGACY_ACCUMULATOR) throw new MacroError(a.id, 'iteration variable overwrites accumulator variable');
  if (v2 === ACCUMULATOR || v2 === LEGACY_ACCUMULATOR) throw new MacroError(b.id, 'iteration variable overwrites accumulator variable');
  return [v1, v2];
}

const has: Macro = {
  name: 'has', argCount: 1, member: false,
  expand(f, _t, args) {
    const a = args[0];
    if (a.kind === 'select' && !a.testOnly) return f.select(a.operand, a.field, true);
    throw new MacroError(a.id, 'invalid argument to has() macro');
  },
};

type Quantifier = 'all' | 'exists' | 'exists_one';

function quantifier(kind: Quantifier, f: MacroFactory, target: Expr, iterVar: string, iterVar2: string, pred: Expr): Expr {
  switch (kind) {
    case 'all':
      return f.comprehension(target, iterVar, iterVar2, ACCUMULATOR, f.bool(true), f.call('@not_strictly_false', f.accu()), f.call('_&&_', f.accu(), pred), f.accu());
    case 'exists':
      return f.comprehension(target, iterVar, iterVar2, ACCUMULATOR, f.bool(false), f.call('@not_strictly_false', f.call('!_', f.accu())), f.call('_||_', f.accu(), pred), f.accu());
    case 'exists_one':
      return f.comprehension(target, iterVar, iterVar2, ACCUMULATOR, f.int(0n), f.bool(true),
        f.call('_?_:_', pred, f.call('_+_', f.accu(), f.int(1n)), f.accu()), f.call('_==_', f.accu(), f.int(1n)));
  }
}

function oneVarQuantifier(name: string, kind: Quantifier): Macro {
  return { name, argCount: 2, member: true, expand: (f, t, args) => quantifier(kind, f, t!, iterVarOf(args[0]), '', args[1]) };
}

const mapMacro: Macro = {
  name: 'map', argCount: 2, member: true,
  expand(f, t, args) {
    const v = iterVarOf(args[0], 'argument is not an identifier');
    return f.comprehension(t!, v, '', ACCUMULATOR, f.list(), f.bool(true), f.call('_+_', f.accu(), f.list(args[1])), f.accu());
  },
};

const mapFilterMacro: Macro = {
  name: 'map', argCount: 3, member: true,
  expand(f, t, args) {
    const v = iterVarOf(args[0], 'argument is not an identifier');
    const step = f.call('_?_:_', args[1], f.call('_+_', f.accu(), f.list(args[2])), f.accu());
    return f.comprehension(t!, v, '', ACCUMULATOR, f.list(), f.bool(true), step, f.accu());
  },
};

const filterMacro: Macro = {
  name: 'filter', argCount: 2, member: true,
  expand(f, t, args) {
    const v = iterVarOf(args[0], 'argument is not an identifier');
    const step = f.call('_?_:_', args[1], f.call('_+_', f.accu(), f.list(f.ident(v))), f.accu());
    return f.comprehension(t!, v, '', ACCUMULATOR, f.list(), f.bool(true), step, f.accu());
  },
};

export const STANDARD_MACROS: Macro[] = [
  has,
  oneVarQuantifier('all', 'all'),
  oneVarQuantifier('exists', 'exists'),
  oneVarQuantifier('exists_one', 'exists_one'),
  oneVarQuantifier('existsOne', 'exists_one'),
  mapMacro,
  mapFilterMacro,
  filterMacro,
];

function optMapLike(name: 'optMap' | 'optFlatMap'): Macro {
  return {
    name, argCount: 2, member: true,
    expand(f, t, args) {
      const v = args[0];
      if (v.kind !== 'ident') throw new MacroError(v.id, `${name}() variable name must be a simple identifier`);
      const fold = f.comprehension(f.list(), UNUSED_ITER_VAR, '', v.name, f.memberCall('value', f.copy(t!)), f.bool(false), f.ident(v.name), args[1]);
      return f.call('_?_:_', f.memberCall('hasValue', t!), name === 'optMap' ? f.call('optional.of', fold) : fold, f.call('optional.none'));
    },
  };
}

/** Macros of cel-go's optional library. */
export const OPTIONAL_MACROS: Macro[] = [optMapLike('optMap'), optMapLike('optFlatMap')];

function twoVarQuantifier(name: string, kind: Quantifier): Macro {
  return {
    name, argCount: 3, member: true,
    expand(f, t, args) {
      const [v1, v2] = twoIterVars(args[0], args[1]);
      return quantifier(kind, f, t!, v1, v2, args[2]);
    },
  };
}

function transform(name: 'transformList' | 'transformMap' | 'transformMapEntry', argCount: 3 | 4): Macro {
  return {
    name, argCount, member: true,
    expand(f, t, args) {
      const [v1, v2] = twoIterVars(args[0], args[1]);
      const filter = argCount === 4 ? args[2] : undefined;
      const body = argCount === 4 ? args[3] : args[2];
      let step: Expr;
      if (name === 'transformList') step = f.call('_+_', f.accu(), f.list(body));
      else if (name === 'transformMap') step = f.call('cel.@mapInsert', f.accu(), f.ident(v1), body);
      else step = f.call('cel.@mapInsert', f.accu(), body);
      if (filter) step = f.call('_?_:_', filter, step, f.accu());
      return f.comprehension(t!, v1, v2, ACCUMULATOR, name === 'transformList' ? f.list() : f.map(), f.bool(true), step, f.accu());
    },
  };
}

/** Macros of cel-go's two-variable comprehensions extension. */
export const TWO_VAR_MACROS: Macro[] = [
  twoVarQuantifier('all', 'all'),
  twoVarQuantifier('exists', 'exists'),
  twoVarQuantifier('existsOne', 'exists_one'),
  twoVarQuantifier('exists_one', 'exists_one'),
  transform('transformList', 3), transform('transformList', 4),
  transform('transformMap', 3), transform('transformMap', 4),
  transform('transformMapEntry', 3), transform('transformMapEntry', 4),
];
