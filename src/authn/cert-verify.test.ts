import { test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import tls, { type TLSSocket } from 'node:tls';
import type { RequestContext } from '../http/request-context.js';
import { makeCert, SERVER_AUTH_EKU, servingPair } from '../testing/test-pki.js';
import { describeFailure, peerCertificates, verifyClientChain } from './cert-verify.js';

test('chains: intermediates, unknown authority, validity with Go\'s text, client-auth usage', async () => {
  const root = await makeCert({ subject: 'CN=root', ca: true });
  const mid = await makeCert({ subject: 'CN=mid', ca: true, issuer: root });
  const leaf = await makeCert({ subject: 'CN=jane', issuer: mid });
  const roots = [new X509Certificate(root.cert)];
  const x = (c: { cert: string }) => new X509Certificate(c.cert);
  assert.equal(verifyClientChain([x(leaf), x(mid)], roots), undefined);
  assert.equal(verifyClientChain([x(leaf)], roots), 'x509: certificate signed by unknown authority');
  const expired = await makeCert({ subject: 'CN=old', issuer: root, notBefore: new Date('2020-01-01T00:00:00Z'), notAfter: new Date('2021-01-01T00:00:00Z') });
  const now = new Date('2026-01-02T03:04:05Z');
  assert.equal(verifyClientChain([x(expired)], roots, now), 'x509: certificate has expired or is not yet valid: current time 2026-01-02T03:04:05Z is after 2021-01-01T00:00:00Z');
  const server = await makeCert({ subject: 'CN=srv', issuer: root, eku: [SERVER_AUTH_EKU] });
  assert.equal(verifyClientChain([x(server)], roots), 'x509: certificate specifies an incompatible key usage');
  assert.match(describeFailure(x(leaf), 'r'), /^verifying certificate SN=\d+, SKID=([0-9A-F]{2}:)+[0-9A-F]{2}, AKID=([0-9A-F]{2}:)+[0-9A-F]{2} failed: r$/);
});

test('a connection\'s client certificates are read from the TLS socket once, however many requests it carries', async () => {
  const { ca, serving } = await servingPair();
  const client = await makeCert({ subject: 'CN=jane, O=dev', issuer: ca });
  const server = tls.createServer({ key: serving.key, cert: serving.cert, ca: ca.cert, requestCert: true, rejectUnauthorized: false });
  const accepted = new Promise<TLSSocket>((resolve) => server.once('secureConnection', resolve));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const conn = tls.connect({ host: '127.0.0.1', port, ca: ca.cert, cert: client.cert, key: client.key, servername: 'localhost' });
  try {
    const socket = await accepted;
    let reads = 0;
    const real = socket.getPeerCertificate.bind(socket);
    socket.getPeerCertificate = ((detailed?: boolean) => (reads++, real(detailed as true))) as typeof socket.getPeerCertificate;
    const ctx = { req: { socket } } as unknown as RequestContext;
    for (let i = 0; i < 3; i++) {
      const peer = peerCertificates(ctx);
      assert.equal(peer?.socket, socket);
      assert.equal(peer?.chain[0]?.subject, 'CN=jane\nO=dev');
    }
    assert.equal(reads, 1);
  } finally {
    conn.destroy();
    server.close();
  }
});
