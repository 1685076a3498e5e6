// The Webhook authorizer (auth.md §8.2): POSTs a SubjectAccessReview (v1, or v1beta1 with `group`) to the configured
// service and reads status.allowed / status.denied / status.reason; answers are cached (allowed for authorizedTTL,
// others for unauthorizedTTL); a failed call is the failure policy's decision with the error.
import { request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import type { Attributes, Authorizer, AuthorizerResult, Decision } from '../authorizer.js';
import { unresolvable, type RuleResolverLike, type UserRules } from '../rule-resolution.js';
import type { WebhookConnection } from './kubeconfig.js';
import { MatchConditions } from './match-conditions.js';

export interface WebhookOptions {
  name: string;
  connection: WebhookConnection;
  timeoutMs: number;
  authorizedTTLMs: number;
  unauthorizedTTLMs: number;
  subjectAccessReviewVersion: 'v1' | 'v1beta1';
  /** NoOpinion or Deny: the decision when the call fails. */
  failurePolicy: 'NoOpinion' | 'Deny';
  /** CEL match conditions (validated by authorization-config.ts): the webhook is called only when all are true. */
  matchConditions?: { expression: string }[];
  /** First retry delay (kube: 500 ms). */
  retryInitialDelayMs?: number;
}

/** A failed webhook call, and whether kube's backoff would try it again. */
class WebhookCallError extends Error {
  constructor(
    message: string,
    readonly retriable: boolean,
  ) {
    super(message);
  }
}

const CACHE_SIZE = 8192;
const MAX_CACHEABLE_ATTRIBUTE_LENGTH = 10000;

/** The SubjectAccessReview spec kube sends for the attributes (members omitted when empty). */
export function reviewSpec(a: Attributes, version: 'v1' | 'v1beta1'): Record<string, unknown> {
  const spec: Record<string, unknown> = {};
  if (a.isResourceRequest) {
    const ra: Record<string, string> = {};
    for (const [k, v] of [['namespace', a.namespace], ['verb', a.verb], ['group', a.apiGroup], ['version', a.apiVersion], ['resource', a.resource], ['subresource', a.subresource], ['name', a.name]] as const) if (v) ra[k] = v;
    const withSelectors: Record<string, unknown> = ra;
    if (a.fieldSelector?.length) withSelectors.fieldSelector = { requirements: a.fieldSelector };
    if (a.labelSelector?.length) withSelectors.labelSelector = { requirements: a.labelSelector };
    spec.resourceAttributes = withSelectors;
  } else {
    const nra: Record<string, string> = {};
    if (a.path) nra.path = a.path;
    if (a.verb) nra.verb = a.verb;
    spec.nonResourceAttributes = nra;
  }
  if (a.user.name) spec.user = a.user.name;
  if (a.user.groups.length) spec[version === 'v1' ? 'groups' : 'group'] = a.user.groups;
  if (a.user.extra && Object.keys(a.user.extra).length) spec.extra = a.user.extra;
  if (a.user.uid) spec.uid = a.user.uid;
  return spec;
}

interface Cached {
  result: AuthorizerResult;
  expires: number;
}

export class WebhookAuthorizer implements Authorizer, RuleResolverLike {
  readonly name: string;
  private readonly cache = new Map<string, Cached>();
  private readonly conditions: MatchConditions;

  constructor(private readonly o: WebhookOptions) {
    this.name = o.name;
    this.conditions = new MatchConditions((o.matchConditions ?? []).map((c) => c.expression));
  }

  async authorize(a: Attributes): Promise<AuthorizerResult> {
    if (!this.conditions.empty) {
      // Evaluated on the v1 form of the review before the cache and the call, as kube does.
      try {
        if (!this.conditions.matches(reviewSpec(a, 'v1'))) return { decision: 'noOpinion', reason: '' };
      } catch (e) {
        return { decision: this.failureDecision(), reason: '', error: (e as Error).message };
      }
    }
    const version = this.o.subjectAccessReviewVersion;
    const spec = reviewSpec(a, version);
    const key = JSON.stringify(spec);
    const hit = this.cache.get(key);
    const now = Date.now();
    if (hit && hit.expires > now) {
      // LRU: move to the end.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit.result;
    }
    const body = { apiVersion: `authorization.k8s.io/${version}`, kind: 'SubjectAccessReview', metadata: { creationTimestamp: null }, spec, status: { allowed: false } };
    let status: Record<string, unknown>;
    try {
      const reply = await this.postWithRetries(JSON.stringify(body));
      status = (reply.status ?? {}) as Record<string, unknown>;
    } catch (e) {
      return { decision: this.failureDecision(), reason: '', error: (e as Error).message };
    }
    let result: AuthorizerResult;
    const reason = typeof status.reason === 'string' ? status.reason : '';
    if (status.allowed === true && status.denied === true) result = { decision: 'deny', reason, error: 'webhook subject access review returned both allow and deny response' };
    else if (status.denied === true) result = { decision: 'deny', reason };
    else if (status.allowed === true) result = { decision: 'allow', reason };
    else result = { decision: 'noOpinion', reason };
    const attrLength = a.namespace.length + a.verb.length + a.apiGroup.length + a.apiVersion.length + a.resource.length + a.subresource.length + a.name.length + a.path.length;
    if (attrLength < MAX_CACHEABLE_ATTRIBUTE_LENGTH && !result.error) {
      this.cache.set(key, { result, expires: now + (result.decision === 'allow' ? this.o.authorizedTTLMs : this.o.unauthorizedTTLMs) });
      if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    }
    return result;
  }

  private failureDecision(): Decision {
    return this.o.failurePolicy === 'Deny' ? 'deny' : 'noOpinion';
  }

  /** kube's webhook backoff: up to 5 attempts, 500 ms growing by 1.5 with 20 % jitter, for retriable failures. */
  private async postWithRetries(body: string): Promise<Record<string, unknown>> {
    let delay = this.o.retryInitialDelayMs ?? 500;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.post(body);
      } catch (e) {
        if (attempt >= 5 || !(e instanceof WebhookCallError && e.retriable)) throw e;
        await new Promise((r) => setTimeout(r, delay * (1 + Math.random() * 0.2)));
        delay *= 1.5;
      }
    }
  }

  private post(body: string): Promise<Record<string, unknown>> {
    const c = this.o.connection;
    const url = new URL(c.server);
    const headers: Record<string, string | number> = { 'content-type': 'application/json', accept: 'application/json, */*', 'content-length': Buffer.byteLength(body) };
    if (c.token) headers.authorization = `Bearer ${c.token}`;
    const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
    return new Promise((resolve, reject) => {
      const req = send(
        url,
        { method: 'POST', headers, ca: c.ca, cert: c.cert, key: c.key, rejectUnauthorized: !c.insecureSkipTLSVerify, timeout: this.o.timeoutMs },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const code = res.statusCode ?? 0;
            if (code < 200 || code > 299) {
              const retriable = code === 500 || code === 504 || code === 429 || res.headers['retry-after'] !== undefined;
              return reject(new WebhookCallError(`the server responded with the status code ${code} but did not return more information (post subjectaccessreviews.authorization.k8s.io)`, retriable));
            }
            try {
              resolve(JSON.parse(text) as Record<string, unknown>);
            } catch (e) {
              reject(new Error(`couldn't get version/kind; json parse error: ${(e as Error).message}`));
            }
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`Post "${c.server}": context deadline exceeded`)));
      req.on('error', (e: NodeJS.ErrnoException) => reject(new WebhookCallError(e.message, e.code === 'ECONNRESET' || e.code === 'EPIPE')));
      req.end(body);
    });
  }

  rulesFor(): UserRules {
    return unresolvable('webhook authorizer does not support user rule resolution');
  }
}
