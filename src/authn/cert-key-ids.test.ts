import { test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import * as pkix from '@peculiar/x509';
import { makeCert } from '../testing/test-pki.js';
import { certificateKeyIds } from './cert-key-ids.js';

test('key ids read from the DER equal those a certificate library reads', async () => {
  const root = await makeCert({ subject: 'CN=root', ca: true });
  const leaf = await makeCert({ subject: 'CN=jane, O=dev', issuer: root });
  for (const c of [root, leaf]) {
    const raw = new X509Certificate(c.cert).raw;
    const lib = new pkix.X509Certificate(raw);
    const ids = certificateKeyIds(raw);
    assert.equal(ids.subjectKeyId, lib.getExtension(pkix.SubjectKeyIdentifierExtension)?.keyId);
    assert.equal(ids.authorityKeyId, lib.getExtension(pkix.AuthorityKeyIdentifierExtension)?.keyId);
  }
  assert.ok(certificateKeyIds(new X509Certificate(leaf.cert).raw).authorityKeyId);
});

test('malformed DER throws instead of reading past the buffer', () => {
  assert.throws(() => certificateKeyIds(new Uint8Array([0x30, 0x05, 0x30])));
  assert.throws(() => certificateKeyIds(new Uint8Array([0x02, 0x01, 0x00])));
});
