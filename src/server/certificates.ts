// Creates, on first start, the CA, the serving certificate and the admin client certificate, and reuses them
// afterwards. ECDSA P-256 keys: fast to generate (start-up budget) and accepted by every Kubernetes client.
import { webcrypto, X509Certificate as NodeX509, createPrivateKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { ensurePrivateDir, tightenFile, writePrivateFile } from './private-files.js';
import { join } from 'node:path';
import { isIP } from 'node:net';
import type * as X509 from '@peculiar/x509';

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

// The certificate library is loaded only when something must be generated (it costs ~120 ms to import).
let x509mod: typeof X509 | undefined;
async function loadX509(): Promise<typeof X509> {
  if (!x509mod) {
    x509mod = await import('@peculiar/x509');
    x509mod.cryptoProvider.set(webcrypto as unknown as Parameters<typeof X509.cryptoProvider.set>[0]);
  }
  return x509mod;
}

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
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

async function exportKeyPem(key: CryptoKey): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key));
  return `-----BEGIN PRIVATE KEY-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END PRIVATE KEY-----\n`;
}

async function importKeyPem(pem: string): Promise<CryptoKey> {
  const der = createPrivateKey(pem).export({ type: 'pkcs8', format: 'der' });
  return (await webcrypto.subtle.importKey('pkcs8', der, ALG, true, ['sign'])) as unknown as CryptoKey;
}

function serial(): string {
  const b = webcrypto.getRandomValues(new Uint8Array(16));
  b[0] = b[0]! & 0x7f; // positive
  return Buffer.from(b).toString('hex');
}

async function makeCA(): Promise<PemPair & { keys: CryptoKeyPair }> {
  const x509 = await loadX509();
  const keys = (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as unknown as CryptoKeyPair;
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=kubelite-ca@${Math.floor(now / 1000)}`,
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + TEN_YEARS_MS),
    keys,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign | x509.KeyUsageFlags.digitalSignature, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { cert: cert.toString('pem') + '\n', key: await exportKeyPem(keys.privateKey), keys };
}

interface LeafSpec {
  subject: string;
  usage: 'server' | 'client';
  sans?: string[];
}

async function makeLeaf(ca: PemPair, spec: LeafSpec): Promise<PemPair> {
  const x509 = await loadX509();
  const caCert = new x509.X509Certificate(ca.cert);
  const caKey = await importKeyPem(ca.key);
  const keys = (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as unknown as CryptoKeyPair;
  const now = Date.now();
  const extensions: X509.Extension[] = [
    new x509.BasicConstraintsExtension(false, undefined, true),
    new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
    new x509.ExtendedKeyUsageExtension([spec.usage === 'server' ? x509.ExtendedKeyUsage.serverAuth : x509.ExtendedKeyUsage.clientAuth], false),
    await x509.AuthorityKeyIdentifierExtension.create(caCert, false),
  ];
  if (spec.sans?.length) {
    extensions.push(
      new x509.SubjectAlternativeNameExtension(
        spec.sans.map((s) => (isIP(s) ? { type: 'ip' as const, value: s } : { type: 'dns' as const, value: s })),
        false,
      ),
    );
  }
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: spec.subject,
    issuer: caCert.subject,
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + ONE_YEAR_MS),
    publicKey: keys.publicKey,
    signingKey: caKey,
    signingAlgorithm: ALG,
    extensions,
  });
  return { cert: cert.toString('pem') + '\n', key: await exportKeyPem(keys.privateKey) };
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
  if (isIP(s) !== 6) return s;
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
    const made = await makeCA();
    ca = { cert: made.cert, key: made.key };
    writePair(opts.certDir, 'ca', ca);
  }
  const sans = ['localhost', '127.0.0.1', '::1', ...opts.sans];
  const servingDir = opts.servingCertDir ?? dir;
  if (opts.servingCertDir !== undefined && !opts.servingOverride) mkdirSync(opts.servingCertDir, { recursive: true });
  let serving = opts.servingOverride ?? (servingDir === undefined ? undefined : readPair(servingDir, 'apiserver'));
  const keepAsFound = opts.servingCertDir !== undefined;
  if (!opts.servingOverride && (!serving || (!keepAsFound && !servingCertFits(serving.cert, sans)))) {
    serving = await makeLeaf(ca, { subject: 'CN=kubelite-apiserver', usage: 'server', sans });
    writePair(servingDir, 'apiserver', serving);
  }
  let admin = dir === undefined ? undefined : readPair(dir, 'admin');
  if (!admin) {
    admin = await makeLeaf(ca, { subject: 'CN=kubelite-admin, O=system:masters', usage: 'client' });
    writePair(opts.certDir, 'admin', admin);
  }
  return { ca, serving: serving!, admin, clientCA: opts.clientCAOverride ?? ca.cert };
}
