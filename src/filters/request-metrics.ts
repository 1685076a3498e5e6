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

export function withRequestMetrics(m: ApiserverMetrics): Filter {
  return async (ctx, next) => {
    const ri = ctx.requestInfo;
    const health = !ri.isResourceRequest && HEALTH_PATH.exec(ctx.path);
    if (!ri.isResourceRequest && !health) return next();
    const labels = requestLabels(ctx);
    if (health) labels.subresource = `/${health[1]}`;
    const short = withoutDryRun(labels);
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
      m.requestTotal.inc({ ...labels, code: String(code) });
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
