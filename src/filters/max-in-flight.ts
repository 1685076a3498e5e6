// WithMaxInFlightLimit: at most --max-requests-inflight read-only (get, list, watch) and
// --max-mutating-requests-inflight other requests are served at once; one more is refused with kube's plain-text
// 429 and `Retry-After: 1`. Long-running requests (watches) are not counted, system:masters is never refused, and
// the health probes are not counted (kube's default priority-and-fairness configuration exempts them).
import { writeText } from '../http/respond.js';
import type { Filter } from './filter.js';

const READ_ONLY_VERBS = new Set(['get', 'list', 'watch']);
const PROBE_PATHS = /^\/(healthz|livez|readyz)(\/|$)/;

export interface InFlightLimits {
  /** 0 = unlimited. */
  readOnly: number;
  /** 0 = unlimited. */
  mutating: number;
}

export function withMaxInFlightLimit(limits: InFlightLimits): Filter {
  const inFlight = { readOnly: 0, mutating: 0 };
  return async (ctx, next) => {
    if (ctx.longRunning || (!ctx.requestInfo.isResourceRequest && PROBE_PATHS.test(ctx.path))) return next();
    const kind = READ_ONLY_VERBS.has(ctx.requestInfo.verb) ? 'readOnly' : 'mutating';
    const limit = limits[kind];
    if (limit === 0) return next();
    if (inFlight[kind] >= limit) {
      if (ctx.user?.groups.includes('system:masters')) return next();
      return writeText(ctx, 429, 'Too many requests, please try again later.\n', { 'Retry-After': '1', 'X-Content-Type-Options': 'nosniff' });
    }
    inFlight[kind]++;
    try {
      await next();
    } finally {
      inFlight[kind]--;
    }
  };
}
