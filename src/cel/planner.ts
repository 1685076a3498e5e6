// The planner turns a checked AST into a tree of closures, once; a program then evaluates it many times.
// The plan follows cel-go's interpreter (attributes with qualifiers, folds, constant list and map literals
// pre-built, set membership for constant lists) so that the runtime cost it charges equals cel-go's.
import type { Expr } from './ast.js';
import type { Reference } from './checker.js';
import { candidateNames, type TypeProvider } from './decls.js';
import type { CallCostFn } from './cost-tracker.js';
import { ACCUMULATOR } from './macros.js';
import { compileRegex, contains, optionalIndex, type RuntimeLibrary, type RuntimeOverload } from './stdlib.js';
import { CelError, CelMap, CelOptional, CelType, CelUint, celEquals, isObjectValue, noSuchOverload, runtimeTypeName } from './values.js';

/** Per-evaluation state. */
export interface EvalState {
  vars: Record<string, unknown>;
  frame: unknown[];
  cost: number;
  limit: number;
  /** Asked every 100 comprehension iterations (cel-go's interrupt check); true cancels the evaluation. */
  interrupted?: () => boolean;
  iterations: number;
}

export type Node = (s: EvalState) => unknown;

/** Thrown when the runtime cost exceeds the limit; never absorbed by && or ||. */
export class CelCostLimitExceeded {
  constructor(readonly message = 'operation cancelled: actual cost limit exceeded') {}
}

/** Resolves, per call site, the cost the runtime tracker charges for a call (cel-go's costCall plus libraries'). */
export type CallCost = (fn: string, overloadId: string, arity: number) => CallCostFn;

export interface PlanInput {
  expr: Expr;
  refs: Map<number, Reference>;
  functions: RuntimeLibrary;
  callCost: CallCost;
  /** has() costs nothing (Kubernetes: PresenceTestHasCost(false)). */
  presenceTestHasCost: boolean;
  /** Container for resolving names of unchecked expressions. */
  container: string;
  /** Builds the values of struct literals (object types the provider knows). */
  provider?: TypeProvider;
}

export interface Plan {
  root: Node;
  frameSize: number;
}

const charge = (s: EvalState, n: number): void => {
  s.cost += n;
  if (s.cost > s.limit) throw new CelCostLimitExceeded();
};

type Qualifier =
  | { kind: 'const'; key: unknown; optional: boolean; presence: boolean }
  | { kind: 'dynamic'; node: Node; optional: boolean };

export function plan(input: PlanInput): Plan {
  const p = new Planner(input);
  const root = p.plan(input.expr);
  return { root, frameSize: p.frameSize };
}

class Planner {
  frameSize = 0;
  private readonly scopes: Map<string, number>[] = [];
  /** Slots of accumulators that build lists in place (map/filter folds). */
  private readonly listBuilders = new Set<number>();

  constructor(private readonly input: PlanInput) {}

  plan(e: Expr): Node {
    const c = this.constantValue(e);
    if (c.ok) { const v = c.value; return () => v; }
    switch (e.kind) {
      case 'ident': case 'select': return this.planAttribute(e);
      case 'call': return this.planCall(e);
      case 'list': return this.planList(e);
      case 'map': return this.planMap(e);
      case 'struct': return this.planStruct(e);
      case 'comprehension': return this.planFold(e);
      default: throw new Error(`unexpected node ${(e as Expr).kind}`);
    }
  }

  /** Literals and literal lists/maps made only of constants are values built once (cel-go's OptOptimize). */
  private constantValue(e: Expr): { ok: true; value: unknown } | { ok: false } {
    switch (e.kind) {
      case 'const': {
        const v = e.value;
        switch (v.kind) {
          case 'null': return { ok: true, value: null };
          case 'uint': return { ok: true, value: new CelUint(v.value) };
          default: return { ok: true, value: v.value };
        }
      }
      case 'ident': {
        const ref = this.input.refs.get(e.id);
        if (!this.lookupLocal(e.name) && ref?.name !== undefined && TYPE_NAMES.has(ref.name)) return { ok: true, value: new CelType(TYPE_NAMES.get(ref.name)!) };
        return { ok: false };
      }
      case 'list': {
        if (e.optionalIndices.length > 0) return { ok: false };
        const out: unknown[] = [];
        for (const el of e.elements) {
          const c = this.constantValue(el);
          if (!c.ok) return { ok: false };
          out.push(c.value);
        }
        return { ok: true, value: out };
      }
      case 'call': {
        if (e.target || e.args.length !== 1 || !CONVERSIONS.has(e.fn)) return { ok: false };
        const c = this.constantValue(e.args[0]);
        const impl = this.input.functions.get(e.fn);
        if (!c.ok || !impl || impl.length !== 1) return { ok: false };
        try {
          return { ok: true, value: impl[0].impl(c.value) };
        } catch (err) {
          if (err instanceof CelError) return { ok: false };
          throw err;
        }
      }
      case 'map': {
        const m = new CelMap();
        for (const en of e.entries) {
          if (en.optional) return { ok: false };
          const k = this.constantValue(en.key);
          const v = this.constantValue(en.value);
          if (!k.ok || !v.ok) return { ok: false };
          const kt = runtimeTypeName(k.value);
          if (kt !== 'string' && kt !== 'int' && kt !== 'uint' && kt !== 'bool') return { ok: false };
          if (!m.set(k.value, v.value)) return { ok: false };
        }
        return { ok: true, value: m };
      }
      default: return { ok: false };
    }
  }

  private lookupLocal(name: string): number | undefined {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const slot = this.scopes[i].get(name);
      if (slot !== undefined) return slot;
    }
    return undefined;
  }

  // ---- attributes

  /** Plans ident/select/index chains as one attribute: 1 for the attribute plus 1 per qualifier evaluated. */
  /**
   * `chargeBase` false: the attribute is a branch of ?: — cel-go resolves it through the conditional attribute,
   * so only its qualifiers are charged.
   */
  private planAttribute(e: Expr, chargeBase = true): Node {
    const quals: Qualifier[] = [];
    let cur: Expr = e;
    let presence = false;
    for (;;) {
      if (cur.kind === 'select') {
        quals.push({ kind: 'const', key: cur.field, optional: false, presence: cur.testOnly });
        presence ||= cur.testOnly;
        cur = cur.operand;
        continue;
      }
      if (cur.kind === 'call' && !cur.target && (cur.fn === '_[_]' || cur.fn === '_[?_]' || cur.fn === '_?._') && cur.args.length === 2) {
        const optional = cur.fn !== '_[_]';
        const idx = cur.args[1];
        const c = this.constantValue(idx);
        // An index that is itself an attribute is resolved by the qualifier, not evaluated (no base charge).
        quals.push(c.ok ? { kind: 'const', key: c.value, optional, presence: false }
          : { kind: 'dynamic', node: isAttribute(idx) ? this.planAttribute(idx, false) : this.plan(idx), optional });
        cur = cur.args[0];
        continue;
      }
      break;
    }
    quals.reverse();
    const attrCost = !chargeBase || (presence && !this.input.presenceTestHasCost) ? 0 : 1;
    const n = quals.length;
    // Every qualifier evaluated is charged 1, also the one that fails (cel-go observes it with the error); an
    // optional qualifier that finds nothing is not observed, and nothing after it is evaluated.
    const endsInPresenceTest = n > 0 && quals[n - 1].kind === 'const' && (quals[n - 1] as { presence: boolean }).presence;
    const none = (s: EvalState): unknown => {
      if (!endsInPresenceTest) return CelOptional.NONE;
      charge(s, 1);
      return false;
    };
    const runQuals = (s: EvalState, start: unknown, from: number): unknown => {
      let v = start;
      let optional = false;
      for (let i = from; i < n; i++) {
        const q = quals[i];
        const key = q.kind === 'const' ? q.key : q.node(s);
        if (q.kind === 'const' && q.presence) { charge(s, 1); v = presenceTest(v, key); continue; }
        if (v instanceof CelOptional) {
          optional = true;
          if (!v.has) return none(s);
          v = v.value;
        }
        if (q.optional || optional) {
          optional = true;
          v = optionalIndex(v, key);
          if (!(v as CelOptional).has) return none(s);
          charge(s, 1);
          continue;
        }
        charge(s, 1);
        v = qualify(v, key, false);
      }
      return v;
    };
    // The attribute itself is charged once evaluated, whether it produced a value or an error.
    const withBase = (f: Node): Node => {
      if (attrCost === 0) return f;
      return (s) => {
        let v: unknown;
        try {
          v = f(s);
        } catch (err) {
          if (err instanceof CelError) charge(s, attrCost);
          throw err;
        }
        charge(s, attrCost);
        return v;
      };
    };
    if (cur.kind === 'ident' && this.lookupLocal(cur.name) === undefined && !this.input.refs.has(cur.id) && !TYPE_NAMES.has(cur.name)) {
      // Unchecked expression: the name may be qualified by leading field selections and by the container.
      const fields: string[] = [];
      for (const q of quals) {
        if (q.kind === 'const' && typeof q.key === 'string' && !q.optional && !q.presence) fields.push(q.key);
        else break;
      }
      const options: { name: string; consumed: number }[] = [];
      for (let k = fields.length; k >= 0; k--) {
        for (const c of candidateNames(this.input.container, [cur.name, ...fields.slice(0, k)].join('.'))) options.push({ name: c, consumed: k });
      }
      const first = cur.name;
      return withBase((s) => {
        for (const o of options) {
          const v = s.vars[o.name];
          if (v !== undefined) return runQuals(s, v, o.consumed);
        }
        throw new CelError(`no such attribute(s): ${first}`);
      });
    }
    let root: Node;
    let rootIsIdent = false;
    if (cur.kind === 'ident') {
      root = this.planIdentValue(cur);
      rootIsIdent = true;
    } else {
      root = this.plan(cur);
    }
    if (n === 0) {
      if (!rootIsIdent) return root;
      if (attrCost === 0) return root;
      // Plain identifiers, the hottest nodes: read, charge, and fail with the value's error if it is one.
      const ident = cur as Extract<Expr, { kind: 'ident' }>;
      const slot = this.lookupLocal(ident.name);
      if (slot !== undefined) {
        return (s) => {
          const v = s.frame[slot];
          charge(s, 1);
          if (v instanceof CelError) throw v;
          return v;
        };
      }
      return withBase(root);
    }
    if (n === 1 && quals[0].kind === 'const' && !quals[0].optional && !quals[0].presence && attrCost === 1) {
      const key = quals[0].key;
      return (s) => {
        let v: unknown;
        try {
          v = root(s);
          if (v instanceof CelOptional) { v = runQuals(s, v, 0); charge(s, 1); return v; }
          charge(s, 1);
          v = qualify(v, key, false);
        } catch (err) {
          if (err instanceof CelError) charge(s, 1);
          throw err;
        }
        charge(s, 1);
        return v;
      };
    }
    return withBase((s) => runQuals(s, root(s), 0));
  }

  private planIdentValue(e: Extract<Expr, { kind: 'ident' }>): Node {
    const slot = this.lookupLocal(e.name);
    if (slot !== undefined) {
      return (s) => {
        const v = s.frame[slot];
        if (v instanceof CelError) throw v;
        return v;
      };
    }
    const name = e.name;
    return (s) => {
      const v = s.vars[name];
      if (v === undefined) throw new CelError(`no such attribute(s): ${name}`);
      return v;
    };
  }

  // ---- calls

  private planCall(e: Extract<Expr, { kind: 'call' }>): Node {
    switch (e.fn) {
      case '_&&_': return this.planLogic(e, false);
      case '_||_': return this.planLogic(e, true);
      case '_?_:_': return this.planConditional(e);
      case '@not_strictly_false': case '__not_strictly_false__': {
        const arg = this.plan(e.args[0]);
        return (s) => {
          let v: unknown;
          try { v = arg(s); } catch (err) { if (err instanceof CelError) { charge(s, 1); return true; } throw err; }
          charge(s, 1);
          return typeof v === 'boolean' ? v : true;
        };
      }
      case '_[_]': case '_[?_]': case '_?._':
        if (!e.target) return this.planAttribute(e);
        break;
      case 'or': case 'orValue':
        // cel-go's optional library evaluates these itself: the alternative only when needed, nothing charged.
        if (e.target && e.args.length === 1 && (this.input.refs.get(e.id)?.overloads ?? []).some((o) => o.startsWith('optional_'))) {
          const target = this.plan(e.target);
          const alt = this.plan(e.args[0]);
          const isOr = e.fn === 'or';
          return (s) => {
            const t = target(s);
            if (!(t instanceof CelOptional)) throw noSuchOverload();
            if (t.has) return isOr ? t : t.value;
            const a = alt(s);
            if (isOr && !(a instanceof CelOptional)) throw noSuchOverload();
            return a;
          };
        }
        break;
      case '@in': {
        const list = this.constantValue(e.args[1]);
        if (list.ok && Array.isArray(list.value) && isSetMembershipList(list.value)) {
          const values = list.value;
          const needle = this.plan(e.args[0]);
          // cel-go's set-membership optimisation: not a call, so nothing charged for `in` itself.
          return (s) => {
            const x = needle(s);
            for (const v of values) if (celEquals(v, x)) return true;
            return false;
          };
        }
        break;
      }
      case 'matches': {
        const pattern = e.target ? e.args[0] : e.args[1];
        if (pattern?.kind === 'const' && pattern.value.kind === 'string') compileRegex(pattern.value.value);
        break;
      }
      default: break;
    }
    const args = e.target ? [e.target, ...e.args] : e.args;
    // `@result + [x]` inside a list-building fold appends in place; it is charged as the call would be.
    if (e.fn === '_+_' && args.length === 2 && args[0].kind === 'ident' && args[1].kind === 'list' && args[1].optionalIndices.length === 0) {
      const slot = this.lookupLocal(args[0].name);
      if (slot !== undefined && this.listBuilders.has(slot)) return this.planAppend(slot, args[1]);
    }
    const argNodes = args.map((a) => this.plan(a));
    const ref = this.input.refs.get(e.id);
    const overloadIds = ref?.overloads ?? [];
    const overloadId = overloadIds.length === 1 ? overloadIds[0] : '';
    const impl = SPECIALISED[overloadId] ?? this.resolveImpl(e.fn, overloadIds, args.length);
    const cost = this.input.callCost(e.fn, overloadId, argNodes.length);
    const costOf = typeof cost === 'number' ? () => cost : cost;
    // cel-go evaluates every argument of a strict call, observes the call (and charges it) even when an argument
    // is an error, then returns the first error.
    const failed = (s: EvalState, vals: unknown[], err: CelError): never => {
      charge(s, costOf(vals, err));
      throw err;
    };
    switch (argNodes.length) {
      case 0:
        return (s) => { const r = impl([]); charge(s, costOf([], r)); return r; };
      case 1: {
        const [a0] = argNodes;
        return (s) => {
          let x: unknown;
          try { x = a0(s); } catch (err) { if (err instanceof CelError) failed(s, [err], err); throw err; }
          const vals = [x];
          const r = impl(vals);
          charge(s, costOf(vals, r));
          return r;
        };
      }
      case 2: {
        const [a0, a1] = argNodes;
        return (s) => {
          let x: unknown;
          let y: unknown;
          let err: CelError | undefined;
          try { x = a0(s); } catch (e) { if (!(e instanceof CelError)) throw e; err = e; x = e; }
          try { y = a1(s); } catch (e) { if (!(e instanceof CelError)) throw e; err ??= e; y = e; }
          const vals = [x, y];
          if (err) failed(s, vals, err);
          const r = impl(vals);
          charge(s, costOf(vals, r));
          return r;
        };
      }
      default:
        return (s) => {
          let err: CelError | undefined;
          const vals = argNodes.map((n) => {
            try { return n(s); } catch (e) { if (!(e instanceof CelError)) throw e; err ??= e; return e; }
          });
          if (err) failed(s, vals, err);
          const r = impl(vals);
          charge(s, costOf(vals, r));
          return r;
        };
    }
  }

  private resolveImpl(fn: string, overloadIds: string[], arity: number): (args: unknown[]) => unknown {
    const all = this.input.functions.get(fn);
    if (!all || all.length === 0) {
      return () => { throw new CelError(`no such overload: ${fn}`); };
    }
    // The overloads the checker resolved, else (unchecked or dyn) every specific overload, then generic ones.
    const specific = all.filter((o) => o.id !== '*' && overloadIds.includes(o.id));
    const generic = all.filter((o) => o.id === '*');
    // Standard overloads the checker allowed may have no runtime entry of their own (the generic one implements them):
    // then it follows the specific ones (`string(dyn)` is an int at run time, not a library's IP).
    const uncovered = overloadIds.some((id) => !all.some((o) => o.id === id));
    let candidates: RuntimeOverload[] = specific.length > 0 ? (uncovered ? [...specific, ...generic] : specific) : [...all.filter((o) => o.id !== '*'), ...generic];
    if (specific.length === 0 && overloadIds.length > 0 && generic.length > 0) candidates = generic;
    if (candidates.length === 1 && (specific.length === 1 || !candidates[0].guard)) {
      const f = candidates[0].impl;
      switch (arity) {
        case 0: return () => f();
        case 1: return (a) => f(a[0]);
        case 2: return (a) => f(a[0], a[1]);
        case 3: return (a) => f(a[0], a[1], a[2]);
        default: return (a) => f(...a);
      }
    }
    return (a) => {
      for (const o of candidates) if (!o.guard || o.guard(a)) return o.impl(...a);
      throw noSuchOverload();
    };
  }

  private planAppend(slot: number, list: Extract<Expr, { kind: 'list' }>): Node {
    const elems = list.elements.map((el) => this.plan(el));
    const literalCost = this.constantValue(list).ok ? 0 : 10;
    return (s) => {
      const acc = s.frame[slot];
      if (acc instanceof CelError) throw acc;
      charge(s, 1); // the accumulator identifier
      const vals = elems.map((n) => n(s));
      charge(s, literalCost); // the list literal
      (acc as unknown[]).push(...vals);
      charge(s, 1); // add_list
      return acc;
    };
  }

  private planLogic(e: Extract<Expr, { kind: 'call' }>, isOr: boolean): Node {
    const [l, r] = e.args.map((a) => this.plan(a));
    const stop = isOr;
    return (s) => {
      let err: unknown;
      try {
        const v = l(s);
        if (v === stop) return stop;
        if (typeof v !== 'boolean') err = noSuchOverload();
      } catch (x) {
        if (!(x instanceof CelError)) throw x;
        err = x;
      }
      let v: unknown;
      try {
        v = r(s);
      } catch (x) {
        if (!(x instanceof CelError)) throw x;
        throw err ?? x;
      }
      if (v === stop) return stop;
      if (err) throw err;
      if (typeof v !== 'boolean') throw noSuchOverload();
      return v;
    };
  }

  private planConditional(e: Extract<Expr, { kind: 'call' }>): Node {
    const c = this.plan(e.args[0]);
    const branch = (b: Expr) => (isAttribute(b) && !this.constantValue(b).ok ? this.planAttribute(b, false) : this.plan(b));
    const t = branch(e.args[1]);
    const f = branch(e.args[2]);
    return (s) => {
      const v = c(s);
      if (v === true) return t(s);
      if (v === false) return f(s);
      throw noSuchOverload();
    };
  }

  // ---- literals

  private planList(e: Extract<Expr, { kind: 'list' }>): Node {
    const elems = e.elements.map((el) => this.plan(el));
    const optional = new Set(e.optionalIndices);
    if (optional.size === 0) {
      return (s) => {
        const out = new Array(elems.length);
        for (let i = 0; i < elems.length; i++) out[i] = elems[i](s);
        charge(s, 10);
        return out;
      };
    }
    return (s) => {
      const out: unknown[] = [];
      elems.forEach((n, i) => {
        const v = n(s);
        if (!optional.has(i)) { out.push(v); return; }
        if (!(v instanceof CelOptional)) throw new CelError(`cannot initialize optional list element from non-optional value ${String(v)}`);
        if (v.has) out.push(v.value);
      });
      charge(s, 10);
      return out;
    };
  }

  /** Struct literals of the provider's object types (cel-go's CreateStruct: fields in order, 40 for the creation). */
  private planStruct(e: Extract<Expr, { kind: 'struct' }>): Node {
    const provider = this.input.provider;
    const typeName = e.typeName;
    if (!provider?.newValue || !provider.findObjectType(typeName)) throw new CelError(`unknown type '${typeName}'`);
    const newValue = provider.newValue.bind(provider);
    const fields = e.fields.map((f) => ({ name: f.field, value: this.plan(f.value), optional: f.optional }));
    return (s) => {
      const set = new Map<string, unknown>();
      for (const f of fields) {
        let v = f.value(s);
        if (f.optional) {
          if (!(v instanceof CelOptional)) throw new CelError(`cannot initialize optional entry '${f.name}' from non-optional value ${String(v)}`);
          if (!v.has) continue;
          v = v.value;
        }
        set.set(f.name, v);
      }
      charge(s, 40);
      return newValue(typeName, set);
    };
  }

  private planMap(e: Extract<Expr, { kind: 'map' }>): Node {
    const entries = e.entries.map((en) => ({ key: this.plan(en.key), value: this.plan(en.value), optional: en.optional }));
    return (s) => {
      const m = new CelMap();
      for (const en of entries) {
        const k = en.key(s);
        let v = en.value(s);
        if (en.optional) {
          if (!(v instanceof CelOptional)) throw new CelError(`cannot initialize optional entry '${String(k)}' from non-optional value ${String(v)}`);
          if (!v.has) continue;
          v = v.value;
        }
        const kt = runtimeTypeName(k);
        if (kt !== 'string' && kt !== 'int' && kt !== 'uint' && kt !== 'bool') throw new CelError(`unsupported key type: ${kt}`);
        if (!m.set(k, v)) throw new CelError(`Failed with repeated key: ${String(k)}`);
      }
      charge(s, 30);
      return m;
    };
  }

  // ---- comprehensions

  private planFold(e: Extract<Expr, { kind: 'comprehension' }>): Node {
    const range = this.plan(e.iterRange);
    const init = this.plan(e.accuInit);
    const accuSlot = this.frameSize++;
    const builds = e.accuInit.kind === 'list' && e.accuInit.elements.length === 0 && e.accuVar === ACCUMULATOR;
    if (builds) this.listBuilders.add(accuSlot);
    this.scopes.push(new Map([[e.accuVar, accuSlot]]));
    const iterSlot = this.frameSize++;
    const iterScope = new Map([[e.iterVar, iterSlot]]);
    let iter2Slot = -1;
    if (e.iterVar2) { iter2Slot = this.frameSize++; iterScope.set(e.iterVar2, iter2Slot); }
    this.scopes.push(iterScope);
    const cond = this.plan(e.loopCondition);
    const step = this.plan(e.loopStep);
    this.scopes.pop();
    const result = this.plan(e.result);
    this.scopes.pop();
    const two = iter2Slot >= 0;
    const condAlwaysTrue = e.loopCondition.kind === 'const' && e.loopCondition.value.kind === 'bool' && e.loopCondition.value.value;
    return (s) => {
      const r = range(s);
      const f = s.frame;
      f[accuSlot] = builds ? [] : init(s);
      const body = (a: unknown, b: unknown): boolean => {
        if (++s.iterations % 100 === 0 && s.interrupted?.()) throw new CelCostLimitExceeded('operation interrupted');
        f[iterSlot] = a;
        if (two) f[iter2Slot] = b;
        if (!condAlwaysTrue) {
          const c = cond(s);
          if (c !== true) return false;
        }
        try {
          f[accuSlot] = step(s);
        } catch (err) {
          if (err instanceof CelError) f[accuSlot] = err;
          else throw err;
        }
        return true;
      };
      if (Array.isArray(r)) {
        for (let i = 0; i < r.length; i++) {
          if (!(two ? body(BigInt(i), r[i]) : body(r[i], undefined))) break;
        }
      } else if (r instanceof CelMap) {
        for (let i = 0; i < r.keys.length; i++) if (!body(r.keys[i], r.vals[i])) break;
      } else if (isObjectValue(r)) {
        throw new CelError(`got '${r.celTypeName}', expected iterable type`);
      } else {
        throw new CelError(`got '${runtimeTypeName(r)}', expected iterable type`);
      }
      const out = result(s);
      f[iterSlot] = undefined;
      if (two) f[iter2Slot] = undefined;
      return out;
    };
  }
}

const MAX_I64 = (1n << 63n) - 1n;
const MIN_I64 = -(1n << 63n);
const checkedInt = (v: bigint): bigint => {
  if (v > MAX_I64 || v < MIN_I64) throw new CelError('integer overflow');
  return v;
};

/**
 * Implementations for overloads whose argument types the checker has fixed (int64 and double arithmetic and
 * comparisons), skipping the generic dispatch on runtime types.
 */
const SPECIALISED: Record<string, (args: unknown[]) => unknown> = {
  add_int64: (a) => checkedInt((a[0] as bigint) + (a[1] as bigint)),
  subtract_int64: (a) => checkedInt((a[0] as bigint) - (a[1] as bigint)),
  multiply_int64: (a) => checkedInt((a[0] as bigint) * (a[1] as bigint)),
  less_int64: (a) => (a[0] as bigint) < (a[1] as bigint),
  less_equals_int64: (a) => (a[0] as bigint) <= (a[1] as bigint),
  greater_int64: (a) => (a[0] as bigint) > (a[1] as bigint),
  greater_equals_int64: (a) => (a[0] as bigint) >= (a[1] as bigint),
  add_double: (a) => (a[0] as number) + (a[1] as number),
  subtract_double: (a) => (a[0] as number) - (a[1] as number),
  multiply_double: (a) => (a[0] as number) * (a[1] as number),
  divide_double: (a) => (a[0] as number) / (a[1] as number),
  less_double: (a) => (a[0] as number) < (a[1] as number),
  less_equals_double: (a) => (a[0] as number) <= (a[1] as number),
  greater_double: (a) => (a[0] as number) > (a[1] as number),
  greater_equals_double: (a) => (a[0] as number) >= (a[1] as number),
  less_string: (a) => compareStrings(a[0] as string, a[1] as string) < 0,
  logical_not: (a) => { if (typeof a[0] !== 'boolean') throw noSuchOverload(); return !a[0]; },
};

function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  // Code-point order: JS compares UTF-16 units, which differ from code points only around surrogates.
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i].codePointAt(0)! < y[i].codePointAt(0)! ? -1 : 1;
  return x.length - y.length;
}

/** Nodes cel-go plans as attributes (identifiers, selections, indexing). */
function isAttribute(e: Expr): boolean {
  if (e.kind === 'ident') return true;
  if (e.kind === 'select') return !e.testOnly;
  return e.kind === 'call' && !e.target && (e.fn === '_[_]' || e.fn === '_[?_]' || e.fn === '_?._') && e.args.length === 2;
}

/** Type conversions cel-go's optimizer folds when their argument is a constant. */
const CONVERSIONS = new Set(['bool', 'bytes', 'double', 'duration', 'dyn', 'int', 'string', 'timestamp', 'type', 'uint']);

function isSetMembershipList(values: unknown[]): boolean {
  if (values.length === 0) return false;
  const kinds = new Set(values.map(runtimeTypeName));
  if (kinds.size !== 1) return false;
  const k = [...kinds][0];
  return k === 'bool' || k === 'int' || k === 'uint' || k === 'double' || k === 'string';
}

const TYPE_NAMES = new Map<string, string>([
  ['bool', 'bool'], ['bytes', 'bytes'], ['double', 'double'], ['int', 'int'], ['uint', 'uint'], ['string', 'string'],
  ['list', 'list'], ['map', 'map'], ['null_type', 'null_type'], ['type', 'type'], ['dyn', 'dyn'],
  ['google.protobuf.Duration', 'google.protobuf.Duration'], ['google.protobuf.Timestamp', 'google.protobuf.Timestamp'],
  ['optional_type', 'optional_type'],
]);

/** Selects a field or an element: `no such key` for absent map keys and object fields, as cel-go reports. */
export function qualify(v: unknown, key: unknown, _optional: boolean): unknown {
  if (v instanceof CelMap) {
    const r = v.get(key);
    if (r === undefined) {
      if (!v.has(key)) throw new CelError(`no such key: ${displayKey(key)}`);
    }
    return r;
  }
  if (Array.isArray(v)) {
    let i: number;
    if (typeof key === 'bigint') i = Number(key);
    else if (key instanceof CelUint) i = Number(key.v);
    else if (typeof key === 'number' && Number.isInteger(key)) i = key;
    else throw new CelError(`unsupported index type '${runtimeTypeName(key)}' in list`);
    if (i < 0 || i >= v.length) throw new CelError(`index out of bounds: ${i}`);
    return v[i];
  }
  if (isObjectValue(v)) {
    if (typeof key !== 'string') throw noSuchOverload();
    const r = v.getField(key);
    if (r === undefined) throw new CelError(`no such key: ${key}`);
    return r;
  }
  if (v === null || typeof v !== 'object') throw noSuchOverload();
  throw noSuchOverload();
}

function displayKey(k: unknown): string {
  if (k instanceof CelUint) return k.v.toString();
  return String(k);
}

function presenceTest(v: unknown, key: unknown): boolean {
  if (v instanceof CelMap) return v.has(key);
  if (isObjectValue(v)) return v.hasField(String(key));
  if (v instanceof CelOptional) return v.has ? presenceTest(v.value, key) : false;
  throw noSuchOverload();
}

export { contains };
