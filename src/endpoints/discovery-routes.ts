// Serves discovery (/api, /apis, ...), /version and /openapi from the builders in src/discovery, always over the
// list of resources currently served (built-ins now, custom resources later).
import { createHash } from 'node:crypto';
import type { ResourceInfo } from '../api/resource-info.js';
import { notAcceptable } from '../errors/status.js';
import { negotiateDiscovery, NOT_ACCEPTABLE_MESSAGE } from '../discovery/accept.js';
import { aggregatedCore, aggregatedGroups } from '../discovery/aggregated.js';
import { apiGroup, apiGroupList, apiResourceList, apiVersions } from '../discovery/legacy.js';
import type { RequestContext } from '../server/request-context.js';
import { writeBody, writeError } from '../server/respond.js';
import { stringify } from 'yaml';

const AGGREGATED_CT = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

export class DiscoveryService {
  constructor(private readonly resources: () => ResourceInfo[]) {}

  async serveDiscovery(ctx: RequestContext): Promise<boolean> {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
    const parts = ctx.path.replace(/^\/+|\/+$/g, '').split('/');
    const served = this.resources();
    const neg = negotiateDiscovery(ctx.req.headers['accept'] as string | undefined, ['application/json', 'application/yaml']);
    if (!neg) {
      writeError(ctx, notAcceptable(NOT_ACCEPTABLE_MESSAGE));
      return true;
    }
    let body: unknown;
    if (parts.length === 1 && (parts[0] === 'api' || parts[0] === 'apis')) {
      if (neg.aggregated) return this.writeAggregated(ctx, parts[0] === 'api' ? aggregatedCore(served) : aggregatedGroups(served));
      body = parts[0] === 'api' ? apiVersions(ctx.req.socket.localAddress ? `${ctx.req.socket.localAddress}:${ctx.req.socket.localPort}` : '') : apiGroupList(served);
    } else if (parts[0] === 'api' && parts.length === 2) {
      body = apiResourceList(served, '', parts[1]!);
    } else if (parts[0] === 'apis' && parts.length === 2) {
      body = apiGroup(served, parts[1]!);
    } else if (parts[0] === 'apis' && parts.length === 3) {
      body = apiResourceList(served, parts[1]!, parts[2]!);
    }
    if (body === undefined) return false;
    this.write(ctx, body, neg.mediaType === 'application/yaml' ? 'yaml' : 'json');
    return true;
  }

  private write(ctx: RequestContext, body: unknown, format: 'json' | 'yaml'): void {
    if (format === 'yaml') writeBody(ctx, 200, 'application/yaml', stringify(body));
    else writeBody(ctx, 200, 'application/json', JSON.stringify(body) + '\n');
  }

  private writeAggregated(ctx: RequestContext, doc: unknown): boolean {
    const json = JSON.stringify(doc) + '\n';
    const etag = `"${createHash('sha512').update(json).digest('hex').toUpperCase()}"`;
    const headers = { ETag: etag, Vary: 'Accept', 'Cache-Control': 'public' };
    if (ctx.req.headers['if-none-match'] === etag) {
      for (const [k, v] of Object.entries(headers)) ctx.res.setHeader(k, v);
      ctx.res.writeHead(304);
      ctx.res.end();
      return true;
    }
    writeBody(ctx, 200, AGGREGATED_CT, json, headers);
    return true;
  }

  async serveNonResource(ctx: RequestContext): Promise<boolean> {
    if (ctx.path === '/version' || ctx.path === '/version/') {
      writeBody(ctx, 200, 'application/json', JSON.stringify(VERSION, null, 2) + '\n');
      return true;
    }
    return false;
  }
}

const VERSION = {
  major: '1',
  minor: '33',
  emulationMajor: '1',
  emulationMinor: '33',
  minCompatibilityMajor: '1',
  minCompatibilityMinor: '32',
  gitVersion: 'v1.33.1',
  gitCommit: '0000000000000000000000000000000000000000',
  gitTreeState: 'clean',
  buildDate: '2025-05-15T00:00:00Z',
  goVersion: 'go1.24.2',
  compiler: 'gc',
  platform: `${process.platform}/${process.arch === 'x64' ? 'amd64' : process.arch}`,
};
