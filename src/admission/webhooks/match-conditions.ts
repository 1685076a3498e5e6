// Webhook matchConditions (kube's matchconditions.Matcher): CEL expressions over `object`, `oldObject` and
// `request`; any false skips the webhook; errors with none false fail closed (403) or skip it, by failurePolicy.
// The whole set shares one runtime budget.
import { KubeEnv, PER_CALL_LIMIT, RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS, CelCompileError, T, admissionRequestType, authorizerValue, kubeTypeProvider, jsonValue, requestResourceCheck, schemaValue, type Program, type SyncAuthorizer } from '../../cel/index.js';
import type { UserInfo } from '../../http/request-context.js';
import { matchConditionsOutcome, type ConditionResult } from '../match-conditions-outcome.js';
import type { KObject } from '../../api/object.js';

interface Condition {
  name: string;
  expression: string;
  program?: Program;
  compileError?: string;
}

export interface CompiledMatchConditions {
  conditions: Condition[];
  failurePolicy: 'Fail' | 'Ignore';
}

export type MatchResult = { matches: true } | { matches: false } | { error: string };

const requestType = admissionRequestType();
let env: KubeEnv | undefined;
/** Stored expressions: a configuration written under another version keeps working. */
function matchEnv(): KubeEnv {
  env ??= new KubeEnv({
    mode: 'StoredExpressions',
    variables: {
      object: T.dyn,
      oldObject: T.dyn,
      request: requestType.celType,
      authorizer: T.opaque('kubernetes.authorization.Authorizer'),
      'authorizer.requestResource': T.opaque('kubernetes.authorization.ResourceCheck'),
    },
    provider: kubeTypeProvider(),
  });
  return env;
}

export function compileMatchConditions(raw: KObject[], failurePolicy: 'Fail' | 'Ignore'): CompiledMatchConditions {
  const conditions = raw.map((c): Condition => {
    const expression = typeof c.expression === 'string' ? c.expression : '';
    try {
      return { name: c.name ?? '', expression, program: matchEnv().compile(expression) };
    } catch (e) {
      if (e instanceof CelCompileError) return { name: c.name ?? '', expression, compileError: e.message };
      throw e;
    }
  });
  return { conditions, failurePolicy };
}

/** The `request` variable: kube's AdmissionRequest as CreateAdmissionRequest fills it for CEL. */
export interface CelRequestInput {
  request: KObject;
  object?: KObject;
  oldObject?: KObject;
  /** For `authorizer` and `authorizer.requestResource`: the request's user and resource. */
  authorizer?: SyncAuthorizer;
  user?: UserInfo;
  resource: { group: string; resource: string; subresource: string; namespace: string; name: string };
}

export function evaluateMatchConditions(mc: CompiledMatchConditions, input: CelRequestInput): MatchResult {
  if (!mc.conditions.length) return { matches: true };
  const authz = input.authorizer ? authorizerValue(input.user ?? { name: '', groups: [] }, input.authorizer) : null;
  const vars = {
    object: input.object ? jsonValue(input.object) : null,
    oldObject: input.oldObject ? jsonValue(input.oldObject) : null,
    request: schemaValue(input.request, requestType),
    authorizer: authz,
    'authorizer.requestResource': authz ? requestResourceCheck(authz, input.resource) : null,
  };
  let remaining = RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS;
  const outcome = matchConditionsOutcome(mc.conditions, (c): ConditionResult => {
    if (!c.program) return { error: `compilation error: ${c.compileError}` };
    const r = c.program.evalWithCost(vars, Math.min(PER_CALL_LIMIT, remaining));
    remaining -= r.cost;
    if (r.error) return { error: `expression '${c.expression}' resulted in error: ${r.error.message}` };
    if (r.value !== true && r.value !== false) return { error: `expression '${c.expression}' resulted in error: no such overload` };
    return { value: r.value };
  }, mc.failurePolicy);
  return outcome.error !== undefined ? { error: outcome.error } : outcome;
}
