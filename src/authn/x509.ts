// Client-certificate authentication (--client-ca-file, auth.md §1.3): the chain the client sent is verified against
// the client CA bundle (intermediates, validity, client-auth usage); the leaf becomes a user (CN = name, each O a
// group, the LDAP UID attribute the uid). A certificate that fails is an error (401), never anonymous.
import { createHash, type X509Certificate } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import type { Logger } from 'pino';
import type { RequestContext } from '../http/request-context.js';
import { notMine, type AuthResult, type RequestAuthenticator } from './authenticator.js';
import { describeFailure, peerCertificates, verifyClientChain } from './cert-verify.js';

/** Subject attributes as a list of [type, value] pairs, in certificate order. */
export function subjectAttributes(cert: X509Certificate): [string, string][] {
  const out: [string, string][] = [];
  // Node prints the subject one attribute per line ("CN=x\nO=a\nO=b"); a value with a newline is escaped.
  for (const line of cert.subject.split('\n')) {
    const i = line.indexOf('=');
    if (i > 0) out.push([line.slice(0, i), line.slice(i + 1)]);
  }
  return out;
}

export class X509Authenticator implements RequestAuthenticator {
  readonly name = 'x509';
  // The client certificate is fixed for the life of a TLS connection: verify it once per connection, not per
  // request (reading the peer certificate chain is costly). Validity is re-checked at most once a minute.
  private readonly bySocket = new WeakMap<TLSSocket, { result: AuthResult; checked: number }>();

  constructor(
    private readonly roots: () => X509Certificate[],
    private readonly log?: Logger,
  ) {}

  authenticate(ctx: RequestContext): AuthResult {
    const peer = peerCertificates(ctx);
    if (!peer) return notMine;
    let entry = this.bySocket.get(peer.socket);
    if (!entry || Date.now() - entry.checked > 60_000) {
      entry = { result: this.verify(peer.chain), checked: Date.now() };
      this.bySocket.set(peer.socket, entry);
    }
    const r = entry.result;
    return r.kind === 'user' ? { kind: 'user', user: { ...r.user, groups: [...r.user.groups] } } : r;
  }

  private verify(chain: X509Certificate[]): AuthResult {
    const leaf = chain[0]!;
    const failure = verifyClientChain(chain, this.roots());
    if (failure) {
      const message = describeFailure(leaf, failure);
      if (failure.startsWith('x509: certificate has expired or is not yet valid')) this.log?.error(message);
      return { kind: 'error', error: new Error(message) };
    }
    const attrs = subjectAttributes(leaf);
    const cn = attrs.find(([k]) => k === 'CN')?.[1];
    if (!cn) return notMine;
    const uids = attrs.filter(([k]) => k === 'UID' || k === '0.9.2342.19200300.100.1.1').map(([, v]) => v);
    if (uids.length > 1) return { kind: 'error', error: new Error(`expected 1 UID, but found multiple: [${uids.join(' ')}]`) };
    if (uids.length === 1 && uids[0] === '') return { kind: 'error', error: new Error('UID cannot be an empty string') };
    const user = {
      name: cn,
      uid: uids[0] ?? '',
      groups: attrs.filter(([k]) => k === 'O').map(([, v]) => v),
      extra: { 'authentication.kubernetes.io/credential-id': [`X509SHA256=${createHash('sha256').update(leaf.raw).digest('hex')}`] },
    };
    return { kind: 'user', user };
  }
}
