// WithMaxInFlightLimit: at most --max-requests-inflight read-only (get, list, watch) and
// --max-mutating-requests-inflight other requests are served at once; one more is refused with kube's plain-text
// 429 and `Retry-After: 1`. Long-running requests (watches) are not counted, system:masters is never refused, and
// the health probes are not counted (kube's default priority-and-fairness configuration exempts them).
import { writeText } from '../http/respond.js';
import type { ApiserverMetrics } from '../observability/metrics/apiserver-metrics.js';
import type { Filter } from './filter.js';
import { requestLabels } from './request-metrics.js';

const READ_ONLY_VERBS = new Set(['get', 'list', 'watch']);
const PROBE_PATHS = /^\/(healthz|livez|readyz)(\/|$)/;

export interface InFlightLimits {
  /** 0 = unlimited. */
  readOnly: number;
  /** 0 = unlimited. */
  mutating: number;
}

export function withMaxInFlightLimit(limits: InFlightLimits, metrics?: ApiserverMetrics): Filter {
  const inFlight = { readOnly: 0, mutating: 0 };
  // apiserver_current_inflight_requests: the most requests of each kind served at once during the last second.
  const peak = { readOnly: 0, mutating: 0 };
  metrics?.every(1000, () => {
    for (const kind of ['readOnly', 'mutating'] as const) {
      metrics.currentInflight.set({ request_kind: kind }, peak[kind]);
      peak[kind] = inFlight[kind];
    }
  });
  return async (ctx, next) => {
    if (ctx.longRunning || (!ctx.requestInfo.isResourceRequest && PROBE_PATHS.test(ctx.path))) return next();
    const kind = READ_ONLY_VERBS.has(ctx.requestInfo.verb) ? 'readOnly' : 'mutating';
    const limit = limits[kind];
    if (limit === 0) return next();
    if (inFlight[kind] >= limit) {
      if (ctx.user?.groups.includes('system:masters')) return next();
      // kube counts a refused request in apiserver_request_total with code 429.
      if (metrics) metrics.requestTotal.inc({ ...requestLabels(ctx), code: '429' });
      return writeText(ctx, 429, 'Too many requests, please try again later.\n', { 'Retry-After': '1', 'X-Content-Type-Options': 'nosniff' });
    }
    if (++inFlight[kind] > peak[kind]) peak[kind] = inFlight[kind];
    try {
      await next();
    } finally {
      inFlight[kind]--;
    }
  };
}
