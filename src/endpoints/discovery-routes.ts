// Serves discovery (/api, /apis, ...), /version and /openapi/v2|v3 from the builders in src/discovery, always
// over the list of resources currently served (built-ins, and custom resources as they are established).
import type { ResourceInfo } from '../api/resource-info.js';
import { discoveryResponse } from '../discovery/discovery-response.js';
import type { HttpResponse } from '../discovery/http-response.js';
import { OpenAPIV2Service } from '../discovery/openapi-v2.js';
import { OpenAPIV3Service } from '../discovery/openapi-v3.js';
import { versionResponse } from '../discovery/version.js';
import type { RequestContext } from '../http/request-context.js';
import { canWrite, finalizeHeaders, writeError } from '../http/respond.js';
import { routeMethodNotAllowed, routeNotFound } from '../errors/status.js';

export class DiscoveryService {
  readonly openapiV3: OpenAPIV3Service;
  private readonly openapiV2: OpenAPIV2Service;
  private servedAt: ResourceInfo[] | undefined;

  /** `cbor`: the OpenAPI documents list the CBOR media types (CBORServingAndStorage on). */
  constructor(
    private readonly resources: () => ResourceInfo[],
    options: { cbor?: boolean } = {},
  ) {
    this.openapiV3 = new OpenAPIV3Service([], { cbor: options.cbor });
    this.openapiV2 = new OpenAPIV2Service(this.openapiV3);
  }

  /** Keeps the OpenAPI documents in step with the served resources (rebuilt lazily when they change). */
  private syncOpenAPI(): void {
    const now = this.resources();
    if (now !== this.servedAt) {
      this.servedAt = now;
      this.openapiV3.setResources(now);
    }
  }

  async serveDiscovery(ctx: RequestContext): Promise<boolean> {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
    const local = ctx.req.socket;
    const host = local.localAddress?.includes(':') ? `[${local.localAddress}]` : local.localAddress;
    const r = discoveryResponse(ctx.path, ctx.req.headers['accept'], ctx.req.headers['if-none-match'], this.resources(), {
      serverAddress: `${host}:${local.localPort}`,
    });
    if (!r) return false;
    write(ctx, r);
    return true;
  }

  async serveNonResource(ctx: RequestContext): Promise<boolean> {
    // /version is a go-restful web service in kube: GET only (else 405), and its router's 404 below it.
    if (ctx.path === '/version' || ctx.path === '/version/' || ctx.path.startsWith('/version/')) {
      if (ctx.path.length > '/version/'.length) writeError(ctx, routeNotFound());
      else if (ctx.method !== 'GET') writeError(ctx, routeMethodNotAllowed());
      else write(ctx, versionResponse());
      return true;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
    let r: HttpResponse | undefined;
    if (ctx.path === '/openapi/v3' || ctx.path.startsWith('/openapi/v3/')) {
      this.syncOpenAPI();
      const search = ctx.query.toString();
      r = this.openapiV3.respond(ctx.path, search ? `?${search}` : '', ctx.req.headers['accept'], ctx.req.headers['if-none-match']);
    } else if (ctx.path === '/openapi/v2') {
      this.syncOpenAPI();
      r = this.openapiV2.respond(ctx.path, ctx.req.headers['accept'], ctx.req.headers['if-none-match'], ctx.req.headers['if-modified-since']);
    }
    if (!r) return false;
    write(ctx, r);
    return true;
  }
}

function write(ctx: RequestContext, r: HttpResponse): void {
  if (!canWrite(ctx)) return;
  for (const [k, v] of Object.entries(r.headers)) ctx.res.setHeader(k, v);
  const body = r.body === undefined ? undefined : typeof r.body === 'string' ? Buffer.from(r.body) : Buffer.from(r.body);
  // Go sends Content-Length: 0 for a handler that wrote nothing (not on a 304).
  if (body) ctx.res.setHeader('Content-Length', String(body.length));
  else if (r.status !== 304) ctx.res.setHeader('Content-Length', '0');
  finalizeHeaders(ctx);
  ctx.res.writeHead(r.status);
  if (body && ctx.method !== 'HEAD') ctx.res.end(body);
  else ctx.res.end();
}
