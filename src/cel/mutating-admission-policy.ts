// Compiles a MutatingAdmissionPolicy's CEL (kube 1.33's mutating policy compiler): variables and matchConditions
// as for ValidatingAdmissionPolicy (authorizer declared, params with a paramKind), and each mutation in the same
// environment plus the patch types — `Object...` / `JSONPatch` struct literals and `jsonpatch.escapeKey` — with
// its return type: `Object` for ApplyConfiguration, `list(JSONPatch)` for JSONPatch.
import { PolicyEnvs, compileExpression, type CompiledExpression, type EnvChoice, type EnvExtension, type MatchConditionSpec, type VariableSpec } from './admission-policy.js';
import type { EnvMode } from './kube-env.js';
import { JSON_PATCH_LIBRARY, JSON_PATCH_TYPE_NAME, MutationTypeProvider, OBJECT_TYPE_NAME } from './mutation-types.js';
import { T } from './types.js';

export interface MutationSpec {
  patchType?: string;
  applyConfiguration?: { expression?: string } | null;
  jsonPatch?: { expression?: string } | null;
}

export interface MutatingPolicySpec {
  paramKind?: { apiVersion?: string; kind?: string } | null;
  matchConstraints?: unknown;
  variables?: VariableSpec[];
  mutations?: MutationSpec[];
  failurePolicy?: string;
  matchConditions?: MatchConditionSpec[];
  reinvocationPolicy?: string;
}

export interface CompiledMutation {
  patchType: 'ApplyConfiguration' | 'JSONPatch';
  compiled: CompiledExpression;
}

export interface CompiledMutatingPolicy {
  hasParams: boolean;
  usesNamespace: boolean;
  failurePolicy: string;
  reinvocationPolicy: string;
  variables: Map<string, CompiledExpression>;
  matchConditions: { name: string; compiled: CompiledExpression }[];
  /** One per mutation whose patch type has its expression (kube skips the others). */
  mutations: CompiledMutation[];
}

export const PATCH_TYPES: EnvExtension = {
  provider: (base) => new MutationTypeProvider(base),
  libraries: [JSON_PATCH_LIBRARY],
};

const APPLY_CONFIGURATION_TYPES = [T.object(OBJECT_TYPE_NAME)];
const JSON_PATCH_TYPES = [T.list(T.object(JSON_PATCH_TYPE_NAME))];

/** Compiles a policy's spec (StoredExpressions at run time; NewExpressions for what a write adds, via `modeFor`). */
export function compileMutatingPolicy(spec: MutatingPolicySpec, modeFor: (expression: string) => EnvMode = () => 'StoredExpressions'): CompiledMutatingPolicy {
  const hasParams = !!spec.paramKind;
  const envs = new PolicyEnvs('StoredExpressions');
  const plain: EnvChoice = { params: hasParams, authorizer: true };
  const patching: EnvChoice = { ...plain, extension: PATCH_TYPES };
  const compile = (choice: EnvChoice, expression: string, returnTypes?: typeof JSON_PATCH_TYPES) => compileExpression(envs.env(choice, modeFor(expression)), expression, returnTypes);
  const variables = new Map<string, CompiledExpression>();
  for (const v of spec.variables ?? []) {
    const c = compile(plain, v.expression ?? '');
    variables.set(v.name, c);
    envs.addVariable(v.name, c.outputType ?? T.dyn);
  }
  const matchConditions = (spec.matchConditions ?? []).map((m) => ({ name: m.name, compiled: compile(plain, m.expression ?? '', [T.bool]) }));
  const mutations: CompiledMutation[] = [];
  for (const m of spec.mutations ?? []) {
    if (m.patchType === 'JSONPatch' && m.jsonPatch) {
      mutations.push({ patchType: 'JSONPatch', compiled: compile(patching, m.jsonPatch.expression ?? '', JSON_PATCH_TYPES) });
    } else if (m.patchType === 'ApplyConfiguration' && m.applyConfiguration) {
      mutations.push({ patchType: 'ApplyConfiguration', compiled: compile(patching, m.applyConfiguration.expression ?? '', APPLY_CONFIGURATION_TYPES) });
    }
  }
  const all = [...variables.values(), ...matchConditions.map((m) => m.compiled), ...mutations.map((m) => m.compiled)];
  return {
    hasParams,
    usesNamespace: all.some((c) => c.program?.usesVariable('namespaceObject')),
    failurePolicy: spec.failurePolicy ?? 'Fail',
    reinvocationPolicy: spec.reinvocationPolicy ?? 'Never',
    variables,
    matchConditions,
    mutations,
  };
}
