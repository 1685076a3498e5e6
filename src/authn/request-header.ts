// Request-header (authenticating proxy) authentication (--requestheader-*, auth.md §1.4): the proxy's client
// certificate must verify against --requestheader-client-ca-file and, when --requestheader-allowed-names is set,
// carry one of those common names; then the user comes from the configured headers, which are removed afterwards.
import type { X509Certificate } from 'node:crypto';
import type { RequestContext } from '../http/request-context.js';
import { notMine, type AuthResult, type RequestAuthenticator } from './authenticator.js';
import { describeFailure, peerCertificates, verifyClientChain } from './cert-verify.js';
import { subjectAttributes } from './x509.js';

export interface RequestHeaderConfig {
  roots: () => X509Certificate[];
  allowedNames: string[];
  usernameHeaders: string[];
  uidHeaders: string[];
  groupHeaders: string[];
  extraHeaderPrefixes: string[];
}

/** Every line of every header of that name (case-insensitive), as Go's header map holds them. */
function headerLines(ctx: RequestContext, predicate: (lowerName: string) => boolean): [string, string][] {
  const raw = ctx.req.rawHeaders ?? [];
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (predicate(name)) out.push([name, raw[i + 1]!]);
  }
  return out;
}

function decodeKey(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export class RequestHeaderAuthenticator implements RequestAuthenticator {
  readonly name = 'requestheader';
  constructor(private readonly c: RequestHeaderConfig) {}

  /** Every header this authenticator reads: removed from every request once it is authenticated. */
  headerNames(): string[] {
    return [...this.c.usernameHeaders, ...this.c.uidHeaders, ...this.c.groupHeaders];
  }

  authenticate(ctx: RequestContext): AuthResult {
    const peer = peerCertificates(ctx);
    if (!peer) return notMine;
    const leaf = peer.chain[0]!;
    const failure = verifyClientChain(peer.chain, this.c.roots());
    if (failure) return { kind: 'error', error: new Error(describeFailure(leaf, failure)) };
    if (this.c.allowedNames.length) {
      const cn = subjectAttributes(leaf).find(([k]) => k === 'CN')?.[1] ?? '';
      if (!this.c.allowedNames.includes(cn)) return { kind: 'error', error: new Error(`x509: subject with cn=${cn} is not in the allowed list`) };
    }
    const first = (names: string[]) => {
      for (const h of names) {
        const v = headerLines(ctx, (n) => n === h.toLowerCase())[0]?.[1];
        if (v) return v;
      }
      return '';
    };
    const name = first(this.c.usernameHeaders);
    if (!name) return notMine;
    const uid = first(this.c.uidHeaders);
    const groups: string[] = [];
    for (const h of this.c.groupHeaders) for (const [, v] of headerLines(ctx, (n) => n === h.toLowerCase())) if (v) groups.push(v);
    const extra: Record<string, string[]> = {};
    for (const prefix of this.c.extraHeaderPrefixes) {
      const p = prefix.toLowerCase();
      for (const [n, v] of headerLines(ctx, (n) => n.startsWith(p))) (extra[decodeKey(n.slice(p.length))] ??= []).push(v);
    }
    const user = { name, uid, groups, extra };
    return { kind: 'user', user };
  }
}
