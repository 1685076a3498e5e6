// The subject and authority key identifiers of a DER certificate (RFC 5280 §4.2.1.1–2), read with a minimal DER
// walker: the failure message of client-certificate verification names them, and a certificate library costs
// ~100 ms to load for two fields.

import { children, readTlv, type Tlv } from './der.js';

const SEQUENCE = 0x30;
const OCTET_STRING = 0x04;
const OID = 0x06;
const EXTENSIONS = 0xa3; // [3] EXPLICIT in TBSCertificate
const KEY_ID = 0x80; // [0] IMPLICIT in AuthorityKeyIdentifier
// DER contents of 2.5.29.14 and 2.5.29.35
const SKID_OID = '551d0e';
const AKID_OID = '551d23';

const hex = (der: Uint8Array, t: Tlv): string => Buffer.from(der.subarray(t.start, t.end)).toString('hex');

/** Lower-case hex key ids; absent extensions are undefined. Throws on malformed DER. */
export function certificateKeyIds(der: Uint8Array): { subjectKeyId?: string; authorityKeyId?: string } {
  const cert = readTlv(der, 0, der.length);
  if (cert.tag !== SEQUENCE) throw new Error('not a certificate');
  const tbs = children(der, cert)[0];
  if (!tbs || tbs.tag !== SEQUENCE) throw new Error('not a certificate');
  const ext = children(der, tbs).find((t) => t.tag === EXTENSIONS);
  const out: { subjectKeyId?: string; authorityKeyId?: string } = {};
  if (!ext) return out;
  const list = children(der, ext)[0];
  if (!list || list.tag !== SEQUENCE) throw new Error('bad extensions');
  for (const e of children(der, list)) {
    const parts = children(der, e);
    const oid = parts[0];
    const value = parts[parts.length - 1];
    if (!oid || oid.tag !== OID || !value || value.tag !== OCTET_STRING) continue;
    const id = hex(der, oid);
    if (id === SKID_OID) {
      const keyId = readTlv(der, value.start, value.end);
      if (keyId.tag === OCTET_STRING) out.subjectKeyId = hex(der, keyId);
    } else if (id === AKID_OID) {
      const seq = readTlv(der, value.start, value.end);
      const keyId = seq.tag === SEQUENCE ? children(der, seq).find((t) => t.tag === KEY_ID) : undefined;
      if (keyId) out.authorityKeyId = hex(der, keyId);
    }
  }
  return out;
}
