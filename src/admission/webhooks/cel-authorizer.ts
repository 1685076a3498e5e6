// The authorizer behind matchConditions' `authorizer` variable during one admission request: answers cached by
// their attributes. CEL evaluates synchronously, so an answer not ready yet (an authorizer that answers
// asynchronously, such as a webhook) is reported as an error decision and remembered; the caller awaits `settle()`
// and evaluates again once every answer it asked for is known.
import type { Authorizer, AuthorizerResult } from '../../authz/authorizer.js';
import { fieldRequirements, labelRequirements } from '../../authz/selectors.js';
import type { CelAuthzAttributes, SyncAuthorizer } from '../../cel/index.js';

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
