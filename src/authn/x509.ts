// Client-certificate authentication (--client-ca-file): the TLS layer requests a certificate and verifies it
// against the client CA; here the verified leaf becomes a user (CN = name, O = groups).
import { createHash } from 'node:crypto';
import type { TLSSocket, DetailedPeerCertificate } from 'node:tls';
import type { RequestContext } from '../http/request-context.js';
import { notMine, type AuthResult, type RequestAuthenticator } from './authenticator.js';

const CLIENT_AUTH_EKU = '1.3.6.1.5.5.7.3.2';

function colonHex(hex: string | undefined): string {
  if (!hex) return '';
  return (hex.replace(/:/g, '').toUpperCase().match(/../g) ?? []).join(':');
}

function asList(v: string | string[] | undefined): string[] {
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}

export class X509Authenticator implements RequestAuthenticator {
  readonly name = 'x509';
  // The client certificate is fixed for the life of a TLS connection: verify it once per connection, not per
  // request (reading the peer certificate chain is costly).
  private readonly bySocket = new WeakMap<TLSSocket, AuthResult>();

  authenticate(ctx: RequestContext): AuthResult {
    // Over HTTP/2, req.socket is a per-stream proxy; the session's socket is the connection.
    const session = (ctx.req as { stream?: { session?: { socket?: TLSSocket } } }).stream?.session;
    const socket = (session?.socket ?? ctx.req.socket) as TLSSocket;
    if (typeof socket.getPeerCertificate !== 'function') return notMine;
    let r = this.bySocket.get(socket);
    if (!r) {
      r = this.verify(socket);
      this.bySocket.set(socket, r);
    }
    return r.kind === 'user' ? { kind: 'user', user: { ...r.user, groups: [...r.user.groups] } } : r;
  }

  private verify(socket: TLSSocket): AuthResult {
    const cert = socket.getPeerCertificate(true) as DetailedPeerCertificate;
    if (!cert || !cert.raw) return notMine;
    const describe = () =>
      `verifying certificate SN=${BigInt('0x' + (cert.serialNumber || '0')).toString(10)}, SKID=${colonHex((cert as unknown as { subjectKeyIdentifier?: string }).subjectKeyIdentifier)}, AKID=${colonHex((cert as unknown as { authorityKeyIdentifier?: string }).authorityKeyIdentifier)} failed`;
    if (!socket.authorized) {
      const reason = String(socket.authorizationError ?? 'unknown');
      const text = /UNABLE_TO_GET_ISSUER_CERT|SELF_SIGNED|UNABLE_TO_VERIFY_LEAF_SIGNATURE/.test(reason) ? 'x509: certificate signed by unknown authority' : `x509: ${reason}`;
      return { kind: 'error', error: new Error(`${describe()}: ${text}`) };
    }
    const eku = cert.ext_key_usage;
    if (eku && eku.length > 0 && !eku.includes(CLIENT_AUTH_EKU) && !eku.includes('2.5.29.37.0')) {
      return { kind: 'error', error: new Error(`${describe()}: x509: certificate specifies an incompatible key usage`) };
    }
    const cn = asList(cert.subject?.CN)[0];
    if (!cn) return notMine;
    const uids = asList((cert.subject as unknown as Record<string, string | string[]>)['UID']);
    if (uids.length > 1) return { kind: 'error', error: new Error(`expected 1 UID, but found multiple: [${uids.join(' ')}]`) };
    const user = {
      name: cn,
      uid: uids[0] ?? '',
      groups: asList(cert.subject?.O),
      extra: { 'authentication.kubernetes.io/credential-id': [`X509SHA256=${createHash('sha256').update(cert.raw).digest('hex')}`] },
    };
    return { kind: 'user', user };
  }
}
