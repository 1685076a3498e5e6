// WithRequestDeadline + WithTimeoutForNonLongRunningRequests: a non-long-running request gets
// min(?timeout, --request-timeout); when the deadline passes before an answer, the 504 kube sends.
import { badRequest, StatusError } from '../errors/status.js';
import { canWrite, closeUnfinishedRequest, writeError, writeJSON } from '../http/respond.js';
import type { Filter } from './filter.js';
import { parseGoDuration } from '../golang/time.js';

const TIMEOUT_BODY = new StatusError(
  { code: 504, reason: 'Timeout', message: 'Timeout: request did not complete within the allotted timeout', details: {} },
  true,
);

export function withTimeout(requestTimeoutMs: number): Filter {
  return async (ctx, next) => {
    if (ctx.longRunning) return next();
    let timeoutMs = requestTimeoutMs;
    const param = ctx.query.get('timeout');
    if (param !== null && param !== '') {
      let d: number;
      try {
        d = parseGoDuration(param);
      } catch (e) {
        return writeError(ctx, badRequest(`invalid timeout specified in the request URL - ${(e as Error).message}`));
      }
      if (d > 0 && d < timeoutMs) timeoutMs = d;
    }
    ctx.deadline = ctx.receivedAt + timeoutMs;
    const remaining = Math.max(0, ctx.deadline - Date.now());
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), remaining);
      timer.unref?.();
    });
    const work = next().then(() => 'done' as const);
    const winner = await Promise.race([work, expired]);
    clearTimeout(timer);
    if (winner === 'timeout') {
      if (canWrite(ctx)) {
        closeUnfinishedRequest(ctx);
        writeJSON(ctx, 504, TIMEOUT_BODY.toJSON());
        ctx.timedOut = true;
      } else if (!ctx.res.writableEnded) {
        ctx.timedOut = true;
        ctx.res.destroy?.();
      }
      (ctx as { abort?: () => void }).abort?.();
      work.catch(() => undefined);
    }
  };
}
