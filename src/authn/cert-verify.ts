// Client-certificate chain verification as kube does it for the x509 and front-proxy authenticators (auth.md §1.2):
// roots = that authenticator's CA bundle only, intermediates = the other certificates the client sent, every
// element valid now, the leaf usable for client auth. The TLS layer only requests certificates; the checks are here,
// so the two authenticators can trust different bundles.
import { X509Certificate } from 'node:crypto';
import { certificateKeyIds } from './cert-key-ids.js';
import type { DetailedPeerCertificate, TLSSocket } from 'node:tls';
import type { RequestContext } from '../http/request-context.js';

const CLIENT_AUTH_EKU = '1.3.6.1.5.5.7.3.2';
const ANY_EKU = '2.5.29.37.0';
const MAX_DEPTH = 10;

export function parseCertificateBundle(pem: string): X509Certificate[] {
  return [...pem.matchAll(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g)].map((m) => new X509Certificate(m[0]));
}

// A connection's client certificates never change (no renegotiation): read and parse them once per TLS socket.
// getPeerCertificate(true) and the X509Certificate parse cost more than the rest of a small GET together.
const chainBySocket = new WeakMap<TLSSocket, X509Certificate[] | null>();

/** The client's certificates (leaf first) of the request's TLS connection, or undefined when none was sent. */
export function peerCertificates(ctx: RequestContext): { socket: TLSSocket; chain: X509Certificate[] } | undefined {
  // Over HTTP/2, req.socket is a per-stream proxy; the session's socket is the connection.
  const session = (ctx.req as { stream?: { session?: { socket?: TLSSocket } } }).stream?.session;
  const socket = (session?.socket ?? ctx.req.socket) as TLSSocket | undefined;
  if (!socket || typeof socket.getPeerCertificate !== 'function') return undefined;
  let chain = chainBySocket.get(socket);
  if (chain === undefined) {
    chain = readPeerChain(socket);
    chainBySocket.set(socket, chain);
  }
  return chain === null ? undefined : { socket, chain };
}

function readPeerChain(socket: TLSSocket): X509Certificate[] | null {
  const leaf = socket.getPeerCertificate(true) as DetailedPeerCertificate;
  if (!leaf || !leaf.raw) return null;
  const chain: X509Certificate[] = [];
  const seen = new Set<string>();
  for (let c: DetailedPeerCertificate | undefined = leaf; c && c.raw && chain.length < MAX_DEPTH; c = c.issuerCertificate) {
    const fp = c.fingerprint256;
    if (seen.has(fp)) break;
    seen.add(fp);
    chain.push(new X509Certificate(c.raw));
  }
  return chain;
}

/** Go's time formatting in x509 validity errors (RFC 3339, UTC). */
const goTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

function validityError(cert: X509Certificate, now: Date): string | undefined {
  const from = new Date(cert.validFrom);
  const to = new Date(cert.validTo);
  if (now < from) return `x509: certificate has expired or is not yet valid: current time ${goTime(now)} is before ${goTime(from)}`;
  if (now > to) return `x509: certificate has expired or is not yet valid: current time ${goTime(now)} is after ${goTime(to)}`;
  return undefined;
}

function allowsClientAuth(cert: X509Certificate): boolean {
  const eku = cert.keyUsage;
  return !eku || eku.length === 0 || eku.includes(CLIENT_AUTH_EKU) || eku.includes(ANY_EKU);
}

/** Verifies leaf + intermediates against roots; returns Go's x509 error text, or undefined when the chain holds. */
export function verifyClientChain(chain: X509Certificate[], roots: X509Certificate[], now = new Date()): string | undefined {
  const leaf = chain[0]!;
  const intermediates = chain.slice(1);
  const v = validityError(leaf, now);
  if (v) return v;
  let cur = leaf;
  const used = new Set<X509Certificate>();
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    if (!allowsClientAuth(cur)) return 'x509: certificate specifies an incompatible key usage';
    const root = roots.find((r) => cur.checkIssued(r) && cur.verify(r.publicKey));
    if (root) return validityError(root, now);
    const next = intermediates.find((i) => !used.has(i) && i.ca && cur.checkIssued(i) && cur.verify(i.publicKey));
    if (!next) break;
    const iv = validityError(next, now);
    if (iv) return iv;
    used.add(next);
    cur = next;
  }
  return 'x509: certificate signed by unknown authority';
}

/** kube's wrapper of a verification failure: serial number and key ids of the leaf. */
export function describeFailure(leaf: X509Certificate, reason: string): string {
  const hex = (s: string | undefined) => (s ? (s.toUpperCase().match(/../g) ?? []).join(':') : '');
  let skid: string | undefined;
  let akid: string | undefined;
  try {
    ({ subjectKeyId: skid, authorityKeyId: akid } = certificateKeyIds(leaf.raw));
  } catch {
    // the key ids only decorate the message
  }
  return `verifying certificate SN=${BigInt('0x' + (leaf.serialNumber || '0')).toString(10)}, SKID=${hex(skid)}, AKID=${hex(akid)} failed: ${reason}`;
}
