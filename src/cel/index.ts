// The CEL engine's public API inside kubelite.
//   compile(expr, env) → Program; program.eval(activation); estimateCost(program, env)
import { estimateCost as estimateAst, type Estimate } from './cost-estimator.js';
import type { Env, Program } from './env.js';
import type { KubeEnv } from './kube-env.js';

export { Env, Program, STANDARD_LIBRARY, OPTIONAL_LIBRARY, type CelLibrary, type EnvOptions, type EvalResult } from './env.js';
export { KubeEnv, type KubeEnvOptions, type EnvMode, PER_CALL_LIMIT, RUNTIME_CEL_COST_BUDGET, RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS,
  STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT, COST_LIMIT_EXCEEDED, estimatedRuleCostMessage, budgetFactor } from './kube-env.js';
export { CelCompileError } from './issues.js';
export { CelCostLimitExceeded } from './planner.js';
export { CelError, CelUint, CelMap, CelTimestamp, CelDuration, CelOptional, celEquals, registerOpaqueType, type ObjectValue } from './values.js';
export { T, formatType, type CelType } from './types.js';
export { schemaDeclType, assignTypeNames, SchemaTypeProvider, escapeName, unescapeName, type DeclType } from './schema-types.js';
export { schemaValue, jsonValue, SchemaObject } from './schema-values.js';
export type { Estimate } from './cost-estimator.js';
export { admissionRequestType, namespaceType, userInfoType, subjectAccessReviewSpecType, kubeTypeProvider } from './kube-types.js';
export { authorizerValue, requestResourceCheck, type SyncAuthorizer, type CelAuthzAttributes } from './authz.js';

/** Compiles an expression in an environment (cached per environment and expression text). */
export function compile(expr: string, env: Env | KubeEnv): Program {
  return env.compile(expr);
}

/** The estimated [min, max] cost of a compiled program, with Kubernetes' estimator when the env is a KubeEnv. */
export function estimateCost(program: Program, env: Env | KubeEnv): Estimate {
  if ('estimateCost' in env) return env.estimateCost(program.ast);
  return estimateAst(program.ast);
}
