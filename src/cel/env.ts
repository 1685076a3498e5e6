// Environments and programs: the public API of the CEL engine.
//   const env = new Env({ variables: { self: T.int } });
//   const program = env.compile('self > 1');      // parse + check + plan, cached per expression
//   program.eval({ self: 3n });                    // true
import type { Expr } from './ast.js';
import { check, type CheckedAst, type CheckerEnv } from './checker.js';
import { callCostResolver, type CallCostFactory } from './cost-tracker.js';
import type { CostEstimatorHooks } from './cost-estimator.js';
import { NO_TYPES, type FunctionDecl, type TypeProvider } from './decls.js';
import { CelCompileError, Issues } from './issues.js';
import { OPTIONAL_MACROS, STANDARD_MACROS, TWO_VAR_MACROS, type Macro } from './macros.js';
import { parse, type ParseResult } from './parser.js';
import { CelCostLimitExceeded, plan, type EvalState, type Plan } from './planner.js';
import {
  CROSS_TYPE_COMPARISON_OVERLOADS, optionalDeclarations, standardDeclarations, twoVarComprehensionDeclarations,
} from './stdlib-decls.js';
import { optionalRuntime, standardRuntime, twoVarComprehensionRuntime, type RuntimeLibrary } from './stdlib.js';
import { T, type CelType } from './types.js';
import { homogeneousAggregateLiterals } from './validators.js';
import { CelError } from './values.js';

/** A set of declarations with their implementations (and macros). */
export interface CelLibrary {
  name: string;
  declarations?: FunctionDecl[];
  runtime?: RuntimeLibrary;
  macros?: Macro[];
  variables?: Record<string, CelType>;
  /** Cost overrides of this library's functions (runtime). */
  callCost?: CallCostFactory;
  /** AST validators the library adds (e.g. the strings extension's check of literal format calls). */
  validators?: ((ast: CheckedAst, issues: Issues) => void)[];
  /** Functions whose literal arguments the homogeneous-literal validator skips (cel-go's exempt functions). */
  homogeneousExempt?: string[];
  /** Compile-time cost estimates of this library's overloads (cel-go's OverloadCostEstimate). */
  estimateCallCost?: CostEstimatorHooks['estimateCallCost'];
}

export interface EnvOptions {
  container?: string;
  variables?: Record<string, CelType>;
  libraries?: CelLibrary[];
  provider?: TypeProvider;
  /** cel-go default false; Kubernetes true. */
  homogeneousAggregateLiterals?: boolean;
  /** cel-go default false; Kubernetes true from 1.28. */
  crossTypeNumericComparisons?: boolean;
  /** Optional syntax and library (cel-go's OptionalTypes). */
  optionalTypes?: boolean;
  /** cel-go's two-variable comprehensions extension. */
  twoVarComprehensions?: boolean;
  /** Runtime cost limit of one evaluation (Kubernetes' PerCallLimit is 1,000,000). */
  costLimit?: number;
  /** cel-go default true; Kubernetes false. */
  presenceTestHasCost?: boolean;
  /** Checks run on the checked AST (Kubernetes' literal validators); they report issues. */
  validators?: ((ast: CheckedAst, issues: Issues) => void)[];
  /** Skip the type checker (conformance tests with disable_check). */
  disableCheck?: boolean;
}

/**
 * A library whose declarations and runtime are built on first read: most servers never compile an expression, and
 * building the standard library's overloads was a visible part of start-up.
 */
function lazyLibrary(name: string, declarations: () => FunctionDecl[], runtime: () => RuntimeLibrary, macros: Macro[]): CelLibrary {
  let d: FunctionDecl[] | undefined;
  let r: RuntimeLibrary | undefined;
  return {
    name,
    get declarations() {
      return (d ??= declarations());
    },
    get runtime() {
      return (r ??= runtime());
    },
    macros,
  };
}

export const STANDARD_LIBRARY: CelLibrary = lazyLibrary('cel.lib.std', standardDeclarations, standardRuntime, STANDARD_MACROS);
export const OPTIONAL_LIBRARY: CelLibrary = lazyLibrary('cel.lib.optional', optionalDeclarations, optionalRuntime, OPTIONAL_MACROS);
export const TWO_VAR_COMPREHENSIONS_LIBRARY: CelLibrary = lazyLibrary('cel.lib.ext.comprev2', twoVarComprehensionDeclarations, twoVarComprehensionRuntime, TWO_VAR_MACROS);

const PROGRAM_CACHE_SIZE = 2000;

export class Env {
  readonly options: Readonly<EnvOptions>;
  private readonly functions: ReadonlyMap<string, FunctionDecl>;
  private readonly runtime: RuntimeLibrary;
  private readonly macros: Macro[];
  private readonly variables = new Map<string, CelType>();
  private readonly checkerEnv: CheckerEnv;
  private readonly callCost: ReturnType<typeof callCostResolver>;
  private readonly cache = new Map<string, Program>();
  private readonly homogeneous?: (ast: CheckedAst, issues: Issues) => void;
  private readonly libraryValidators: ((ast: CheckedAst, issues: Issues) => void)[];
  /** Libraries' own call estimates, consulted before any environment-wide estimator. */
  readonly callEstimators: NonNullable<CelLibrary['estimateCallCost']>[];

  constructor(options: EnvOptions = {}) {
    this.options = options;
    const libs: CelLibrary[] = [STANDARD_LIBRARY];
    if (options.optionalTypes) libs.push(OPTIONAL_LIBRARY);
    if (options.twoVarComprehensions) libs.push(TWO_VAR_COMPREHENSIONS_LIBRARY);
    libs.push(...(options.libraries ?? []));
    const merged = mergeLibraries(libs);
    this.functions = merged.functions;
    this.runtime = merged.runtime;
    this.macros = merged.macros;
    this.libraryValidators = merged.validators;
    this.callEstimators = merged.callEstimators;
    this.callCost = merged.callCost;
    for (const [k, v] of merged.variables) this.variables.set(k, v);
    if (options.homogeneousAggregateLiterals) this.homogeneous = merged.homogeneous;
    for (const [k, v] of Object.entries(options.variables ?? {})) this.variables.set(k, v);
    this.checkerEnv = {
      container: options.container ?? '',
      variables: this.variables,
      functions: this.functions,
      provider: options.provider ?? NO_TYPES,
      // cel-go v0.23 checks homogeneity with an AST validator; the checker itself joins mixed types to dyn.
      homogeneousAggregateLiterals: false,
      hiddenOverloads: options.crossTypeNumericComparisons ? new Set() : CROSS_TYPE_COMPARISON_OVERLOADS,
    };
  }

  /** A new environment with more options (variables and libraries are added to this one's). */
  extend(more: EnvOptions): Env {
    return new Env({
      ...this.options,
      ...more,
      variables: { ...this.options.variables, ...more.variables },
      libraries: [...(this.options.libraries ?? []), ...(more.libraries ?? [])],
      validators: [...(this.options.validators ?? []), ...(more.validators ?? [])],
    });
  }

  get declaredFunctions(): ReadonlyMap<string, FunctionDecl> { return this.functions; }

  parse(text: string): ParseResult {
    return parse(text, { macros: this.macros, enableOptionalSyntax: this.options.optionalTypes ?? false });
  }

  /** Parses and checks; the issues are cel-go's. */
  check(text: string): { ast?: CheckedAst; issues: Issues } {
    const parsed = this.parse(text);
    if (!parsed.expr) return { issues: parsed.issues };
    if (this.options.disableCheck) {
      return { ast: { expr: parsed.expr, source: parsed.source, types: new Map(), refs: new Map(), type: T.dyn }, issues: parsed.issues };
    }
    const checked = check(parsed.expr, parsed.source, this.checkerEnv, parsed.issues);
    if (checked.ast) {
      if (this.homogeneous) this.homogeneous(checked.ast, checked.issues);
      for (const v of this.libraryValidators) v(checked.ast, checked.issues);
      for (const v of this.options.validators ?? []) v(checked.ast, checked.issues);
    }
    if (!checked.issues.empty) return { issues: checked.issues };
    return checked;
  }

  /** Compiles an expression into a program (cached by expression text); throws CelCompileError. */
  compile(text: string): Program {
    const cached = this.cache.get(text);
    if (cached) return cached;
    const { ast, issues } = this.check(text);
    if (!ast) throw new CelCompileError(issues);
    const program = this.program(ast);
    if (this.cache.size >= PROGRAM_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(text, program);
    return program;
  }

  /** Plans a checked AST. */
  program(ast: CheckedAst): Program {
    const p = plan({
      expr: ast.expr, refs: ast.refs, functions: this.runtime, callCost: this.callCost,
      presenceTestHasCost: this.options.presenceTestHasCost ?? true,
      container: this.options.container ?? '',
      provider: this.options.provider,
    });
    return new Program(ast, p, this.options.costLimit ?? Number.POSITIVE_INFINITY);
  }
}

interface MergedLibraries {
  functions: Map<string, FunctionDecl>;
  runtime: RuntimeLibrary;
  macros: Macro[];
  variables: Map<string, CelType>;
  validators: ((ast: CheckedAst, issues: Issues) => void)[];
  callEstimators: NonNullable<CelLibrary['estimateCallCost']>[];
  callCost: ReturnType<typeof callCostResolver>;
  homogeneous: (ast: CheckedAst, issues: Issues) => void;
}

/** Merged declarations and implementations, shared by every environment built from the same libraries. */
const mergedCache = new Map<string, { libs: CelLibrary[]; merged: MergedLibraries }[]>();

function mergeLibraries(libs: CelLibrary[]): MergedLibraries {
  const key = libs.map((l) => l.name).join('|');
  const candidates = mergedCache.get(key) ?? [];
  const hit = candidates.find((c) => c.libs.length === libs.length && c.libs.every((l, i) => l === libs[i]));
  if (hit) return hit.merged;
  const functions = new Map<string, FunctionDecl>();
  const runtime: RuntimeLibrary = new Map();
  const macros: Macro[] = [];
  const variables = new Map<string, CelType>();
  const validators: MergedLibraries['validators'] = [];
  const callEstimators: MergedLibraries['callEstimators'] = [];
  const estimators: CallCostFactory[] = [];
  for (const lib of libs) {
    for (const d of lib.declarations ?? []) {
      const existing = functions.get(d.name);
      if (!existing) { functions.set(d.name, { name: d.name, overloads: [...d.overloads] }); continue; }
      for (const o of d.overloads) if (!existing.overloads.some((x) => x.id === o.id)) existing.overloads.push(o);
    }
    for (const [name, overloads] of lib.runtime ?? []) runtime.set(name, [...(runtime.get(name) ?? []), ...overloads]);
    macros.push(...(lib.macros ?? []));
    for (const [k, v] of Object.entries(lib.variables ?? {})) variables.set(k, v);
    if (lib.callCost) estimators.push(lib.callCost);
    validators.push(...(lib.validators ?? []));
    if (lib.estimateCallCost) callEstimators.push(lib.estimateCallCost);
  }
  const merged: MergedLibraries = {
    functions, runtime, macros, variables, validators, callEstimators, callCost: callCostResolver(estimators),
    homogeneous: homogeneousAggregateLiterals(new Set(libs.flatMap((l) => l.homogeneousExempt ?? []))),
  };
  candidates.push({ libs, merged });
  if (candidates.length > 16) candidates.shift();
  mergedCache.set(key, candidates);
  return merged;
}

export interface EvalResult {
  value: unknown;
  /** Runtime cost as cel-go's cost tracker counts it. */
  cost: number;
}

export class Program {
  constructor(readonly ast: CheckedAst, private readonly planned: Plan, readonly costLimit: number) {}

  get expr(): Expr { return this.ast.expr; }

  /** Whether the checked expression reads a variable (e.g. `oldSelf`, which makes a CRD rule a transition rule). */
  usesVariable(name: string): boolean {
    for (const r of this.ast.refs.values()) if (r.name === name) return true;
    return false;
  }
  get outputType(): CelType { return this.ast.type; }

  /** Evaluates with variables bound by name; throws CelError (evaluation error) or CelCostLimitExceeded. */
  eval(vars: Record<string, unknown> = {}, costLimit = this.costLimit): unknown {
    const state: EvalState = { vars, frame: this.planned.frameSize ? new Array(this.planned.frameSize) : EMPTY, cost: 0, limit: costLimit, iterations: 0 };
    return this.planned.root(state);
  }

  /** Evaluates and reports the runtime cost; errors are returned, not thrown. */
  evalWithCost(vars: Record<string, unknown> = {}, costLimit = this.costLimit, interrupted?: () => boolean): EvalResult & { error?: CelError | CelCostLimitExceeded } {
    const state: EvalState = { vars, frame: this.planned.frameSize ? new Array(this.planned.frameSize) : EMPTY, cost: 0, limit: costLimit, iterations: 0, interrupted };
    try {
      return { value: this.planned.root(state), cost: state.cost };
    } catch (err) {
      if (err instanceof CelError || err instanceof CelCostLimitExceeded) return { value: undefined, cost: state.cost, error: err };
      throw err;
    }
  }
}

const EMPTY: unknown[] = [];

export { CelCostLimitExceeded };
