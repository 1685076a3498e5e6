// Webhook matchConditions (kube's matchconditions.Matcher): CEL expressions over `object`, `oldObject` and
// `request`; any false skips the webhook; errors with none false fail closed (403) or skip it, by failurePolicy.
// The whole set shares one runtime budget.
import { KubeEnv, PER_CALL_LIMIT, RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS, CelCompileError, T, admissionRequestType, authorizerValue, kubeTypeProvider, jsonValue, requestResourceCheck, schemaValue, type Program, type SyncAuthorizer } from '../../cel/index.js';
import type { UserInfo } from '../../http/request-context.js';
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
  const errors: string[] = [];
  let remaining = RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS;
  for (const c of mc.conditions) {
    if (!c.program) {
      errors.push(`compilation error: ${c.compileError}`);
      continue;
    }
    const r = c.program.evalWithCost(vars, Math.min(PER_CALL_LIMIT, remaining));
    remaining -= r.cost;
    if (r.error) {
      errors.push(`expression '${c.expression}' resulted in error: ${r.error.message}`);
      continue;
    }
    if (r.value === false) return { matches: false };
    if (r.value !== true) errors.push(`expression '${c.expression}' resulted in error: no such overload`);
  }
  if (!errors.length) return { matches: true };
  if (mc.failurePolicy === 'Ignore') return { matches: false };
  // utilerrors.NewAggregate: one error prints alone, several as a bracketed list.
  return { error: errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]` };
}

