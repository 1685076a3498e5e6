// X.509 v3 certificates (RFC 5280) written in DER for kubelite's own CA, serving and admin certificates: ECDSA
// P-256 with SHA-256, the few extensions they carry. Written here rather than with a certificate library, whose
// import alone cost ~120 ms of a first start.
import { createHash, sign, type KeyObject } from 'node:crypto';
import { ipFamily } from './ip-family.js';
import { readTlv } from '../authn/der.js';

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

const seq = (...c: Buffer[]) => tlv(0x30, ...c);
const set = (...c: Buffer[]) => tlv(0x31, ...c);
const octets = (b: Buffer) => tlv(0x04, b);
const bool = (v: boolean) => tlv(0x01, Buffer.from([v ? 0xff : 0]));
const bits = (b: Buffer, unused = 0) => tlv(0x03, Buffer.from([unused]), b);
const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));

/** A positive INTEGER from big-endian bytes, minimally encoded. */
function integer(b: Buffer): Buffer {
  let i = 0;
  while (i < b.length - 1 && b[i] === 0 && b[i + 1]! < 0x80) i++;
  const v = b.subarray(i);
  return tlv(0x02, v[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), v]) : v);
}

function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const out = [40 * parts[0]! + parts[1]!];
  for (const p of parts.slice(2)) {
    const chunk: number[] = [p & 0x7f];
    for (let v = Math.floor(p / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

/** UTCTime through 2049, GeneralizedTime after (RFC 5280 §4.1.2.5). */
function time(d: Date): Buffer {
  const iso = d.toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
  const digits = iso.slice(0, 19).replace(/[-:T]/g, '');
  return d.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${digits.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${digits}Z`));
}

const NAME_OIDS: Record<string, string> = { CN: '2.5.4.3', O: '2.5.4.10', OU: '2.5.4.11', C: '2.5.4.6', L: '2.5.4.7', ST: '2.5.4.8' };

/** `CN=a, O=b` as an RDNSequence, one attribute per RDN, in the order given. */
export function encodeName(dn: string): Buffer {
  const rdns = dn.split(/,\s*/).filter(Boolean).map((part) => {
    const eq = part.indexOf('=');
    const type = NAME_OIDS[part.slice(0, eq).trim().toUpperCase()];
    if (eq < 0 || !type) throw new Error(`unsupported name attribute in ${JSON.stringify(dn)}`);
    return set(seq(oid(type), utf8(part.slice(eq + 1).trim())));
  });
  return seq(...rdns);
}

const ECDSA_SHA256 = seq(oid('1.2.840.10045.4.3.2'));

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return critical ? seq(oid(id), bool(true), octets(value)) : seq(oid(id), octets(value));
}

/** RFC 5280 §4.2.1.2 method 1: SHA-1 of the subjectPublicKey bits. */
export function keyIdentifier(publicKey: KeyObject): Buffer {
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  // SEQUENCE { AlgorithmIdentifier, BIT STRING }: the last TLV; skip its tag, length and unused-bits byte.
  const outer = readTlv(spki, 0);
  const alg = readTlv(spki, outer.start, outer.end);
  const key = readTlv(spki, alg.end, outer.end);
  return createHash('sha1').update(spki.subarray(key.start + 1, key.end)).digest();
}

/** The subject Name of a DER certificate, as DER. */
export function subjectNameOf(cert: Buffer): Buffer {
  const outer = readTlv(cert, 0);
  const tbs = readTlv(cert, outer.start, outer.end);
  let at = tbs.start;
  if (cert[at] === 0xa0) at = readTlv(cert, at, tbs.end).end; // version
  for (let i = 0; i < 4; i++) at = readTlv(cert, at, tbs.end).end; // serial, signature, issuer, validity
  return cert.subarray(at, readTlv(cert, at, tbs.end).end);
}

const KEY_USAGE = { digitalSignature: 0, keyEncipherment: 2, keyCertSign: 5, cRLSign: 6 } as const;

/** The keyUsage BIT STRING: named bits, trailing zero bits dropped (DER). */
function keyUsage(names: (keyof typeof KEY_USAGE)[]): Buffer {
  let byte = 0;
  let last = 0;
  for (const n of names) {
    byte |= 0x80 >> KEY_USAGE[n];
    last = Math.max(last, KEY_USAGE[n]);
  }
  return bits(Buffer.from([byte]), 7 - last);
}

function ipBytes(ip: string): Buffer {
  if (ipFamily(ip) === 4) return Buffer.from(ip.split('.').map(Number));
  const [head = '', tail] = ip.split('::');
  const groups = (s: string) => (s ? s.split(':') : []);
  const h = groups(head);
  const t = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return Buffer.concat(all.map((g) => Buffer.from([parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff])));
}

export interface CertificateSpec {
  serial: Buffer;
  subject: string;
  /** The issuer's Name as DER, taken from its certificate (byte-equal, as chain building compares it). */
  issuer: Buffer;
  notBefore: Date;
  notAfter: Date;
  publicKey: KeyObject;
  /** The issuer's key (the subject's own for a self-signed CA). */
  signingKey: KeyObject;
  ca: boolean;
  usage?: 'server' | 'client';
  /** DNS names and IP addresses. */
  sans?: string[];
  /** The issuer's subject key identifier (leaf certificates). */
  authorityKeyId?: Buffer;
}

/** A signed certificate in PEM. */
export function writeCertificate(spec: CertificateSpec): string {
  const exts: Buffer[] = [
    extension('2.5.29.19', true, spec.ca ? seq(bool(true)) : seq()),
    extension('2.5.29.15', true, keyUsage(spec.ca ? ['digitalSignature', 'keyCertSign', 'cRLSign'] : ['digitalSignature', 'keyEncipherment'])),
  ];
  if (spec.usage) exts.push(extension('2.5.29.37', false, seq(oid(spec.usage === 'server' ? '1.3.6.1.5.5.7.3.1' : '1.3.6.1.5.5.7.3.2'))));
  if (spec.ca) exts.push(extension('2.5.29.14', false, octets(keyIdentifier(spec.publicKey))));
  if (spec.authorityKeyId) exts.push(extension('2.5.29.35', false, seq(tlv(0x80, spec.authorityKeyId))));
  if (spec.sans?.length) {
    exts.push(extension('2.5.29.17', false, seq(...spec.sans.map((s) => (ipFamily(s) ? tlv(0x87, ipBytes(s)) : tlv(0x82, Buffer.from(s, 'ascii')))))));
  }
  const tbs = seq(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(spec.serial),
    ECDSA_SHA256,
    spec.issuer,
    seq(time(spec.notBefore), time(spec.notAfter)),
    encodeName(spec.subject),
    spec.publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, seq(...exts)),
  );
  const signature = sign('sha256', tbs, { key: spec.signingKey, dsaEncoding: 'der' });
  const der = seq(tbs, ECDSA_SHA256, bits(signature));
  const b64 = der.toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '');
  return `-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----`;
}
