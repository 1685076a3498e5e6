// Bearer tokens of websocket clients (auth.md §1.1): browsers cannot set Authorization on a websocket, so the token
// travels as a Sec-WebSocket-Protocol entry `base64url.bearer.authorization.k8s.io.<unpadded base64url>`; the
// entry is removed once read.
import type { RequestContext } from '../http/request-context.js';
import { notMine, type AuthResult, type RequestAuthenticator, type TokenAuthenticator } from './authenticator.js';

const PREFIX = 'base64url.bearer.authorization.k8s.io.';

function isWebsocketUpgrade(ctx: RequestContext): boolean {
  const h = ctx.req.headers;
  return String(h['connection'] ?? '').toLowerCase().split(',').some((v) => v.trim() === 'upgrade') && String(h['upgrade'] ?? '').toLowerCase() === 'websocket';
}

export class WebsocketTokenAuthenticator implements RequestAuthenticator {
  readonly name = 'websocket-protocol';
  constructor(private readonly tokens: TokenAuthenticator) {}

  async authenticate(ctx: RequestContext): Promise<AuthResult> {
    if (!isWebsocketUpgrade(ctx)) return notMine;
    const header = ctx.req.headers['sec-websocket-protocol'];
    if (typeof header !== 'string' || !header) return notMine;
    let token: string | undefined;
    const rest: string[] = [];
    for (const raw of header.split(',')) {
      const p = raw.trim();
      if (!p.startsWith(PREFIX)) {
        if (p) rest.push(p);
        continue;
      }
      if (token !== undefined) return { kind: 'error', error: new Error('multiple base64.bearer.authorization tokens specified') };
      const enc = p.slice(PREFIX.length);
      if (!/^[A-Za-z0-9_-]*$/.test(enc)) return { kind: 'error', error: new Error('invalid base64.bearer.authorization token encoding') };
      const bytes = Buffer.from(enc, 'base64url');
      const text = bytes.toString('utf8');
      if (!Buffer.from(text, 'utf8').equals(bytes)) return { kind: 'error', error: new Error('invalid base64.bearer.authorization token') };
      token = text;
    }
    if (token === undefined) return notMine;
    if (rest.length === 0) return { kind: 'error', error: new Error('missing additional subprotocol') };
    if (token === '') return notMine;
    ctx.auditAnnotations ??= {};
    const r = await this.tokens.authenticateToken(token, { audiences: ctx.audiences ?? [], warnings: ctx.warnings, auditAnnotations: ctx.auditAnnotations });
    if (r.kind === 'user') ctx.req.headers['sec-websocket-protocol'] = rest.join(',');
    return r;
  }
}
