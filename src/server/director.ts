// The director: API paths (/api, /apis) go to the resource API and discovery; the rest to the
// non-resource mux (health, version, openapi, /); anything else is the plain-text 404 of Go's mux.
import { routeNotFound } from '../errors/status.js';
import type { Handler } from '../filters/filter.js';
import type { HealthChecks, HealthEndpoint } from '../observability/health.js';
import type { RequestContext } from '../http/request-context.js';
import { writeError, writeJSON, writeText } from '../http/respond.js';
import type { Route } from '../http/route.js';


export interface DirectorDeps {
  health: HealthChecks;
  /** Resource requests (RequestInfo.isResourceRequest). */
  resources: Route;
  /** Everything else under /api and /apis: discovery. */
  discovery: Route;
  /** Other non-resource paths (/version, /openapi/...). */
  nonResource: Route[];
  /** Paths listed by GET /. */
  listedPaths: () => string[];
  /** True for a group kube serves with a go-restful web service (built-in groups); custom resource groups are not. */
  restfulGroup: (group: string) => boolean;
}

const HEALTH = new Set<HealthEndpoint>(['healthz', 'livez', 'readyz']);

export function buildDirector(d: DirectorDeps): Handler {
  return async (ctx) => {
    const path = ctx.path;
    const top = path.split('/')[1] ?? '';
    if (ctx.requestInfo.isResourceRequest) {
      if (await d.resources(ctx)) return;
      return apiNotFound(ctx, d);
    }
    if (top === 'api' || top === 'apis') {
      if (await d.discovery(ctx)) return;
      return apiNotFound(ctx, d);
    }
    // kube's mux has /<endpoint> and /<endpoint>/<check> exactly (no /<endpoint>/ or deeper paths).
    if (HEALTH.has(top as HealthEndpoint) && (path === `/${top}` || path.length > top.length + 2)) {
      const sub = path.slice(top.length + 2);
      if (await d.health.serve(ctx, top as HealthEndpoint, sub)) return;
    }
    if (path === '/' && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      return writeJSON(ctx, 200, { paths: d.listedPaths() });
    }
    for (const r of d.nonResource) if (await r(ctx)) return;
    notFound(ctx);
  };
}

function notFound(ctx: RequestContext): void {
  writeText(ctx, 404, '404 page not found\n', { 'X-Content-Type-Options': 'nosniff' });
}

/**
 * Nothing under /api or /apis answered. Paths of a go-restful web service (/api…, /apis, built-in groups) get the
 * router's 404 Status; anything else under /apis falls, in kube, through the custom resource handler to the
 * final plain-text 404.
 */
function apiNotFound(ctx: RequestContext, d: DirectorDeps): void {
  const [, top, group = ''] = ctx.path.split('/');
  if (top === 'apis' && group !== '' && !d.restfulGroup(group)) return notFound(ctx);
  writeError(ctx, routeNotFound());
}
