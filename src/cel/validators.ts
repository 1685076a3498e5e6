// AST validators run after type checking (cel-go's cel/validator.go): literal arguments of duration(),
// timestamp() and matches() must be valid, and list and map literals must be homogeneous.
import { forEachExpr, type Expr } from './ast.js';
import type { CheckedAst } from './checker.js';
import type { Issues } from './issues.js';
import { compileRegex, toDuration, toTimestamp } from './stdlib.js';
import { formatType, isExactType, isOptional, type CelType } from './types.js';

export type AstValidator = (ast: CheckedAst, issues: Issues) => void;

function literalArgument(name: string, check: (v: unknown) => void): AstValidator {
  return (ast, issues) => {
    forEachExpr(ast.expr, (e) => {
      if (e.kind !== 'call' || e.fn !== name || e.args.length === 0) return;
      const arg = e.args[0];
      if (arg.kind !== 'const') return;
      try {
        check(arg.value.kind === 'null' ? null : (arg.value as { value: unknown }).value);
      } catch {
        issues.report(ast.source.positions.get(arg.id) ?? -1, `invalid ${name} argument`, arg.id);
      }
    });
  };
}

export const validateDurationLiterals = literalArgument('duration', (v) => toDuration(v));
export const validateTimestampLiterals = literalArgument('timestamp', (v) => toTimestamp(v));
export const validateRegexLiterals = literalArgument('matches', (v) => { if (typeof v === 'string') compileRegex(v); });

/** Homogeneous list and map literals; literals anywhere inside calls to `exempt` functions are skipped. */
export function homogeneousAggregateLiterals(exempt: ReadonlySet<string>): AstValidator {
  return (ast, issues) => {
    const typeOf = (e: Expr): CelType => ast.types.get(e.id) ?? { kind: 'dyn' };
    const unwrap = (t: CelType, optional: boolean): CelType => (optional && isOptional(t) ? (t as Extract<CelType, { kind: 'opaque' }>).params[0] : t);
    const mismatch = (e: Expr, expected: CelType, actual: CelType) =>
      issues.report(ast.source.positions.get(e.id) ?? -1, `expected type '${formatType(expected)}' but found '${formatType(actual)}'`, e.id);
    const visit = (e: Expr, skip: boolean): void => {
      if (e.kind === 'list' && !skip) {
        let first: CelType | undefined;
        for (let i = 0; i < e.elements.length; i++) {
          const t = unwrap(typeOf(e.elements[i]), e.optionalIndices.includes(i));
          if (!first) { first = t; continue; }
          if (!isExactType(first, t)) { mismatch(e.elements[i], first, t); break; }
        }
      } else if (e.kind === 'map' && !skip) {
        let kt: CelType | undefined;
        let vt: CelType | undefined;
        for (const en of e.entries) {
          const k = typeOf(en.key);
          const v = unwrap(typeOf(en.value), en.optional);
          if (!kt || !vt) { kt = k; vt = v; continue; }
          if (!isExactType(kt, k)) mismatch(en.key, kt, k);
          if (!isExactType(vt, v)) mismatch(en.value, vt, v);
        }
      }
      const inner = skip || (e.kind === 'call' && exempt.has(e.fn));
      forEachChild(e, (c) => visit(c, inner));
    };
    visit(ast.expr, false);
  };
}

export const validateHomogeneousAggregateLiterals = homogeneousAggregateLiterals(new Set());

function forEachChild(e: Expr, f: (c: Expr) => void): void {
  switch (e.kind) {
    case 'select': f(e.operand); break;
    case 'call': if (e.target) f(e.target); e.args.forEach(f); break;
    case 'list': e.elements.forEach(f); break;
    case 'map': for (const en of e.entries) { f(en.key); f(en.value); } break;
    case 'struct': for (const x of e.fields) f(x.value); break;
    case 'comprehension': f(e.iterRange); f(e.accuInit); f(e.loopCondition); f(e.loopStep); f(e.result); break;
    default: break;
  }
}
