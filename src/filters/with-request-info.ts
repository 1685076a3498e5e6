// WithRequestInfo: parses the path into RequestInfo; a malformed resource path is a 500 as in kube.
import { writeError } from '../http/respond.js';
import { internalError } from '../errors/status.js';
import { isLongRunning, parseRequestInfo, RequestInfoError } from '../http/request-info.js';
import type { Filter } from './filter.js';

export const withRequestInfo: Filter = async (ctx, next) => {
  try {
    ctx.requestInfo = parseRequestInfo(ctx.method, ctx.path, ctx.query);
  } catch (e) {
    if (e instanceof RequestInfoError) return writeError(ctx, internalError(`failed to create RequestInfo: ${e.message}`));
    throw e;
  }
  ctx.longRunning = isLongRunning(ctx.requestInfo);
  await next();
};
