// WithAudit (after authentication, before impersonation, as in kube): the policy is evaluated for the authenticated
// user; RequestReceived is sent before the handler runs, ResponseStarted when a long-running request first writes
// its headers, ResponseComplete when the handler is done, Panic when it threw. In blocking-strict mode a
// RequestReceived event that cannot be stored fails the request.
import { internalError } from '../errors/status.js';
import { writeError } from '../http/respond.js';
import type { Auditor } from '../observability/audit/auditor.js';
import type { Filter } from './filter.js';

export function withAudit(auditor: Auditor): Filter {
  return async (ctx, next) => {
    const a = auditor.begin(ctx);
    if (!a) return next();
    if (!auditor.emit(a, 'RequestReceived', ctx) && auditor.strict) return writeError(ctx, internalError('failed to store audit event'));
    if (ctx.longRunning) {
      const res = ctx.res as { writeHead: (...args: unknown[]) => unknown };
      const writeHead = res.writeHead;
      res.writeHead = function (this: unknown, ...args: unknown[]) {
        const out = writeHead.apply(this, args);
        if (!a.responseStarted) {
          a.responseStarted = true;
          auditor.emit(a, 'ResponseStarted', ctx);
        }
        return out;
      };
    }
    try {
      await next();
    } catch (err) {
      auditor.panicked(a, ctx, err);
      throw err;
    }
    // A long-running request that never answered still gets its ResponseStarted ("Connection closed early").
    if (ctx.longRunning && !a.responseStarted) {
      a.responseStarted = true;
      auditor.emit(a, 'ResponseStarted', ctx);
    }
    auditor.emit(a, 'ResponseComplete', ctx);
  };
}
