// WithAuditInit: every response carries Audit-Id, taken from the request's Audit-ID header or a new UUID.
import { randomUUID } from 'node:crypto';
import type { Filter } from './filter.js';

export const withAuditId: Filter = async (ctx, next) => {
  const given = ctx.req.headers['audit-id'];
  ctx.auditId = (Array.isArray(given) ? given[0] : given)?.trim() || randomUUID();
  ctx.res.setHeader('Audit-Id', ctx.auditId);
  await next();
};
