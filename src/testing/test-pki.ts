// Certificates for authentication tests: CAs, intermediates and client leaves with chosen subjects, validity and
// extended key usages (so tests can present chains kube accepts and ones it refuses).
import { webcrypto, createPrivateKey } from 'node:crypto';
import { isIP } from 'node:net';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

type CryptoKey = webcrypto.CryptoKey;
const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

export interface TestCert {
  cert: string;
  key: string;
  /** For issuing: the parsed certificate and its signing key. */
  x: x509.X509Certificate;
  privateKey: CryptoKey;
}

function pemKey(der: ArrayBuffer): string {
  return `-----BEGIN PRIVATE KEY-----\n${Buffer.from(der).toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END PRIVATE KEY-----\n`;
}

let serialCounter = 1;

export interface CertSpec {
  subject: string;
  /** Signed by this certificate (self-signed when absent). */
  issuer?: TestCert;
  ca?: boolean;
  notBefore?: Date;
  notAfter?: Date;
  /** Extended key usages (OIDs); default client auth for leaves, none for CAs. */
  eku?: string[];
  /** Subject alternative names (IPs or DNS names) for serving certificates. */
  sans?: string[];
}

export async function makeCert(spec: CertSpec): Promise<TestCert> {
  const keys = (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as unknown as webcrypto.CryptoKeyPair;
  const now = Date.now();
  const extensions: x509.Extension[] = [new x509.BasicConstraintsExtension(!!spec.ca, undefined, true), await x509.SubjectKeyIdentifierExtension.create(keys.publicKey)];
  if (spec.ca) extensions.push(new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.digitalSignature, true));
  else extensions.push(new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true));
  const eku = spec.eku ?? (spec.ca ? [] : [x509.ExtendedKeyUsage.clientAuth]);
  if (eku.length) extensions.push(new x509.ExtendedKeyUsageExtension(eku, false));
  if (spec.sans?.length) extensions.push(new x509.SubjectAlternativeNameExtension(spec.sans.map((v) => (isIP(v) ? { type: 'ip' as const, value: v } : { type: 'dns' as const, value: v })), false));
  if (spec.issuer) extensions.push(await x509.AuthorityKeyIdentifierExtension.create(spec.issuer.x, false));
  const common = {
    serialNumber: (serialCounter++).toString(16).padStart(4, '0'),
    notBefore: spec.notBefore ?? new Date(now - 60_000),
    notAfter: spec.notAfter ?? new Date(now + 24 * 3600_000),
    signingAlgorithm: ALG,
    extensions,
  };
  const cert = spec.issuer
    ? await x509.X509CertificateGenerator.create({ ...common, subject: spec.subject, issuer: spec.issuer.x.subject, publicKey: keys.publicKey, signingKey: spec.issuer.privateKey })
    : await x509.X509CertificateGenerator.createSelfSigned({ ...common, name: spec.subject, keys });
  const key = pemKey(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  createPrivateKey(key); // well-formed
  return { cert: cert.toString('pem') + '\n', key, x: cert, privateKey: keys.privateKey };
}

/** A CA and an HTTPS serving certificate for 127.0.0.1 (test webhooks and issuers). */
export async function servingPair(): Promise<{ ca: TestCert; serving: TestCert }> {
  const ca = await makeCert({ subject: 'CN=test-ca', ca: true });
  const serving = await makeCert({ subject: 'CN=127.0.0.1', issuer: ca, sans: ['127.0.0.1', 'localhost'], eku: [x509.ExtendedKeyUsage.serverAuth] });
  return { ca, serving };
}

export const SERVER_AUTH_EKU = x509.ExtendedKeyUsage.serverAuth as string;
