// WithPanicRecovery: an unexpected exception answers the plain-text 500 kube sends and is logged; the server keeps serving.
import type { Logger } from 'pino';
import { canWrite, writeText } from '../http/respond.js';
import type { Filter } from './filter.js';

export function withPanicRecovery(log: Logger): Filter {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      log.error({ err, auditID: ctx.auditId, path: ctx.path, method: ctx.method }, 'request handler panicked');
      if (canWrite(ctx)) writeText(ctx, 500, 'This request caused apiserver to panic. Look in the logs for details.\n');
      else if (!ctx.res.writableEnded) ctx.res.destroy?.();
    }
  };
}
