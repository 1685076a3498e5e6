// GET /metrics: the Prometheus text exposition of the server's registry (authorized as the non-resource URL
// /metrics, which the bootstrap ClusterRole system:monitoring grants).
import type { Route } from '../../http/route.js';
import { writeBody } from '../../http/respond.js';
import type { ApiserverMetrics } from './apiserver-metrics.js';

/** What kube's metrics handler (client_golang's promhttp) answers for the text format. */
export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8; escaping=underscores';

export function metricsRoute(m: ApiserverMetrics): Route {
  return async (ctx) => {
    if (ctx.path !== '/metrics') return false;
    // prom-client prints NaN as "Nan"; client_golang (kube) prints "NaN".
    const text = (await m.exposition()).replace(/ Nan$/gm, ' NaN');
    writeBody(ctx, 200, EXPOSITION_CONTENT_TYPE, text);
    return true;
  };
}
