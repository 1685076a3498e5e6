// kube's route instrumentation (endpoints/metrics.InstrumentRouteFunc): resource requests and the health endpoints
// are counted when they finish, with their latency, response size (GET and LIST), the long-running gauge while a
// watch or connect lasts, and the deprecated-API gauge from the request's `k8s.io/deprecated` audit annotation.
import type { RequestContext } from '../http/request-context.js';
import type { ApiserverMetrics, RequestLabels } from '../observability/metrics/apiserver-metrics.js';
import { metricResets, type CounterSeries, type HistogramSeries } from '../observability/metrics/fast-metrics.js';
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
 * What the metrics of one route shape (one distinct set of label values) update, found once: the frozen label
 * objects and the series of each metric, so a request costs one lookup by the shape's key.
 */
interface RouteShape {
  labels: RequestLabels;
  short: Omit<RequestLabels, 'dry_run'>;
  total: Map<number, CounterSeries>;
  duration: HistogramSeries;
  sli: HistogramSeries;
  slo: HistogramSeries;
  /** GET and LIST: apiserver_response_sizes. */
  sizes?: HistogramSeries;
  /** Metric resets seen when the series were found (a reset makes them stale). */
  resets: number;
}

const MAX_SHAPES = 1000;

/**
 * The key of a request's label values: what requestLabels reads, query and Content-Type only when they can matter
 * (a request without a query has no dry-run value and is no watch; only a PATCH's Content-Type names APPLY).
 */
function shapeKey(ctx: RequestContext, health: RegExpExecArray | null | false): string {
  const ri = ctx.requestInfo;
  let key = health ? `${ctx.method}\u0000/${health[1]}` : `${ctx.method}\u0000${ri.verb}\u0000${ri.apiGroup}\u0000${ri.apiVersion}\u0000${ri.resource}\u0000${ri.subresource}\u0000${ri.name === '' ? 0 : 1}${ri.namespace === '' ? 0 : 1}${ri.isResourceRequest ? 1 : 0}`;
  if (ctx.query.size) {
    const watch = ctx.query.get('watch');
    key += `\u0000${cleanDryRun(ctx.query)}\u0000${watch !== null && watch !== '0' && watch.toLowerCase() !== 'false'}`;
  }
  if (ctx.method === 'PATCH' || (ctx.method.length === 5 && ctx.method.toUpperCase() === 'PATCH')) key += `\u0000${ctx.req.headers['content-type']}`;
  return key;
}

/** The shape's labels name the request's group, version, resource and subresource (no key can be confused). */
function sameRoute(l: RequestLabels, ri: RequestContext['requestInfo'], health: RegExpExecArray | null | false): boolean {
  if (health) return l.subresource === `/${health[1]}`;
  return l.group === ri.apiGroup && l.version === ri.apiVersion && l.resource === ri.resource && l.subresource === ri.subresource;
}

function shapeOf(m: ApiserverMetrics, l: RequestLabels): RouteShape {
  const labels = Object.freeze(l);
  const short = Object.freeze(withoutDryRun(l));
  return {
    labels,
    short,
    total: new Map(),
    duration: m.requestDuration.seriesOf(labels),
    sli: m.requestSliDuration.seriesOf(short),
    slo: m.requestSloDuration.seriesOf(short),
    sizes: l.verb === 'GET' || l.verb === 'LIST' ? m.responseSizes.seriesOf(short) : undefined,
    resets: metricResets(),
  };
}

function totalSeries(m: ApiserverMetrics, shape: RouteShape, code: number): CounterSeries {
  let s = shape.total.get(code);
  if (!s) shape.total.set(code, (s = m.requestTotal.seriesOf(Object.freeze({ ...shape.labels, code: String(code) }))));
  return s;
}

export function withRequestMetrics(m: ApiserverMetrics): Filter {
  const shapes = new Map<string, RouteShape>();
  // Called per watcher and batch: the series of a kind are found once (until the metrics are reset).
  const watchSeries = new Map<string, { group: string; version: string; resets: number; total: CounterSeries; sizes: HistogramSeries }>();
  const recordWatchEvents = (group: string, version: string, kind: string, sizes: number[]) => {
    let s = watchSeries.get(kind);
    if (!s || s.group !== group || s.version !== version || s.resets !== metricResets()) {
      const l = Object.freeze({ group, version, kind });
      if (watchSeries.size >= MAX_SHAPES) watchSeries.clear();
      watchSeries.set(kind, (s = { group, version, resets: metricResets(), total: m.watchEvents.seriesOf(l), sizes: m.watchEventsSizes.seriesOf(l) }));
    }
    s.total.value += sizes.length;
    for (let i = 0; i < sizes.length; i++) m.watchEventsSizes.observeSeries(s.sizes, sizes[i]!);
  };
  return async (ctx, next) => {
    const ri = ctx.requestInfo;
    const health = !ri.isResourceRequest && HEALTH_PATH.exec(ctx.path);
    if (!ri.isResourceRequest && !health) return next();
    const key = shapeKey(ctx, health);
    let shape = shapes.get(key);
    if (!shape || shape.resets !== metricResets() || !sameRoute(shape.labels, ri, health)) {
      const fresh = requestLabels(ctx);
      if (health) fresh.subresource = `/${health[1]}`;
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      shapes.set(key, (shape = shapeOf(m, fresh)));
    }
    const { labels, short } = shape;
    const gauge = ctx.longRunning ? m.longRunning.labels(short) : undefined;
    gauge?.inc();
    if (labels.verb === 'WATCH') ctx.recordWatchEvents = recordWatchEvents;
    try {
      await next();
    } finally {
      gauge?.dec();
      const seconds = (Date.now() - ctx.receivedAt) / 1000;
      totalSeries(m, shape, ctx.res.statusCode).value++;
      m.requestDuration.observeSeries(shape.duration, seconds);
      m.requestSliDuration.observeSeries(shape.sli, seconds);
      m.requestSloDuration.observeSeries(shape.slo, seconds);
      if (shape.sizes) m.responseSizes.observeSeries(shape.sizes, responseSize(ctx));
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
