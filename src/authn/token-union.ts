// The token union of kube-apiserver (auth.md §1.1): the token authenticators in kube's order, first success wins,
// errors reported only when nobody succeeded, behind kube's token cache (successes for 10 s, failures not kept,
// concurrent lookups of one token shared).
import { createHmac, randomBytes } from 'node:crypto';
import { aggregateMessage, notMine, type AuthResult, type TokenAuthenticator, type TokenContext } from './authenticator.js';

export const TOKEN_SUCCESS_TTL_MS = 10_000;

interface Cached {
  result: AuthResult;
  warnings: string[];
  auditAnnotations: Record<string, string>;
  expires: number;
}

export class TokenUnion implements TokenAuthenticator {
  readonly name = 'token-union';
  // The cache key is a keyed hash: the tokens themselves are never kept as keys.
  private readonly hashKey = randomBytes(32);
  private readonly cache = new Map<string, Cached>();
  private readonly inflight = new Map<string, Promise<Cached>>();

  constructor(
    readonly members: TokenAuthenticator[],
    private readonly successTTLMs = TOKEN_SUCCESS_TTL_MS,
  ) {}

  async authenticateToken(token: string, tc: TokenContext): Promise<AuthResult> {
    const key = createHmac('sha256', this.hashKey).update(token).update('\0').update(JSON.stringify(tc.audiences)).digest('base64');
    const now = Date.now();
    let hit = this.cache.get(key);
    if (hit && hit.expires <= now) {
      this.cache.delete(key);
      hit = undefined;
    }
    if (!hit) {
      let pending = this.inflight.get(key);
      if (!pending) {
        pending = this.lookup(token, tc.audiences).finally(() => this.inflight.delete(key));
        this.inflight.set(key, pending);
      }
      hit = await pending;
      if (hit.result.kind === 'user' && this.successTTLMs > 0) {
        hit.expires = Date.now() + this.successTTLMs;
        this.cache.set(key, hit);
        if (this.cache.size > 10_000) this.evictExpired();
      }
    }
    // Warnings and audit annotations of the lookup are replayed on every use, as kube does.
    tc.warnings.push(...hit.warnings);
    Object.assign(tc.auditAnnotations, hit.auditAnnotations);
    return hit.result;
  }

  private async lookup(token: string, audiences: string[]): Promise<Cached> {
    const tc: TokenContext = { audiences, warnings: [], auditAnnotations: {} };
    const errors: Error[] = [];
    let result: AuthResult = notMine;
    for (const m of this.members) {
      let r: AuthResult;
      try {
        r = await m.authenticateToken(token, tc);
      } catch (e) {
        r = { kind: 'error', error: e as Error };
      }
      if (r.kind === 'user') {
        result = r;
        break;
      }
      if (r.kind === 'error') errors.push(r.error);
    }
    if (result.kind !== 'user' && errors.length) result = { kind: 'error', error: new Error(aggregateMessage(errors)) };
    return { result, warnings: tc.warnings, auditAnnotations: tc.auditAnnotations, expires: 0 };
  }

  private evictExpired(): void {
    const now = Date.now();
    for (const [k, v] of this.cache) if (v.expires <= now) this.cache.delete(k);
  }
}
