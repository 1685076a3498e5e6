// A pipeline stage: it may answer (write a response) or pass the request on by awaiting next().
import type { RequestContext } from '../http/request-context.js';

export type Next = () => Promise<void>;
export type Filter = (ctx: RequestContext, next: Next) => Promise<void>;
export type Handler = (ctx: RequestContext) => Promise<void>;

/** Composes filters outermost-first around a final handler. */
export function compose(filters: Filter[], handler: Handler): Handler {
  return filters.reduceRight<Handler>((inner, filter) => (ctx) => filter(ctx, () => inner(ctx)), handler);
}
