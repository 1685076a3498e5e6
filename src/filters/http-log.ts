// WithHTTPLogging: one structured line per finished request (at -v=2 and above); never logs credentials.
import type { Logger } from 'pino';
import type { Filter } from './filter.js';

export function withHTTPLog(log: Logger): Filter {
  return async (ctx, next) => {
    if (!log.isLevelEnabled('info')) return next();
    ctx.res.once('finish', () => {
      const ri = ctx.requestInfo;
      log.info(
        {
          auditID: ctx.auditId,
          verb: ri?.verb,
          uri: ctx.req.url,
          user: ctx.user?.name,
          proto: ctx.http2 ? 'HTTP/2.0' : 'HTTP/1.1',
          status: ctx.res.statusCode,
          latencyMs: Date.now() - ctx.receivedAt,
          userAgent: ctx.req.headers['user-agent'],
        },
        'HTTP',
      );
    });
    await next();
  };
}
