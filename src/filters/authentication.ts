// WithAuthentication: runs the authenticator union; a failed credential is 401 (never anonymous).
import type { Logger } from 'pino';
import type { RequestAuthenticator } from '../authn/authenticator.js';
import { unauthorized } from '../errors/status.js';
import { writeError } from '../http/respond.js';
import type { Filter } from './filter.js';

export function withAuthentication(authenticator: RequestAuthenticator, log: Logger): Filter {
  return async (ctx, next) => {
    const r = await authenticator.authenticate(ctx);
    if (r.kind !== 'user') {
      if (r.kind === 'error') log.debug({ auditID: ctx.auditId, err: r.error.message }, 'unable to authenticate the request');
      writeError(ctx, unauthorized());
      // kube closes HTTP/2 connections of failed authentications (DoS mitigation).
      if (ctx.http2) (ctx.req as { stream?: { session?: { close(): void } } }).stream?.session?.close();
      return;
    }
    ctx.user = r.user;
    delete ctx.req.headers['authorization'];
    await next();
  };
}
