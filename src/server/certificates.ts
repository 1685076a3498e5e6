// Creates, on first start, the CA, the serving certificate and the admin client certificate, and reuses them
// afterwards. ECDSA P-256 keys: fast to generate (start-up budget) and accepted by every Kubernetes client.
import { X509Certificate as NodeX509, createPrivateKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { ensurePrivateDir, tightenFile, writePrivateFile } from './private-files.js';
import { join } from 'node:path';
import { ipFamily } from './ip-family.js';
import { encodeName, keyIdentifier, subjectNameOf, writeCertificate } from './certificate-der.js';
import { certificateKeyIds } from '../authn/cert-key-ids.js';

const TEN_YEARS_MS = 10 * 365 * 24 * 3600 * 1000;
const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

export interface PemPair {
  cert: string;
  key: string;
}

export interface ServerCertificates {
  /** The CA that signs the serving and admin certificates (and, by default, verifies client certificates). */
  ca: PemPair;
  serving: PemPair;
  admin: PemPair;
  /** PEM bundle of CAs used to verify client certificates. */
  clientCA: string;
}

function newKeyPair(): { publicKey: KeyObject; privateKey: KeyObject; keyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { publicKey, privateKey, keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string };
}

function serial(): Buffer {
  const b = randomBytes(16);
  b[0] = b[0]! & 0x7f; // positive
  return b;
}

function makeCA(): PemPair {
  const keys = newKeyPair();
  const now = Date.now();
  const subject = `CN=kubelite-ca@${Math.floor(now / 1000)}`;
  const cert = writeCertificate({
    serial: serial(),
    subject,
    issuer: encodeName(subject),
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + TEN_YEARS_MS),
    publicKey: keys.publicKey,
    signingKey: keys.privateKey,
    ca: true,
  });
  return { cert: cert + '\n', key: keys.keyPem };
}

interface LeafSpec {
  subject: string;
  usage: 'server' | 'client';
  sans?: string[];
}

function makeLeaf(ca: PemPair, spec: LeafSpec): PemPair {
  const caCert = new NodeX509(ca.cert);
  const caKeyId = certificateKeyIds(caCert.raw).subjectKeyId;
  const keys = newKeyPair();
  const now = Date.now();
  const cert = writeCertificate({
    serial: serial(),
    subject: spec.subject,
    issuer: subjectNameOf(caCert.raw),
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + ONE_YEAR_MS),
    publicKey: keys.publicKey,
    signingKey: createPrivateKey(ca.key),
    ca: false,
    usage: spec.usage,
    sans: spec.sans,
    authorityKeyId: caKeyId ? Buffer.from(caKeyId, 'hex') : keyIdentifier(caCert.publicKey),
  });
  return { cert: cert + '\n', key: keys.keyPem };
}

function readPair(dir: string, name: string): PemPair | undefined {
  const c = join(dir, `${name}.crt`);
  const k = join(dir, `${name}.key`);
  if (!existsSync(c) || !existsSync(k)) return undefined;
  return { cert: readFileSync(c, 'utf8'), key: readFileSync(k, 'utf8') };
}

function writePair(dir: string | undefined, name: string, p: PemPair): void {
  if (dir === undefined) return; // kept in memory only
  writeFileSync(join(dir, `${name}.crt`), p.cert, { mode: 0o644 });
  writePrivateFile(join(dir, `${name}.key`), p.key);
}

/** True when the certificate is still valid for a day and covers every wanted SAN. */
function servingCertFits(pem: string, sans: string[]): boolean {
  const c = new NodeX509(pem);
  if (Date.parse(c.validTo) < Date.now() + 24 * 3600 * 1000) return false;
  const have = (c.subjectAltName ?? '').split(', ').map((s) => s.replace(/^(DNS|IP Address):/, ''));
  return sans.every((s) => have.includes(s) || have.includes(normalizeIP(s)));
}

function normalizeIP(s: string): string {
  // Node prints IPv6 SANs fully expanded in upper case, e.g. 0:0:0:0:0:0:0:1.
  if (ipFamily(s) !== 6) return s;
  if (s === '::1') return '0:0:0:0:0:0:0:1';
  return s.toUpperCase();
}

export interface CertificateOptions {
  /** Where certificates are read and written; undefined: generated in memory, nothing written. */
  certDir: string | undefined;
  sans: string[];
  /**
   * kube's --cert-dir: the serving pair is apiserver.crt/.key there, used as found (whatever its names and
   * validity), generated and written there when absent. Default: certDir, where a pair that no longer fits is renewed.
   */
  servingCertDir?: string;
  /** Serving pair given by --tls-cert-file/--tls-private-key-file. */
  servingOverride?: PemPair;
  /** Client CA bundle given by --client-ca-file. */
  clientCAOverride?: string;
}

/** Loads the certificates from certDir, creating what is missing (or no longer fits). */
export async function ensureCertificates(opts: CertificateOptions): Promise<ServerCertificates> {
  const dir = opts.certDir;
  if (dir !== undefined) {
    ensurePrivateDir(dir);
    for (const name of ['ca', 'apiserver', 'admin']) tightenFile(join(dir, `${name}.key`));
  }
  let ca = dir === undefined ? undefined : readPair(dir, 'ca');
  if (!ca) {
    ca = makeCA();
    writePair(opts.certDir, 'ca', ca);
  }
  const sans = ['localhost', '127.0.0.1', '::1', ...opts.sans];
  const servingDir = opts.servingCertDir ?? dir;
  if (opts.servingCertDir !== undefined && !opts.servingOverride) mkdirSync(opts.servingCertDir, { recursive: true });
  let serving = opts.servingOverride ?? (servingDir === undefined ? undefined : readPair(servingDir, 'apiserver'));
  const keepAsFound = opts.servingCertDir !== undefined;
  if (!opts.servingOverride && (!serving || (!keepAsFound && !servingCertFits(serving.cert, sans)))) {
    serving = makeLeaf(ca, { subject: 'CN=kubelite-apiserver', usage: 'server', sans });
    writePair(servingDir, 'apiserver', serving);
  }
  let admin = dir === undefined ? undefined : readPair(dir, 'admin');
  if (!admin) {
    admin = makeLeaf(ca, { subject: 'CN=kubelite-admin, O=system:masters', usage: 'client' });
    writePair(opts.certDir, 'admin', admin);
  }
  return { ca, serving: serving!, admin, clientCA: opts.clientCAOverride ?? ca.cert };
}
