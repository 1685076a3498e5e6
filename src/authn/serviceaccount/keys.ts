// Service-account keys (auth.md §3.1): the signing key (--service-account-signing-key-file, or a key pair kubelite
// generates into the data dir, mode 0600), the verification keys (--service-account-key-file, repeatable) and
// each key's kid: base64url of SHA-256 over the public key's DER (SubjectPublicKeyInfo). Keys are never logged.
import { createHash, createPrivateKey, createPublicKey, generateKeyPair, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface VerificationKey {
  kid: string;
  key: KeyObject;
  /** The JWS algorithm the key verifies (RS256, ES256, ES384, ES512). */
  alg: string;
}

export interface SigningKey extends VerificationKey {
  privateKey: KeyObject;
}

export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('base64url');
}

export function algorithmOf(publicKey: KeyObject): string {
  if (publicKey.asymmetricKeyType === 'rsa') return 'RS256';
  if (publicKey.asymmetricKeyType === 'ec') {
    const curve = publicKey.asymmetricKeyDetails?.namedCurve;
    if (curve === 'prime256v1' || curve === 'P-256') return 'ES256';
    if (curve === 'secp384r1' || curve === 'P-384') return 'ES384';
    if (curve === 'secp521r1' || curve === 'P-521') return 'ES512';
  }
  throw new Error(`unsupported key type ${publicKey.asymmetricKeyType}`);
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g;

/** Every public key in a PEM file: public keys as they are, private keys by their public half. */
export function readPublicKeys(path: string): VerificationKey[] {
  const text = readFileSync(path, 'utf8');
  const keys: VerificationKey[] = [];
  for (const m of text.matchAll(PEM_BLOCK)) {
    const type = m[1]!;
    let pub: KeyObject | undefined;
    if (type.endsWith('PRIVATE KEY')) pub = createPublicKey(createPrivateKey(m[0]));
    else if (type.endsWith('PUBLIC KEY')) pub = createPublicKey(m[0]);
    else if (type === 'CERTIFICATE') pub = createPublicKey(m[0]);
    if (!pub) continue;
    keys.push({ kid: keyIdOf(pub), key: pub, alg: algorithmOf(pub) });
  }
  if (keys.length === 0) throw new Error(`data does not contain any valid RSA or ECDSA public keys`);
  return keys;
}

export function readSigningKey(path: string): SigningKey {
  const text = readFileSync(path, 'utf8');
  const block = [...text.matchAll(PEM_BLOCK)].find((m) => m[1]!.endsWith('PRIVATE KEY'));
  if (!block) throw new Error(`failed to parse service-account issuer private key: data does not contain a valid RSA or ECDSA private key`);
  const privateKey = createPrivateKey(block[0]);
  const pub = createPublicKey(privateKey);
  return { kid: keyIdOf(pub), key: pub, alg: algorithmOf(pub), privateKey };
}

const GENERATED_KEY = { modulusLength: 2048 } as const;

/**
 * Starts generating the key ensureGeneratedSigningKey will need (none given, none at `path` yet), in libuv's thread
 * pool: an RSA key takes 50–300 ms, which start-up spends on its other work meanwhile. Undefined when no key is
 * to be generated.
 */
export function pregenerateSigningKey(signingKeyFile: string | undefined, path: string | undefined): Promise<KeyObject> | undefined {
  if (signingKeyFile || (path !== undefined && existsSync(path))) return undefined;
  const pending = new Promise<KeyObject>((resolve, reject) => generateKeyPair('rsa', GENERATED_KEY, (err, _pub, privateKey) => (err ? reject(err) : resolve(privateKey))));
  pending.catch(() => undefined); // awaited later; a start-up that fails first must not leave it unhandled
  return pending;
}

/**
 * The signing key kubelite keeps in its data dir when none is given: created once (RSA 2048, mode 0600). Without a
 * path (a memory server with no data dir) the key lives in memory only, for the life of the process. `generated`
 * is a key pregenerateSigningKey made for this.
 */
export function ensureGeneratedSigningKey(path: string | undefined, generated?: KeyObject): SigningKey {
  if (path === undefined) {
    const privateKey = generated ?? generateKeyPairSync('rsa', GENERATED_KEY).privateKey;
    const pub = createPublicKey(privateKey);
    return { kid: keyIdOf(pub), key: pub, alg: algorithmOf(pub), privateKey };
  }
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const privateKey = generated ?? generateKeyPairSync('rsa', GENERATED_KEY).privateKey;
    writeFileSync(path, privateKey.export({ type: 'pkcs1', format: 'pem' }), { mode: 0o600 });
  }
  chmodSync(path, 0o600);
  return readSigningKey(path);
}

export interface ServiceAccountKeys {
  /**
   * The signing key. Read from a file (given, or kept in the data dir) it is there at once; one kubelite generates
   * on a first start resolves once made and written, so start-up does not wait for it: whatever signs a token awaits it.
   */
  signing: Promise<SigningKey>;
  /**
   * The verification keys. A key being generated joins the list when made, with the signing key itself: no token
   * can be signed by it before, so verifying without it meanwhile gives every token the answer it would get anyway.
   */
  verifying: VerificationKey[];
  /** Resolves once the verification keys are complete (a generated key made and written, or failed). */
  settled: Promise<void>;
}

export function loadServiceAccountKeys(o: { keyFiles: string[]; signingKeyFile?: string; tlsPrivateKeyFile?: string; generatedPath: string | undefined; generated?: Promise<KeyObject> }): ServiceAccountKeys {
  // A key file given or already kept is read now: its errors are start-up errors.
  const known = o.signingKeyFile ? readSigningKey(o.signingKeyFile) : o.generated ? undefined : ensureGeneratedSigningKey(o.generatedPath);
  let keyFiles = o.keyFiles;
  if (keyFiles.length === 0 && o.tlsPrivateKeyFile && o.signingKeyFile) keyFiles = [o.tlsPrivateKeyFile];
  const verifying: VerificationKey[] = [];
  for (const f of keyFiles) {
    try {
      verifying.push(...readPublicKeys(f));
    } catch (e) {
      throw new Error(`failed to parse key file "${f}": ${(e as Error).message}`);
    }
  }
  // kubelite: the signing key always verifies its own tokens (kube needs it listed in --service-account-key-file).
  const verifiesItself = (signing: SigningKey): SigningKey => {
    if (!verifying.some((k) => k.kid === signing.kid)) verifying.push({ kid: signing.kid, key: signing.key, alg: signing.alg });
    return signing;
  };
  if (known) return { signing: Promise.resolve(verifiesItself(known)), verifying, settled: Promise.resolve() };
  const signing = o.generated!.then((k) => verifiesItself(ensureGeneratedSigningKey(o.generatedPath, k)));
  signing.catch(() => undefined); // a failure is reported to whatever awaits the key (and logged by the server)
  const settled = signing.then(
    () => undefined,
    () => undefined,
  );
  return { signing, verifying, settled };
}
