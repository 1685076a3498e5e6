// kube's authentication metrics (endpoints/filters/metrics.go): every authentication attempt counted and timed by
// result (success, failure: no authenticator recognised the request, error: a credential failed), and the
// authenticated user names, compressed.
import type { AuthResult, RequestAuthenticator } from '../authn/authenticator.js';
import type { RequestContext } from '../http/request-context.js';
import { compressUsername, type ApiserverMetrics } from '../observability/metrics/apiserver-metrics.js';

/** Label objects made once (frozen: the metrics find their series by identity). */
const RESULT_LABELS = { user: Object.freeze({ result: 'success' }), none: Object.freeze({ result: 'failure' }), error: Object.freeze({ result: 'error' }) };
const USERNAME_LABELS = new Map<string, { username: string }>();

function usernameLabels(name: string): { username: string } {
  const compressed = compressUsername(name);
  let l = USERNAME_LABELS.get(compressed);
  if (!l) USERNAME_LABELS.set(compressed, (l = Object.freeze({ username: compressed })));
  return l;
}

export function instrumentAuthenticator(inner: RequestAuthenticator, m: ApiserverMetrics): RequestAuthenticator {
  const record = (r: AuthResult, start: number): AuthResult => {
    const labels = RESULT_LABELS[r.kind] ?? RESULT_LABELS.error;
    m.authenticationAttempts.inc(labels);
    m.authenticationDuration.observe(labels, (performance.now() - start) / 1000);
    if (r.kind === 'user') m.authenticatedUserRequests.inc(usernameLabels(r.user.name));
    return r;
  };
  return {
    name: inner.name,
    authenticate(ctx: RequestContext) {
      const start = performance.now();
      const r = inner.authenticate(ctx);
      return r instanceof Promise ? r.then((v) => record(v, start)) : record(r, start);
    },
  };
}
