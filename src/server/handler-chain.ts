// The request pipeline, composed in kube-apiserver's order (DefaultBuildHandlerChain, apiserver.md §1).
// Outermost first; each stage is one module under src/filters.
import type { Logger } from 'pino';
import type { RequestAuthenticator } from '../authn/authenticator.js';
import type { Authorizer } from '../authz/authorizer.js';
import { withAuditId } from '../filters/audit-id.js';
import { withAudit } from '../filters/audit.js';
import { withRequestMetrics } from '../filters/request-metrics.js';
import type { Auditor } from '../observability/audit/auditor.js';
import type { ApiserverMetrics } from '../observability/metrics/apiserver-metrics.js';
import { withAuthentication, type AuthenticationSettings } from '../filters/authentication.js';
import { withImpersonation } from '../filters/impersonation.js';
import { withAuthorization } from '../filters/authorization.js';
import { compose, type Filter, type Handler } from '../filters/filter.js';
import { withHTTPLog } from '../filters/http-log.js';
import { withMaxInFlightLimit, type InFlightLimits } from '../filters/max-in-flight.js';
import { withPanicRecovery } from '../filters/panic-recovery.js';
import { withRequestInfo } from '../filters/with-request-info.js';
import { withShutdownGate, type ShutdownState } from '../filters/shutdown-gate.js';
import { withTimeout } from '../filters/timeout.js';

export interface ChainDeps {
  log: Logger;
  authenticator: RequestAuthenticator;
  authentication?: AuthenticationSettings;
  authorizer: Authorizer;
  requestTimeoutMs: number;
  shutdown: ShutdownState;
  inFlight: InFlightLimits;
  metrics?: ApiserverMetrics;
  /** Absent when no audit policy and backend are configured. */
  auditor?: Auditor;
}

export function buildHandlerChain(director: Handler, d: ChainDeps): Handler {
  const filters: Filter[] = [
    withAuditId, //                          WithAuditInit
    withPanicRecovery(d.log), //             WithPanicRecovery
    withRequestInfo, //                      WithRequestInfo
    withHTTPLog(d.log), //                   WithHTTPLogging
    // WithCacheControl and WithWarningRecorder are applied when a response is written (http/respond.ts).
    withShutdownGate(d.shutdown), //         WithWaitGroup (in-flight tracking for graceful shutdown)
    withTimeout(d.requestTimeoutMs), //      WithRequestDeadline + WithTimeoutForNonLongRunningRequests
    withAuthentication(d.authenticator, d.log, d.authentication), // WithAuthentication (+ WithFailedAuthenticationAudit)
    ...(d.auditor ? [withAudit(d.auditor)] : []), // WithAudit
    withImpersonation(d.authorizer), //      WithImpersonation
    withMaxInFlightLimit(d.inFlight, d.metrics), // WithMaxInFlightLimit (kube's variant without priority and fairness)
    withAuthorization(d.authorizer, d.metrics), // WithAuthorization
    ...(d.metrics ? [withRequestMetrics(d.metrics)] : []), // the routes' instrumentation (InstrumentRouteFunc)
  ];
  return compose(filters, director);
}
