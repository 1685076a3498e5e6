// The compile-time cost estimator, computing [min, max] cost over a checked AST the way cel-go's
// checker/cost.go does: literal, identifier and select costs, calls with size-based estimates, comprehensions
// as range size × (condition + step), and sizes of data found through field paths (self.spec.items → @items).
// Values are uint64 in cel-go; here bigint with the same saturating arithmetic.
import type { Expr } from './ast.js';
import type { CheckedAst } from './checker.js';
import { ACCUMULATOR } from './macros.js';
import type { CelType } from './types.js';

export const MAX_U64 = (1n << 64n) - 1n;

export interface Estimate { min: bigint; max: bigint }

export const fixed = (n: bigint | number): Estimate => ({ min: BigInt(n), max: BigInt(n) });
export const UNKNOWN_SIZE: Estimate = { min: 0n, max: MAX_U64 };

export function addU(x: bigint, y: bigint): bigint { return x + y > MAX_U64 ? MAX_U64 : x + y; }
export function mulU(x: bigint, y: bigint): bigint { return x * y > MAX_U64 ? MAX_U64 : x * y; }
/** ceil(x × factor) in float64 as Go computes it, saturating at 2^64-1. */
export function mulFactor(x: bigint, factor: number): bigint {
  const xf = Number(x);
  if (xf > 0 && factor > 0 && xf > 18446744073709551615 / factor) return MAX_U64;
  const c = Math.ceil(xf * factor);
  if (c >= 18446744073709551616) return MAX_U64;
  return BigInt(c);
}

export const est = {
  add: (a: Estimate, b: Estimate): Estimate => ({ min: addU(a.min, b.min), max: addU(a.max, b.max) }),
  mul: (a: Estimate, b: Estimate): Estimate => ({ min: mulU(a.min, b.min), max: mulU(a.max, b.max) }),
  factor: (a: Estimate, f: number): Estimate => ({ min: mulFactor(a.min, f), max: mulFactor(a.max, f) }),
  union: (a: Estimate, b: Estimate): Estimate => ({ min: a.min < b.min ? a.min : b.min, max: a.max > b.max ? a.max : b.max }),
};

/** A node as estimators see it: its field path (if it reaches data), type and computed size. */
export interface AstNode {
  path?: string[];
  type: CelType;
  expr?: Expr;
  computedSize?: Estimate;
}

export interface CallEstimate { cost: Estimate; resultSize?: Estimate }

/** What a library (Kubernetes) adds: data sizes by path and call estimates by function name. */
export interface CostEstimatorHooks {
  estimateSize(node: AstNode): Estimate | undefined;
  /** `target` is undefined for global calls. */
  estimateCallCost(fn: string, overloadId: string, target: AstNode | undefined, args: AstNode[]): CallEstimate | undefined;
}

export const NO_HOOKS: CostEstimatorHooks = { estimateSize: () => undefined, estimateCallCost: () => undefined };

const STRING_TRAVERSAL = 0.1;
const REGEX_LENGTH = 0.25;

interface EntrySize { container: 'list' | 'map' | ''; key: Estimate; val: Estimate }
interface LocalVar { path: string[]; size?: Estimate; entrySize?: EntrySize }

export interface EstimateOptions {
  /** Kubernetes: false (has() costs nothing beyond its operand). */
  presenceTestHasCost?: boolean;
}

export function estimateCost(ast: CheckedAst, hooks: CostEstimatorHooks = NO_HOOKS, options: EstimateOptions = {}): Estimate {
  return new Coster(ast, hooks, options.presenceTestHasCost ?? true ? fixed(1) : fixed(0)).cost(ast.expr);
}

class Coster {
  private readonly paths = new Map<number, string[]>();
  private readonly locals = new Map<string, LocalVar[]>();
  private readonly sizes = new Map<number, Estimate>();
  private readonly entrySizes = new Map<number, EntrySize>();

  constructor(private readonly ast: CheckedAst, private readonly hooks: CostEstimatorHooks, private readonly presenceCost: Estimate) {}

  private type(e: Expr): CelType { return this.ast.types.get(e.id) ?? { kind: 'dyn' }; }
  private peek(name: string): LocalVar | undefined { const s = this.locals.get(name); return s && s.length ? s[s.length - 1] : undefined; }
  private push(name: string, v: LocalVar): void { const s = this.locals.get(name) ?? []; s.push(v); this.locals.set(name, s); }
  private pop(name: string): void { this.locals.get(name)?.pop(); }

  private getPath(e: Expr): string[] | undefined {
    if (e.kind === 'ident') { const v = this.peek(e.name); if (v) return [...v.path]; }
    const p = this.paths.get(e.id);
    return p ? [...p] : undefined;
  }

  cost(e: Expr): Estimate {
    switch (e.kind) {
      case 'const': return fixed(0);
      case 'ident': {
        const v = this.peek(e.name);
        this.paths.set(e.id, v ? v.path : [e.name]);
        return fixed(1);
      }
      case 'select': {
        if (e.testOnly) return est.add(this.presenceCost, this.cost(e.operand));
        let sum = this.cost(e.operand);
        const k = this.type(e.operand).kind;
        if (k === 'map' || k === 'object' || k === 'typeparam') sum = est.add(sum, fixed(1));
        this.paths.set(e.id, [...(this.getPath(e.operand) ?? []), e.field]);
        return sum;
      }
      case 'call': return this.costCall(e);
      case 'list': {
        let sum = fixed(0);
        let item: Estimate = { min: e.elements.length === 0 ? 0n : MAX_U64, max: 0n };
        for (const el of e.elements) {
          sum = est.add(sum, this.cost(el));
          item = est.union(item, this.sizeOrUnknown(el));
        }
        this.entrySizes.set(e.id, { container: 'list', key: fixed(1), val: item });
        return est.add(sum, fixed(10));
      }
      case 'map': {
        let sum = fixed(0);
        let key: Estimate = { min: e.entries.length === 0 ? 0n : MAX_U64, max: 0n };
        let val: Estimate = { min: e.entries.length === 0 ? 0n : MAX_U64, max: 0n };
        for (const en of e.entries) {
          sum = est.add(sum, this.cost(en.key));
          sum = est.add(sum, this.cost(en.value));
          key = est.union(key, this.sizeOrUnknown(en.key));
          val = est.union(val, this.sizeOrUnknown(en.value));
        }
        this.entrySizes.set(e.id, { container: 'map', key, val });
        return est.add(sum, fixed(30));
      }
      case 'struct': {
        let sum = fixed(0);
        for (const f of e.fields) sum = est.add(sum, this.cost(f.value));
        return est.add(sum, fixed(40));
      }
      case 'comprehension':
        return this.isBind(e) ? this.costBind(e) : this.costComprehension(e);
    }
  }

  private isBind(e: Extract<Expr, { kind: 'comprehension' }>): boolean {
    return e.iterRange.kind === 'list' && e.iterRange.elements.length === 0 && e.loopCondition.kind === 'const'
      && e.loopCondition.value.kind === 'bool' && !e.loopCondition.value.value && e.accuVar !== '__result__';
  }

  private costBind(e: Extract<Expr, { kind: 'comprehension' }>): Estimate {
    let sum = this.cost(e.iterRange);
    sum = est.add(sum, this.cost(e.accuInit));
    this.pushLocal(e.accuVar, e.accuInit);
    sum = est.add(sum, this.cost(e.result));
    this.pop(e.accuVar);
    this.copySizes(e, e.result);
    return sum;
  }

  private pushLocal(name: string, e: Expr): void {
    this.push(name, { path: this.getPath(e) ?? [], size: this.computeSize(e), entrySize: this.computeEntrySize(e) });
  }

  private containerOf(range: Expr): 'list' | 'map' | '' {
    const es = this.computeEntrySize(range);
    if (es && es.container) return es.container;
    const k = this.type(range).kind;
    return k === 'list' ? 'list' : k === 'map' ? 'map' : '';
  }

  private costComprehension(e: Extract<Expr, { kind: 'comprehension' }>): Estimate {
    let sum = this.cost(e.iterRange);
    sum = est.add(sum, this.cost(e.accuInit));
    this.pushLocal(e.accuVar, e.accuInit);
    const rangePath = this.getPath(e.iterRange) ?? [];
    const entry = this.computeEntrySize(e.iterRange);
    const container = this.containerOf(e.iterRange);
    if (e.iterVar2) {
      this.push(e.iterVar, { path: [...rangePath, container === 'list' ? '@indices' : '@keys'], size: entry?.key });
      this.push(e.iterVar2, { path: [...rangePath, container === 'list' ? '@items' : '@values'], size: entry?.val });
    } else if (container === 'list') {
      this.push(e.iterVar, { path: [...rangePath, '@items'], size: entry?.val });
    } else {
      this.push(e.iterVar, { path: [...rangePath, '@keys'], size: entry?.key });
    }
    const loopCost = this.cost(e.loopCondition);
    const stepCost = this.cost(e.loopStep);
    this.pop(e.iterVar);
    if (e.iterVar2) this.pop(e.iterVar2);
    sum = est.add(sum, this.cost(e.result));
    this.pop(e.accuVar);
    const rangeCnt = this.sizeOrUnknown(e.iterRange);
    sum = est.add(sum, est.mul(rangeCnt, est.add(stepCost, loopCost)));
    switch (e.accuInit.kind) {
      case 'const': { const s = this.computeSize(e.accuInit); if (s) this.sizes.set(e.id, s); break; }
      case 'list': case 'map': {
        this.sizes.set(e.id, rangeCnt);
        const stepEntry = this.computeEntrySize(e.loopStep);
        if (stepEntry) this.entrySizes.set(e.id, stepEntry);
        break;
      }
      default: break;
    }
    return sum;
  }

  private node(e: Expr): AstNode {
    let path = this.getPath(e);
    if (path && path.length > 0 && (path[0] === ACCUMULATOR || path[0] === '__result__')) path = undefined;
    return { path, type: this.type(e), expr: e, computedSize: this.computeSize(e) };
  }

  private costCall(e: Extract<Expr, { kind: 'call' }>): Estimate {
    if (e.fn === 'dyn' && !e.target) {
      const argCost = this.cost(e.args[0]);
      this.copySizes(e, e.args[0]);
      return est.add(fixed(1), argCost);
    }
    const argCosts: Estimate[] = [];
    const argNodes: AstNode[] = [];
    for (const a of e.args) {
      argCosts.push(this.cost(a));
      argNodes.push(this.node(a));
    }
    const overloads = this.ast.refs.get(e.id)?.overloads ?? [];
    if (overloads.length === 0) return fixed(0);
    let sum = fixed(0);
    let target: AstNode | undefined;
    if (e.target) {
      sum = est.add(sum, this.cost(e.target));
      target = this.node(e.target);
    }
    let fnCost: Estimate = { min: MAX_U64, max: 0n };
    let resultSize: Estimate | undefined;
    for (const o of overloads) {
      const oc = this.functionCost(e, e.fn, o, target, argNodes, argCosts);
      fnCost = est.union(fnCost, oc.cost);
      if (oc.resultSize) resultSize = resultSize ? est.union(resultSize, oc.resultSize) : oc.resultSize;
      if (o === 'index_list' && e.args.length > 0) {
        resultSize = this.computeEntrySize(e.args[0])?.val;
        this.paths.set(e.id, [...(this.getPath(e.args[0]) ?? []), '@items']);
      } else if (o === 'index_map' && e.args.length > 0) {
        resultSize = this.computeEntrySize(e.args[0])?.val;
        this.paths.set(e.id, [...(this.getPath(e.args[0]) ?? []), '@values']);
      }
      if (!resultSize) resultSize = this.computeSize(e);
    }
    if (resultSize) this.sizes.set(e.id, resultSize);
    return est.add(sum, fnCost);
  }

  private functionCost(e: Extract<Expr, { kind: 'call' }>, fn: string, overloadId: string, target: AstNode | undefined, args: AstNode[], argCosts: Estimate[]): CallEstimate {
    const argSum = () => argCosts.reduce((a, b) => est.add(a, b), fixed(0));
    const hooked = this.hooks.estimateCallCost(fn, overloadId, target, args);
    if (hooked) return { cost: est.add(hooked.cost, argSum()), resultSize: hooked.resultSize };
    const size = (n: AstNode) => n.computedSize ?? UNKNOWN_SIZE;
    switch (overloadId) {
      case 'string_format':
        if (target) return { cost: est.add(est.factor(size(target), STRING_TRAVERSAL), argSum()) };
        break;
      case 'string_to_bytes':
        if (args.length === 1) {
          const sz = size(args[0]);
          return { cost: est.add(est.factor(sz, STRING_TRAVERSAL), argSum()), resultSize: { min: sz.min, max: mulU(sz.max, 4n) } };
        }
        break;
      case 'bytes_to_string':
        if (args.length === 1) {
          const sz = size(args[0]);
          return { cost: est.add(est.factor(sz, STRING_TRAVERSAL), argSum()), resultSize: { min: sz.min / 4n, max: sz.max } };
        }
        break;
      case 'strings_quote':
        if (args.length === 1) {
          const sz = size(args[0]);
          return { cost: est.add(est.factor(sz, STRING_TRAVERSAL), argSum()), resultSize: { min: addU(sz.min, 2n), max: addU(mulU(sz.max, 2n), 2n) } };
        }
        break;
      case 'starts_with_string': case 'ends_with_string':
        if (args.length === 1) return { cost: est.add(est.factor(size(args[0]), STRING_TRAVERSAL), argSum()) };
        break;
      case 'in_list':
        if (args.length === 2) return { cost: est.add(est.factor(size(args[1]), 1), argSum()) };
        break;
      case 'matches_string':
        if (target && args.length === 1) {
          const strCost = est.factor(est.add(size(target), fixed(1)), STRING_TRAVERSAL);
          const regexCost = est.factor(size(args[0]), REGEX_LENGTH);
          return { cost: est.add(est.mul(strCost, regexCost), argSum()) };
        }
        break;
      case 'contains_string':
        if (target && args.length === 1) {
          const strCost = est.factor(size(target), STRING_TRAVERSAL);
          const subCost = est.factor(size(args[0]), STRING_TRAVERSAL);
          return { cost: est.add(est.mul(strCost, subCost), argSum()) };
        }
        break;
      case 'logical_or': case 'logical_and': {
        const [l, r] = argCosts;
        return { cost: { min: l.min, max: est.add(l, r).max } };
      }
      case 'conditional': {
        const sz = est.union(size(args[1]), size(args[2]));
        const a = this.computeEntrySize(e.args[1]);
        const b = this.computeEntrySize(e.args[2]);
        if (a && b) this.entrySizes.set(e.id, { container: a.container, key: est.union(a.key, b.key), val: est.union(a.val, b.val) });
        return { cost: est.add(argCosts[0], est.union(argCosts[1], argCosts[2])), resultSize: sz };
      }
      case 'add_string': case 'add_bytes': case 'add_list':
        if (args.length === 2) {
          const rs = est.add(size(args[0]), size(args[1]));
          const a = this.computeEntrySize(e.args[0]);
          const b = this.computeEntrySize(e.args[1]);
          if (a && b) this.entrySizes.set(e.id, { container: a.container, key: est.union(a.key, b.key), val: est.union(a.val, b.val) });
          if (overloadId === 'add_list') return { cost: est.add(fixed(1), argSum()), resultSize: rs };
          return { cost: est.add(est.factor(rs, STRING_TRAVERSAL), argSum()), resultSize: rs };
        }
        break;
      case 'less_string': case 'greater_string': case 'less_equals_string': case 'greater_equals_string':
      case 'less_bytes': case 'greater_bytes': case 'less_equals_bytes': case 'greater_equals_bytes':
      case 'equals': case 'not_equals': {
        const l = size(args[0]);
        const r = size(args[1]);
        const smallestMax = l.max < r.max ? l.max : r.max;
        const min = smallestMax > 0n ? 1n : 0n;
        return { cost: est.add(est.factor({ min, max: smallestMax }, STRING_TRAVERSAL), argSum()) };
      }
      default: break;
    }
    return { cost: est.add(fixed(1), argSum()) };
  }

  private sizeOrUnknown(e: Expr): Estimate { return this.computeSize(e) ?? UNKNOWN_SIZE; }

  private copySizes(dst: Expr, src: Expr): void {
    const s = this.computeSize(src);
    if (s) this.sizes.set(dst.id, s);
    const es = this.computeEntrySize(src);
    if (es) this.entrySizes.set(dst.id, es);
  }

  private computeSize(e: Expr): Estimate | undefined {
    const known = this.sizes.get(e.id);
    if (known) return known;
    const lit = exprSize(e);
    if (lit) return lit;
    const node: AstNode = { expr: e, path: this.getPath(e), type: this.type(e) };
    const hooked = this.hooks.estimateSize(node);
    if (hooked) { this.sizes.set(e.id, hooked); return hooked; }
    if (isScalar(this.type(e))) return fixed(1);
    if (e.kind === 'ident') { const v = this.peek(e.name); if (v?.size) return v.size; }
    return undefined;
  }

  private computeEntrySize(e: Expr): EntrySize | undefined {
    const known = this.entrySizes.get(e.id);
    if (known) return known;
    if (e.kind === 'ident') { const v = this.peek(e.name); if (v?.entrySize) return v.entrySize; }
    return undefined;
  }
}

function exprSize(e: Expr): Estimate | undefined {
  switch (e.kind) {
    case 'const':
      switch (e.value.kind) {
        case 'string': return fixed([...e.value.value].length);
        case 'bytes': return fixed(e.value.value.length);
        default: return fixed(1);
      }
    case 'list': return fixed(e.elements.length);
    case 'map': return fixed(e.entries.length);
    default: return undefined;
  }
}

function isScalar(t: CelType): boolean {
  switch (t.kind) {
    case 'bool': case 'double': case 'duration': case 'int': case 'timestamp': case 'uint': return true;
    case 'opaque': return t.name === 'optional_type' && t.params.length > 0 && isScalar(t.params[0]);
    default: return false;
  }
}
