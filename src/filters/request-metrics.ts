// kube's route instrumentation (endpoints/metrics.InstrumentRouteFunc): resource requests and the health endpoints
// are counted when they finish, with their latency, response size (GET and LIST), the long-running gauge while a
// watch or connect lasts, and the deprecated-API gauge from the request's `k8s.io/deprecated` audit annotation.
import type { RequestContext } from '../http/request-context.js';
import type { ApiserverMetrics, RequestLabels } from '../observability/metrics/apiserver-metrics.js';
import { cleanDryRun, cleanScope, reportedVerb } from '../observability/metrics/request-labels.js';
import type { Filter } from './filter.js';

const HEALTH_PATH = /^\/(healthz|livez|readyz)(\/.*)?$/;

/** The request-metric labels of a request (non-resource requests: the path as subresource). */
export function requestLabels(ctx: RequestContext): RequestLabels {
  const ri = ctx.requestInfo;
  const scope = cleanScope(ri);
  const contentType = String(ctx.req.headers['content-type'] ?? '').split(';')[0]!.trim();
  const verb = reportedVerb(ctx.method, ctx.query, contentType, ri, scope);
  const component = 'apiserver';
  if (!ri.isResourceRequest) return { verb, dry_run: cleanDryRun(ctx.query), group: '', version: '', resource: '', subresource: ctx.path, scope, component };
  return { verb, dry_run: cleanDryRun(ctx.query), group: ri.apiGroup, version: ri.apiVersion, resource: ri.resource, subresource: ri.subresource, scope, component };
}

function withoutDryRun(l: RequestLabels): Omit<RequestLabels, 'dry_run'> {
  return { verb: l.verb, group: l.group, version: l.version, resource: l.resource, subresource: l.subresource, scope: l.scope, component: l.component };
}

/**
 * One frozen set of label objects per distinct label values, reused by every request with those values: the
 * metrics then find their series by identity instead of building a key per observation (fast-metrics.ts).
 */
interface SharedLabels {
  labels: RequestLabels;
  short: Omit<RequestLabels, 'dry_run'>;
  byCode: Map<number, RequestLabels & { code: string }>;
}

const MAX_SHARED_LABELS = 1000;

function sharedLabels(cache: Map<string, SharedLabels>, l: RequestLabels): SharedLabels {
  const key = `${l.verb}\u0000${l.dry_run}\u0000${l.group}\u0000${l.version}\u0000${l.resource}\u0000${l.subresource}\u0000${l.scope}\u0000${l.component}`;
  let s = cache.get(key);
  if (!s) {
    if (cache.size >= MAX_SHARED_LABELS) cache.clear();
    s = { labels: Object.freeze(l), short: Object.freeze(withoutDryRun(l)), byCode: new Map() };
    cache.set(key, s);
  }
  return s;
}

function withCode(s: SharedLabels, code: number): RequestLabels & { code: string } {
  let l = s.byCode.get(code);
  if (!l) s.byCode.set(code, (l = Object.freeze({ ...s.labels, code: String(code) })));
  return l;
}

export function withRequestMetrics(m: ApiserverMetrics): Filter {
  const cache = new Map<string, SharedLabels>();
  return async (ctx, next) => {
    const ri = ctx.requestInfo;
    const health = !ri.isResourceRequest && HEALTH_PATH.exec(ctx.path);
    if (!ri.isResourceRequest && !health) return next();
    const fresh = requestLabels(ctx);
    if (health) fresh.subresource = `/${health[1]}`;
    const shared = sharedLabels(cache, fresh);
    const { labels, short } = shared;
    const gauge = ctx.longRunning ? m.longRunning.labels(short) : undefined;
    gauge?.inc();
    if (labels.verb === 'WATCH') {
      ctx.recordWatchEvents = (group, version, kind, sizes) => {
        const l = { group, version, kind };
        m.watchEvents.inc(l, sizes.length);
        for (const size of sizes) m.watchEventsSizes.observe(l, size);
      };
    }
    try {
      await next();
    } finally {
      gauge?.dec();
      const code = ctx.res.statusCode;
      const seconds = (Date.now() - ctx.receivedAt) / 1000;
      m.requestTotal.inc(withCode(shared, code));
      m.requestDuration.observe(labels, seconds);
      m.requestSliDuration.observe(short, seconds);
      m.requestSloDuration.observe(short, seconds);
      if (labels.verb === 'GET' || labels.verb === 'LIST') m.responseSizes.observe(short, responseSize(ctx));
      const notes = ctx.auditAnnotations;
      if (notes?.['k8s.io/deprecated'] === 'true') {
        m.requestedDeprecatedApis.set({ group: labels.group, version: labels.version, resource: labels.resource, subresource: labels.subresource, removed_release: notes['k8s.io/removed-release'] ?? '' }, 1);
      }
    }
  };
}

function responseSize(ctx: RequestContext): number {
  const n = Number(ctx.res.getHeader('content-length'));
  return Number.isFinite(n) ? n : 0;
}
