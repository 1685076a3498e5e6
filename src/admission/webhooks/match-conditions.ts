// Webhook matchConditions (kube's matchconditions.Matcher): CEL expressions over `object`, `oldObject` and
// `request`; any false skips the webhook; errors with none false fail closed (403) or skip it, by failurePolicy.
// The whole set shares one runtime budget.
import { KubeEnv, PER_CALL_LIMIT, RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS, CelCompileError, T, admissionRequestType, authorizerValue, kubeTypeProvider, jsonValue, requestResourceCheck, schemaValue, type Program, type SyncAuthorizer } from '../../cel/index.js';
import type { UserInfo } from '../../http/request-context.js';
import type { Authorizer, AuthorizerResult } from '../../authz/authorizer.js';
import { fieldRequirements, labelRequirements } from '../../authz/selectors.js';
import type { CelAuthzAttributes } from '../../cel/index.js';
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

// The authorizer behind matchConditions' `authorizer` variable during one admission request: answers cached by
// their attributes. CEL evaluates synchronously, so an answer not ready yet (an authorizer that answers
// asynchronously, such as a webhook) is reported as an error decision and remembered; the caller awaits `settle()`
// and evaluates again once every answer it asked for is known.

const NOT_YET: AuthorizerResult = { decision: 'noOpinion', reason: '', error: 'authorization pending' };

export class RequestScopedAuthorizer implements SyncAuthorizer {
  private readonly answers = new Map<string, AuthorizerResult>();
  private readonly waiting = new Map<string, Promise<AuthorizerResult>>();

  constructor(private readonly authorizer: Authorizer) {}

  authorize(attrs: CelAuthzAttributes): AuthorizerResult {
    const key = JSON.stringify(attrs);
    const known = this.answers.get(key);
    if (known) return known;
    if (this.waiting.has(key)) return NOT_YET;
    const { fieldSelector, labelSelector, ...rest } = attrs;
    const r = this.authorizer.authorize({
      ...rest,
      ...(fieldSelector ? { fieldSelector: fieldRequirements(fieldSelector) } : {}),
      ...(labelSelector ? { labelSelector: labelRequirements(labelSelector) } : {}),
    });
    if (r instanceof Promise) {
      this.waiting.set(key, r);
      return NOT_YET;
    }
    this.answers.set(key, r);
    return r;
  }

  /** Waits for the answers asked for meanwhile; true when there were any (evaluate again). */
  async settle(): Promise<boolean> {
    if (!this.waiting.size) return false;
    const asked = [...this.waiting];
    this.waiting.clear();
    for (const [key, p] of asked) {
      try {
        this.answers.set(key, await p);
      } catch (e) {
        this.answers.set(key, { decision: 'noOpinion', reason: '', error: (e as Error).message });
      }
    }
    return true;
  }
}
