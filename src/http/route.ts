// A part of the server that may answer a request.
import type { RequestContext } from './request-context.js';

/** Resolves true when it answered, false when the path is not its. */
export type Route = (ctx: RequestContext) => Promise<boolean>;
