// Kubernetes 1.33's CEL environment as data (apiserver pkg/cel/environment/base.go): which options and
// libraries exist from which version, the NewExpressions view (compatibility version, feature gates) and the
// StoredExpressions view (everything not removed), kube's limits and budget messages.
import { featureEnabled } from '../features/feature-gates.js';
import type { CheckedAst } from './checker.js';
import { estimateCost, type CostEstimatorHooks, type Estimate } from './cost-estimator.js';
import type { TypeProvider } from './decls.js';
import { Env, type CelLibrary } from './env.js';
import { kubeCallCost, kubeEstimatorHooks } from './kube-cost.js';
import { KUBE_LIBRARIES, type KubeLibraryName } from './kube-libraries.js';
import type { DeclType } from './schema-types.js';
import type { CelType } from './types.js';
import { validateDurationLiterals, validateRegexLiterals, validateTimestampLiterals, type AstValidator } from './validators.js';

/** Runtime cost limit of one evaluation of one expression (celconfig.PerCallLimit). */
export const PER_CALL_LIMIT = 1_000_000;
/** Budget of all rules of one custom resource object, or of one VAP binding's validations. */
export const RUNTIME_CEL_COST_BUDGET = 10_000_000;
/** Budget of all match conditions of one webhook or binding. */
export const RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS = 2_500_000;
/** Estimated cost limit of one CRD rule × cardinality. */
export const STATIC_ESTIMATED_COST_LIMIT = 10_000_000;
/** Estimated cost limit of all rules of one CRD schema. */
export const STATIC_ESTIMATED_CRD_COST_LIMIT = 100_000_000;
export const MAX_REQUEST_SIZE_BYTES = 3 * 1024 * 1024;
export const COST_LIMIT_EXCEEDED = 'operation cancelled: actual cost limit exceeded';

export type EnvMode = 'NewExpressions' | 'StoredExpressions';

interface VersionedOption {
  introduced: number;
  removed?: number;
  featureGate?: 'AuthorizeWithSelectors';
  libraries?: KubeLibraryName[];
  crossTypeNumericComparisons?: boolean;
  optionalTypes?: boolean;
  twoVarComprehensions?: boolean;
  validators?: AstValidator[];
}

/** base.go's table; minor versions of 1.x. */
export const BASE_OPTIONS: readonly VersionedOption[] = [
  { introduced: 0, libraries: ['urls', 'regex', 'lists'] },
  { introduced: 27, libraries: ['authz'] },
  { introduced: 28, crossTypeNumericComparisons: true, optionalTypes: true, libraries: ['quantity'] },
  { introduced: 29, validators: [validateDurationLiterals, validateTimestampLiterals, validateRegexLiterals] },
  { introduced: 0, removed: 29, libraries: ['stringsV0'] },
  { introduced: 29, libraries: ['strings'] },
  { introduced: 29, libraries: ['sets'] },
  { introduced: 30, libraries: ['ip', 'cidr'] },
  { introduced: 31, libraries: ['format'] },
  { introduced: 31, featureGate: 'AuthorizeWithSelectors', libraries: ['authzSelectors'] },
  { introduced: 32, twoVarComprehensions: true },
  { introduced: 33, libraries: ['semver'] },
];

/** The server's version (1.33) and its default compatibility version (the previous minor). */
export const SERVER_MINOR = 33;
export const DEFAULT_COMPATIBILITY_MINOR = 32;

export interface KubeEnvOptions {
  mode: EnvMode;
  /** Minor version of 1.x used for NewExpressions (default 32). */
  compatibilityMinor?: number;
  featureGates?: { AuthorizeWithSelectors?: boolean };
  variables?: Record<string, CelType>;
  provider?: TypeProvider;
  /** Declared type of `self`, for the cost estimator's size lookups. */
  selfType?: DeclType;
  /** Extra libraries (per-API declarations). */
  libraries?: CelLibrary[];
}

function selectedOptions(o: KubeEnvOptions): VersionedOption[] {
  const compat = o.compatibilityMinor ?? DEFAULT_COMPATIBILITY_MINOR;
  return BASE_OPTIONS.filter((opt) => {
    if (opt.removed !== undefined && opt.removed <= (o.mode === 'StoredExpressions' ? SERVER_MINOR : compat)) return false;
    if (o.mode === 'StoredExpressions') return true;
    if (opt.introduced > compat) return false;
    if (opt.featureGate && !(o.featureGates?.[opt.featureGate] ?? featureEnabled({}, opt.featureGate))) return false;
    return true;
  });
}

const KUBE_COST_LIBRARY: CelLibrary = { name: 'kubernetes.cost', callCost: kubeCallCost };

/** A Kubernetes CEL environment: an Env configured as kube configures cel-go, plus kube's cost estimator. */
export class KubeEnv {
  readonly env: Env;
  private readonly hooks: CostEstimatorHooks;

  constructor(readonly options: KubeEnvOptions) {
    const opts = selectedOptions(options);
    const libraries: CelLibrary[] = [];
    const validators: AstValidator[] = [];
    for (const opt of opts) {
      for (const name of opt.libraries ?? []) {
        const lib = KUBE_LIBRARIES[name]?.();
        if (lib) libraries.push(lib);
      }
      validators.push(...(opt.validators ?? []));
    }
    libraries.push(KUBE_COST_LIBRARY);
    libraries.push(...(options.libraries ?? []));
    this.env = new Env({
      variables: options.variables,
      provider: options.provider,
      libraries,
      validators,
      homogeneousAggregateLiterals: true,
      crossTypeNumericComparisons: opts.some((o) => o.crossTypeNumericComparisons),
      optionalTypes: opts.some((o) => o.optionalTypes),
      twoVarComprehensions: opts.some((o) => o.twoVarComprehensions),
      costLimit: PER_CALL_LIMIT,
      presenceTestHasCost: false,
    });
    const kube = kubeEstimatorHooks(options.selfType);
    const own = this.env.callEstimators;
    this.hooks = {
      estimateSize: kube.estimateSize,
      estimateCallCost: (fn, id, target, args) => {
        for (const e of own) {
          const r = e(fn, id, target, args);
          if (r) return r;
        }
        return kube.estimateCallCost(fn, id, target, args);
      },
    };
  }

  compile(expr: string) {
    return this.env.compile(expr);
  }

  /** The estimated [min, max] cost of a checked expression, as kube's estimator computes it. */
  estimateCost(ast: CheckedAst): Estimate {
    return estimateCost(ast, this.hooks, { presenceTestHasCost: false });
  }
}

/**
 * kube's factor text for "exceeds budget by factor of …": "more than 100x" above 100, six decimals below 1.5,
 * one decimal otherwise.
 */
export function budgetFactor(cost: number, budget: number): string {
  const f = cost / budget;
  if (f > 100) return 'more than 100x';
  if (f < 1.5) return `${f.toFixed(6)}x`;
  return `${f.toFixed(1)}x`;
}

export const ESTIMATED_COST_HINT = '(try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)';

export function estimatedRuleCostMessage(cost: number, budget = STATIC_ESTIMATED_COST_LIMIT, what = 'rule'): string {
  return `estimated ${what} cost exceeds budget by factor of ${budgetFactor(cost, budget)} ${ESTIMATED_COST_HINT}`;
}
