import { test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate, generateKeyPairSync } from 'node:crypto';
import * as pkix from '@peculiar/x509';
import { encodeName, keyIdentifier, subjectNameOf, writeCertificate } from './certificate-der.js';

test('a CA and a leaf it signs parse and verify, with the requested names, validity, usages and SANs', () => {
  const caKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const notBefore = new Date('2026-01-02T03:04:05Z');
  const notAfter = new Date('2036-01-02T03:04:05Z');
  const caPem = writeCertificate({ serial: Buffer.from('00ff01', 'hex'), subject: 'CN=test-ca@1', issuer: encodeName('CN=test-ca@1'), notBefore, notAfter, publicKey: caKeys.publicKey, signingKey: caKeys.privateKey, ca: true });
  const ca = new X509Certificate(caPem);
  assert.equal(ca.subject, 'CN=test-ca@1');
  assert.equal(ca.issuer, 'CN=test-ca@1');
  assert.equal(ca.ca, true);
  assert.equal(ca.serialNumber, 'FF01');
  assert.equal(ca.validFrom, 'Jan  2 03:04:05 2026 GMT');
  assert.equal(ca.validTo, 'Jan  2 03:04:05 2036 GMT');
  assert.ok(ca.verify(caKeys.publicKey));
  const libCA = new pkix.X509Certificate(ca.raw);
  assert.equal(libCA.getExtension(pkix.KeyUsagesExtension)!.usages, pkix.KeyUsageFlags.digitalSignature | pkix.KeyUsageFlags.keyCertSign | pkix.KeyUsageFlags.cRLSign);
  assert.equal(libCA.getExtension(pkix.KeyUsagesExtension)!.critical, true);
  assert.equal(libCA.getExtension(pkix.SubjectKeyIdentifierExtension)!.keyId, keyIdentifier(caKeys.publicKey).toString('hex'));

  const leafKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const leafPem = writeCertificate({
    serial: Buffer.from([1]),
    subject: 'CN=kubelite-admin, O=system:masters',
    issuer: subjectNameOf(ca.raw),
    notBefore,
    notAfter: new Date('2060-05-06T07:08:09Z'),
    publicKey: leafKeys.publicKey,
    signingKey: caKeys.privateKey,
    ca: false,
    usage: 'server',
    sans: ['localhost', '127.0.0.1', '::1', 'fd00::1:2'],
    authorityKeyId: keyIdentifier(caKeys.publicKey),
  });
  const leaf = new X509Certificate(leafPem);
  assert.equal(leaf.subject, 'CN=kubelite-admin\nO=system:masters');
  assert.equal(leaf.ca, false);
  assert.ok(leaf.checkIssued(ca));
  assert.ok(leaf.verify(caKeys.publicKey));
  assert.equal(leaf.validTo, 'May  6 07:08:09 2060 GMT'); // GeneralizedTime from 2050
  assert.equal(leaf.subjectAltName, 'DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, IP Address:FD00:0:0:0:0:0:1:2');
  assert.deepEqual(leaf.keyUsage, ['1.3.6.1.5.5.7.3.1']);
  const lib = new pkix.X509Certificate(leaf.raw);
  assert.equal(lib.getExtension(pkix.KeyUsagesExtension)!.usages, pkix.KeyUsageFlags.digitalSignature | pkix.KeyUsageFlags.keyEncipherment);
  assert.equal(lib.getExtension(pkix.BasicConstraintsExtension)!.ca, false);
  assert.equal(lib.getExtension(pkix.BasicConstraintsExtension)!.critical, true);
  assert.equal(lib.getExtension(pkix.AuthorityKeyIdentifierExtension)!.keyId, keyIdentifier(caKeys.publicKey).toString('hex'));
  assert.deepEqual(subjectNameOf(leaf.raw), encodeName('CN=kubelite-admin, O=system:masters'));
});

test('the subject Name of a truncated or malformed certificate is an error, not bytes read past its end', () => {
  const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = writeCertificate({ serial: Buffer.from([1]), subject: 'CN=x', issuer: encodeName('CN=x'), notBefore: new Date(0), notAfter: new Date(1e12), publicKey: keys.publicKey, signingKey: keys.privateKey, ca: true });
  const raw = new X509Certificate(pem).raw;
  assert.deepEqual(subjectNameOf(raw), encodeName('CN=x'));
  assert.throws(() => subjectNameOf(raw.subarray(0, 40)), /truncated DER/);
  assert.throws(() => subjectNameOf(Buffer.from([0x30, 0x85, 1, 2, 3, 4, 5])), /bad DER length/);
});
