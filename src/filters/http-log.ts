// WithHTTPLogging: one "HTTP" line per finished request at -v=3 and above, with kube's httplog keys; never logs
// credentials.
import type { Logger } from 'pino';
import type { Filter } from './filter.js';
import { logV, vEnabled } from '../observability/logging.js';

/** A latency as Go prints a time.Duration of whole milliseconds or more (kubelite measures in ms). */
function goDuration(ms: number): string {
  return ms < 1000 ? `${ms}ms` : `${ms / 1000}s`;
}

export function withHTTPLog(log: Logger): Filter {
  return async (ctx, next) => {
    if (!vEnabled(log, 3)) return next();
    const socket = ctx.req.socket;
    const srcIP = socket?.remoteAddress ? `${socket.remoteAddress}:${socket.remotePort}` : undefined;
    ctx.res.once('finish', () => {
      logV(
        log,
        3,
        {
          verb: ctx.method,
          URI: ctx.req.url,
          latency: goDuration(Date.now() - ctx.receivedAt),
          userAgent: ctx.req.headers['user-agent'],
          'audit-ID': ctx.auditId,
          srcIP,
          resp: ctx.res.statusCode,
        },
        'HTTP',
      );
    });
    await next();
  };
}
