// The authorizer behind CEL's `authorizer` variable during one admission request (kube's caching authorizer), shared
// by ValidatingAdmissionPolicy and webhook matchConditions: answers cached by their attributes. CEL evaluates
// synchronously, so an answer that is not ready (an asynchronous authorizer such as a webhook) is reported as an error
// decision and remembered; the caller awaits `settle()` and evaluates again once every answer it asked for is known.
import type { Authorizer, AuthorizerResult } from '../authz/authorizer.js';
import { fieldRequirements, labelRequirements } from '../authz/selectors.js';
import type { CelAuthzAttributes, SyncAuthorizer } from '../cel/index.js';
import type { OperationContext } from '../registry/operation-context.js';

const PENDING: AuthorizerResult = { decision: 'noOpinion', reason: '', error: 'authorization pending' };

export class RequestAuthorizer implements SyncAuthorizer {
  private readonly answers = new Map<string, AuthorizerResult>();
  private readonly pending = new Map<string, Promise<AuthorizerResult>>();

  constructor(private readonly authorizer: Authorizer) {}

  authorize(attrs: CelAuthzAttributes): AuthorizerResult {
    const key = JSON.stringify(attrs);
    const hit = this.answers.get(key);
    if (hit) return hit;
    if (this.pending.has(key)) return PENDING;
    const { fieldSelector, labelSelector, ...rest } = attrs;
    const r = this.authorizer.authorize({
      ...rest,
      ...(fieldSelector ? { fieldSelector: fieldRequirements(fieldSelector) } : {}),
      ...(labelSelector ? { labelSelector: labelRequirements(labelSelector) } : {}),
    });
    if (r instanceof Promise) {
      this.pending.set(key, r);
      return PENDING;
    }
    this.answers.set(key, r);
    return r;
  }

  /** Waits for the answers asked for meanwhile; true when there were any (evaluate again). */
  async settle(): Promise<boolean> {
    if (this.pending.size === 0) return false;
    const entries = [...this.pending];
    this.pending.clear();
    for (const [key, p] of entries) {
      try {
        this.answers.set(key, await p);
      } catch (e) {
        this.answers.set(key, { decision: 'noOpinion', reason: '', error: (e as Error).message });
      }
    }
    return true;
  }
}

const perRequest = new WeakMap<OperationContext, RequestAuthorizer>();

/**
 * The one RequestAuthorizer of an admission request (its operation context), shared by every policy, binding and
 * webhook matchCondition of the request, so one question goes to the authorizer once; undefined without an authorizer.
 */
export function requestAuthorizerOf(context: OperationContext): RequestAuthorizer | undefined {
  if (!context.authorizer) return undefined;
  let r = perRequest.get(context);
  if (!r) perRequest.set(context, (r = new RequestAuthorizer(context.authorizer)));
  return r;
}
