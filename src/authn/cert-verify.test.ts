import { test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { makeCert, SERVER_AUTH_EKU } from '../testing/test-pki.js';
import { describeFailure, verifyClientChain } from './cert-verify.js';

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
