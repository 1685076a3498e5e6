// The CEL type checker, following cel-go's checker: types every node, resolves identifiers (with container
// names) and function overloads (type parameters, dyn, optional types), and reports cel-go's error texts.
import type { Expr, SourceInfo } from './ast.js';
import { candidateNames, TYPE_IDENTIFIERS, type FunctionDecl, type TypeProvider } from './decls.js';
import { Issues } from './issues.js';
import {
  T, Mapping, formatSignature, formatType, isAssignable, isAssignableList, isDyn, isDynOrError, isExactType, isOptional,
  mostGeneral, renameParams, collectTypeParams, substitute, type CelType,
} from './types.js';

export interface Reference {
  /** Resolved variable name for identifiers (qualified). */
  name?: string;
  /** Matching overload ids for calls. */
  overloads?: string[];
}

export interface CheckerEnv {
  container: string;
  variables: ReadonlyMap<string, CelType>;
  functions: ReadonlyMap<string, FunctionDecl>;
  provider: TypeProvider;
  homogeneousAggregateLiterals: boolean;
  /** Overload ids the checker must ignore (cross-type comparisons when the feature is off). */
  hiddenOverloads: ReadonlySet<string>;
}

export interface CheckedAst {
  expr: Expr;
  source: SourceInfo;
  types: Map<number, CelType>;
  refs: Map<number, Reference>;
  /** Type of the whole expression. */
  type: CelType;
}

export function check(expr: Expr, source: SourceInfo, env: CheckerEnv, issues = new Issues(source)): { ast?: CheckedAst; issues: Issues } {
  const c = new Checker(env, source, issues);
  c.check(expr);
  // Final pass: substitute type parameters everywhere, free ones becoming dyn.
  for (const [id, t] of c.types) c.types.set(id, substitute(c.mappings, t, true));
  if (!issues.empty) return { issues };
  return { ast: { expr, source, types: c.types, refs: c.refs, type: c.types.get(expr.id) ?? T.dyn }, issues };
}

class Checker {
  readonly types = new Map<number, CelType>();
  readonly refs = new Map<number, Reference>();
  mappings = new Mapping();
  private freeTypeVars = 0;
  private readonly scopes: Map<string, CelType>[] = [];

  constructor(private readonly env: CheckerEnv, private readonly source: SourceInfo, private readonly issues: Issues) {}

  private offset(id: number): number { return this.source.positions.get(id) ?? -1; }
  private error(id: number, message: string): void { this.issues.report(this.offset(id), message, id); }
  private setType(e: Expr | number, t: CelType): void { this.types.set(typeof e === 'number' ? e : e.id, t); }
  private getType(e: Expr): CelType { return this.types.get(e.id) ?? T.error; }
  private newTypeVar(): CelType { return T.param(`_var${this.freeTypeVars++}`); }

  private assignable(t1: CelType, t2: CelType): boolean {
    const m = isAssignable(this.mappings, t1, t2);
    if (m) { this.mappings = m; return true; }
    return false;
  }

  private lookupIdent(name: string): { name: string; type: CelType } | undefined {
    for (const candidate of candidateNames(this.env.container, name)) {
      for (let i = this.scopes.length - 1; i >= 0; i--) {
        const t = this.scopes[i].get(candidate);
        if (t) return { name: candidate, type: t };
      }
      const v = this.env.variables.get(candidate);
      if (v) return { name: candidate, type: v };
      const ti = TYPE_IDENTIFIERS[candidate];
      if (ti) return { name: candidate, type: ti };
      if (this.env.provider.findObjectType(candidate)) return { name: candidate, type: T.typeOf(T.object(candidate)) };
    }
    return undefined;
  }

  private lookupFunction(name: string): FunctionDecl | undefined {
    for (const candidate of candidateNames(this.env.container, name)) {
      const f = this.env.functions.get(candidate);
      if (f) return f;
    }
    return undefined;
  }

  check(e: Expr): void {
    switch (e.kind) {
      case 'const': {
        const k = e.value.kind;
        this.setType(e, k === 'null' ? T.null : T[k]);
        return;
      }
      case 'ident': return this.checkIdent(e);
      case 'select': return this.checkSelect(e);
      case 'call': return this.checkCall(e);
      case 'list': return this.checkList(e);
      case 'map': return this.checkMap(e);
      case 'struct': return this.checkStruct(e);
      case 'comprehension': return this.checkComprehension(e);
    }
  }

  private checkIdent(e: Extract<Expr, { kind: 'ident' }>): void {
    const found = this.lookupIdent(e.name);
    if (found) {
      this.setType(e, found.type);
      this.refs.set(e.id, { name: found.name });
      e.name = found.name;
      return;
    }
    this.setType(e, T.error);
    this.error(e.id, `undeclared reference to '${e.name}' (in container '${this.env.container}')`);
  }

  private checkSelect(e: Extract<Expr, { kind: 'select' }>): void {
    const qname = qualifiedName(e);
    if (qname !== undefined && !e.testOnly) {
      const found = this.lookupIdent(qname);
      if (found) {
        // The whole select chain names a variable: it becomes an identifier.
        const node = e as unknown as Extract<Expr, { kind: 'ident' }>;
        const id = e.id;
        for (const k of Object.keys(e)) delete (e as unknown as Record<string, unknown>)[k];
        Object.assign(node, { id, kind: 'ident', name: found.name });
        this.setType(node, found.type);
        this.refs.set(id, { name: found.name });
        return;
      }
    }
    let resultType = this.checkSelectField(e, e.operand, e.field, false);
    if (e.testOnly) resultType = T.bool;
    this.setType(e, substitute(this.mappings, resultType, false));
  }

  private checkSelectField(e: Expr, operand: Expr, field: string, optional: boolean): CelType {
    this.check(operand);
    const operandType = substitute(this.mappings, this.getType(operand), false);
    const isOpt = isOptional(operandType);
    const target = isOpt ? (operandType as Extract<CelType, { kind: 'opaque' }>).params[0] : operandType;
    let result: CelType = T.error;
    switch (target.kind) {
      case 'map': result = target.value; break;
      case 'object': {
        if (!this.env.provider.findObjectType(target.name)) {
          this.error(e.id, `unexpected failed resolution of '${target.name}'`);
          break;
        }
        const ft = this.env.provider.findFieldType(target.name, field);
        if (ft) result = ft;
        else this.error(e.id, `undefined field '${field}'`);
        break;
      }
      case 'typeparam':
        this.assignable(T.dyn, target);
        result = T.dyn;
        break;
      default:
        if (!isDynOrError(target)) this.error(e.id, `type '${formatType(target)}' does not support field selection`);
        result = T.dyn;
    }
    return isOpt || optional ? T.optional(result) : result;
  }

  private checkCall(e: Extract<Expr, { kind: 'call' }>): void {
    if (e.fn === '_?._') {
      const [operand, field] = e.args;
      if (field.kind !== 'const' || field.value.kind !== 'string') {
        this.error(field.id, `unsupported optional field selection: ${JSON.stringify(field)}`);
        return;
      }
      const t = this.checkSelectField(e, operand, field.value.value, true);
      this.setType(e, substitute(this.mappings, t, false));
      this.refs.set(e.id, { overloads: ['select_optional_field'] });
      return;
    }
    for (const a of e.args) this.check(a);
    if (!e.target) {
      const f = this.lookupFunction(e.fn);
      if (!f) {
        this.error(e.id, `undeclared reference to '${e.fn}' (in container '${this.env.container}')`);
        this.setType(e, T.error);
        return;
      }
      e.fn = f.name;
      this.resolve(e, f, undefined);
      return;
    }
    const prefix = qualifiedName(e.target);
    if (prefix !== undefined) {
      const f = this.lookupFunction(`${prefix}.${e.fn}`);
      if (f) {
        // A namespaced global function written like a member call (e.g. optional.of(x)).
        e.fn = f.name;
        delete e.target;
        this.resolve(e, f, undefined);
        return;
      }
    }
    this.check(e.target);
    const f = this.lookupFunction(e.fn);
    if (f) { this.resolve(e, f, e.target); return; }
    this.setType(e, T.error);
    this.error(e.id, `undeclared reference to '${e.fn}' (in container '${this.env.container}')`);
  }

  private resolve(e: Extract<Expr, { kind: 'call' }>, f: FunctionDecl, target: Expr | undefined): void {
    const argTypes: CelType[] = [];
    if (target) argTypes.push(this.getType(target));
    for (const a of e.args) argTypes.push(this.getType(a));
    let resultType: CelType | undefined;
    const matched: string[] = [];
    for (const o of f.overloads) {
      if (this.env.hiddenOverloads.has(o.id)) continue;
      if ((target === undefined) === o.member) continue;
      if (f.name === '_&&_' || f.name === '_||_') {
        let bad = false;
        argTypes.forEach((t, i) => {
          if (!this.assignable(t, T.bool)) {
            this.error(e.args[i].id, `expected type '${formatType(T.bool)}' but found '${formatType(t)}'`);
            bad = true;
          }
        });
        if (bad) { this.setType(e, T.error); return; }
        this.setType(e, T.bool);
        this.refs.set(e.id, { overloads: [o.id] });
        return;
      }
      if (o.args.length !== argTypes.length) continue;
      if (obviouslyUnassignable(argTypes, o.args)) continue;
      let oArgs = o.args;
      let oResult = o.result;
      const names = new Set<string>();
      for (const t of o.args) collectTypeParams(t, names);
      collectTypeParams(o.result, names);
      if (names.size > 0) {
        const fresh = new Map<string, CelType>();
        for (const n of names) fresh.set(n, this.newTypeVar());
        const rename = (n: string) => fresh.get(n);
        oArgs = o.args.map((t) => renameParams(t, rename));
        oResult = renameParams(o.result, rename);
      }
      const m = isAssignableList(this.mappings, argTypes, oArgs);
      if (!m) continue;
      this.mappings = m;
      matched.push(o.id);
      const r = substitute(this.mappings, oResult, false);
      if (resultType === undefined) resultType = r;
      else if (!isDyn(resultType) && !isExactType(r, resultType)) resultType = T.dyn;
    }
    if (resultType === undefined) {
      const shown = argTypes.map((t) => substitute(this.mappings, t, true));
      this.error(e.id, `found no matching overload for '${f.name}' applied to '${formatSignature(shown, target !== undefined)}'`);
      this.setType(e, T.error);
      return;
    }
    this.setType(e, resultType);
    this.refs.set(e.id, { overloads: matched });
  }

  private joinTypes(e: Expr, previous: CelType | undefined, current: CelType): CelType {
    if (previous === undefined) return current;
    if (this.assignable(previous, current)) return mostGeneral(previous, current);
    if (!this.env.homogeneousAggregateLiterals) return T.dyn;
    this.error(e.id, `expected type '${formatType(previous)}' but found '${formatType(current)}'`);
    return T.error;
  }

  private checkList(e: Extract<Expr, { kind: 'list' }>): void {
    let elemType: CelType | undefined;
    e.elements.forEach((el, i) => {
      this.check(el);
      let t = this.getType(el);
      if (e.optionalIndices.includes(i)) {
        if (isOptional(t)) t = (t as Extract<CelType, { kind: 'opaque' }>).params[0];
        else if (!isDyn(t)) this.error(el.id, `expected type '${formatType(T.optional(t))}' but found '${formatType(t)}'`);
      }
      elemType = this.joinTypes(el, elemType, t);
    });
    this.setType(e, T.list(elemType ?? this.newTypeVar()));
  }

  private checkMap(e: Extract<Expr, { kind: 'map' }>): void {
    let keyType: CelType | undefined;
    let valueType: CelType | undefined;
    for (const en of e.entries) {
      this.check(en.key);
      keyType = this.joinTypes(en.key, keyType, this.getType(en.key));
      this.check(en.value);
      let vt = this.getType(en.value);
      if (en.optional) {
        if (isOptional(vt)) vt = (vt as Extract<CelType, { kind: 'opaque' }>).params[0];
        else if (!isDyn(vt)) this.error(en.value.id, `expected type '${formatType(T.optional(vt))}' but found '${formatType(vt)}'`);
      }
      valueType = this.joinTypes(en.value, valueType, vt);
    }
    if (keyType === undefined) { keyType = this.newTypeVar(); valueType = this.newTypeVar(); }
    this.setType(e, T.map(keyType, valueType!));
  }

  private checkStruct(e: Extract<Expr, { kind: 'struct' }>): void {
    const found = this.lookupIdent(e.typeName);
    if (!found) {
      this.error(e.id, `undeclared reference to '${e.typeName}' (in container '${this.env.container}')`);
      this.setType(e, T.error);
      for (const f of e.fields) this.check(f.value);
      return;
    }
    let t: CelType = T.error;
    if (found.type.kind === 'type' && found.type.param) {
      t = found.type.param;
      if (t.kind !== 'object') {
        this.error(e.id, `'${formatType(t)}' is not a message type`);
        t = T.error;
      }
    } else {
      this.error(e.id, `'${formatType(found.type)}' is not a type`);
    }
    e.typeName = found.name;
    this.refs.set(e.id, { name: found.name });
    this.setType(e, t);
    for (const f of e.fields) {
      this.check(f.value);
      if (t.kind !== 'object') continue;
      let ft = this.env.provider.findFieldType(t.name, f.field);
      if (!ft) { this.error(f.id, `undefined field '${f.field}'`); continue; }
      if (f.optional) ft = T.optional(ft);
      const vt = this.getType(f.value);
      if (!this.assignable(ft, vt)) this.error(f.id, `expected type of field '${f.field}' is '${formatType(ft)}' but provided type is '${formatType(vt)}'`);
    }
  }

  private checkComprehension(e: Extract<Expr, { kind: 'comprehension' }>): void {
    this.check(e.iterRange);
    this.check(e.accuInit);
    const rangeType = substitute(this.mappings, this.getType(e.iterRange), false);
    const accuType = this.getType(e.accuInit);
    this.scopes.push(new Map([[e.accuVar, accuType]]));
    let varType: CelType;
    let var2Type: CelType | undefined;
    switch (rangeType.kind) {
      case 'list':
        varType = rangeType.elem;
        if (e.iterVar2) { var2Type = varType; varType = T.int; }
        break;
      case 'map':
        varType = rangeType.key;
        if (e.iterVar2) var2Type = rangeType.value;
        break;
      case 'dyn': case 'error': case 'typeparam':
        this.assignable(T.dyn, rangeType);
        varType = T.dyn;
        if (e.iterVar2) var2Type = T.dyn;
        break;
      default:
        this.error(e.iterRange.id, `expression of type '${formatType(rangeType)}' cannot be range of a comprehension (must be list, map, or dynamic)`);
        varType = T.error;
        if (e.iterVar2) var2Type = T.error;
    }
    const iterScope = new Map([[e.iterVar, varType]]);
    if (e.iterVar2) iterScope.set(e.iterVar2, var2Type!);
    this.scopes.push(iterScope);
    this.check(e.loopCondition);
    this.assertType(e.loopCondition, T.bool);
    this.check(e.loopStep);
    this.assertType(e.loopStep, accuType);
    this.scopes.pop();
    this.check(e.result);
    this.scopes.pop();
    this.setType(e, substitute(this.mappings, this.getType(e.result), false));
  }

  private assertType(e: Expr, t: CelType): void {
    const actual = this.getType(e);
    if (!this.assignable(t, actual)) this.error(e.id, `expected type '${formatType(t)}' but found '${formatType(actual)}'`);
  }
}

const SCALARS = new Set(['bool', 'int', 'uint', 'double', 'string', 'bytes', 'timestamp', 'duration']);

/** A cheap pre-check before the full assignability test: two different scalar kinds never match. */
function obviouslyUnassignable(args: CelType[], params: CelType[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const a = args[i].kind;
    const p = params[i].kind;
    if (a !== p && SCALARS.has(a) && SCALARS.has(p)) return true;
    if (SCALARS.has(a) && (p === 'list' || p === 'map') || SCALARS.has(p) && (a === 'list' || a === 'map')) return true;
  }
  return false;
}

function qualifiedName(e: Expr): string | undefined {
  if (e.kind === 'ident') return e.name;
  if (e.kind === 'select' && !e.testOnly) {
    const base = qualifiedName(e.operand);
    return base === undefined ? undefined : `${base}.${e.field}`;
  }
  return undefined;
}

/** cel-go's semantic adorner for checked-AST dumps: `~type^reference`. */
export function semanticAdorner(ast: CheckedAst): (e: Expr | { entryId: number }) => string {
  return (e) => {
    if ('entryId' in e) return '';
    let s = '';
    const t = ast.types.get(e.id);
    if (t) s += `~${formatType(t)}`;
    const r = ast.refs.get(e.id);
    if (r) s += r.name !== undefined ? `^${r.name}` : `^${(r.overloads ?? []).join('|')}`;
    return s;
  };
}
