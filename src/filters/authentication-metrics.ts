// kube's authentication metrics (endpoints/filters/metrics.go): every authentication attempt counted and timed by
// result (success, failure: no authenticator recognised the request, error: a credential failed), and the
// authenticated user names, compressed.
import type { AuthResult, RequestAuthenticator } from '../authn/authenticator.js';
import type { RequestContext } from '../http/request-context.js';
import { compressUsername, type ApiserverMetrics } from '../observability/metrics/apiserver-metrics.js';

export function instrumentAuthenticator(inner: RequestAuthenticator, m: ApiserverMetrics): RequestAuthenticator {
  const record = (r: AuthResult, start: number): AuthResult => {
    const result = r.kind === 'user' ? 'success' : r.kind === 'none' ? 'failure' : 'error';
    m.authenticationAttempts.inc({ result });
    m.authenticationDuration.observe({ result }, (performance.now() - start) / 1000);
    if (r.kind === 'user') m.authenticatedUserRequests.inc({ username: compressUsername(r.user.name) });
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
