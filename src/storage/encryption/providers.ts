// The value transformers of kube's EncryptionConfiguration providers, byte for byte as kube stores them:
//   aescbc     k8s:enc:aescbc:v1:<key>:    IV (16) + AES-CBC ciphertext with PKCS#7 padding
//   aesgcm     k8s:enc:aesgcm:v1:<key>:    nonce (12) + AES-GCM ciphertext + tag (16), the storage key as AAD
//   secretbox  k8s:enc:secretbox:v1:<key>: nonce (24) + NaCl secretbox (XSalsa20-Poly1305: tag (16) + ciphertext)
//   identity   the plain value, no prefix (refuses to read a value that starts with k8s:enc:)
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import nacl from 'tweetnacl';

export interface ValueTransformer {
  /** The prefix this transformer writes and recognises ('' for identity). */
  readonly prefix: string;
  /** The stored form of a value (prefix included). */
  toStorage(plain: Uint8Array, key: string): Uint8Array;
  /** The value of stored bytes that start with the prefix (prefix included). */
  fromStorage(stored: Uint8Array, key: string): Uint8Array;
}

const ENCRYPTED = Buffer.from('k8s:enc:');

export const identityTransformer: ValueTransformer = {
  prefix: '',
  toStorage: (plain) => plain,
  fromStorage: (stored) => {
    if (Buffer.from(stored.buffer, stored.byteOffset, Math.min(stored.length, ENCRYPTED.length)).equals(ENCRYPTED)) {
      throw new Error('identity transformer tried to read encrypted data');
    }
    return stored;
  },
};

function withPrefix(prefix: Buffer, body: Buffer[]): Uint8Array {
  return Buffer.concat([prefix, ...body]);
}

function body(stored: Uint8Array, prefix: Buffer): Buffer {
  return Buffer.from(stored.buffer, stored.byteOffset + prefix.length, stored.length - prefix.length);
}

export function aesCBCTransformer(keyName: string, secret: Buffer): ValueTransformer {
  const prefix = `k8s:enc:aescbc:v1:${keyName}:`;
  const p = Buffer.from(prefix);
  const algorithm = `aes-${secret.length * 8}-cbc`;
  return {
    prefix,
    toStorage(plain) {
      const iv = randomBytes(16);
      const c = createCipheriv(algorithm, secret, iv);
      return withPrefix(p, [iv, c.update(plain), c.final()]);
    },
    fromStorage(stored) {
      const b = body(stored, p);
      if (b.length < 16) throw new Error('the stored data was shorter than the required size');
      if ((b.length - 16) % 16 !== 0) throw new Error('the stored data is not a multiple of the block size');
      const d = createDecipheriv(algorithm, secret, b.subarray(0, 16));
      try {
        return Buffer.concat([d.update(b.subarray(16)), d.final()]);
      } catch {
        throw new Error('invalid PKCS7 data (empty or not padded)');
      }
    },
  };
}

export function aesGCMTransformer(keyName: string, secret: Buffer): ValueTransformer {
  const prefix = `k8s:enc:aesgcm:v1:${keyName}:`;
  const p = Buffer.from(prefix);
  const algorithm = `aes-${secret.length * 8}-gcm` as 'aes-256-gcm';
  return {
    prefix,
    toStorage(plain, key) {
      const nonce = randomBytes(12);
      const c = createCipheriv(algorithm, secret, nonce);
      c.setAAD(Buffer.from(key));
      const sealed = [c.update(plain), c.final()];
      return withPrefix(p, [nonce, ...sealed, c.getAuthTag()]);
    },
    fromStorage(stored, key) {
      const b = body(stored, p);
      if (b.length < 12 + 16) throw new Error('the stored data was shorter than the required size');
      const d = createDecipheriv(algorithm, secret, b.subarray(0, 12));
      d.setAAD(Buffer.from(key));
      d.setAuthTag(b.subarray(b.length - 16));
      try {
        return Buffer.concat([d.update(b.subarray(12, b.length - 16)), d.final()]);
      } catch {
        throw new Error('cipher: message authentication failed');
      }
    },
  };
}

export function secretboxTransformer(keyName: string, secret: Buffer): ValueTransformer {
  const prefix = `k8s:enc:secretbox:v1:${keyName}:`;
  const p = Buffer.from(prefix);
  const k = new Uint8Array(secret);
  return {
    prefix,
    toStorage(plain) {
      const nonce = randomBytes(24);
      return withPrefix(p, [nonce, Buffer.from(nacl.secretbox(plain, new Uint8Array(nonce), k))]);
    },
    fromStorage(stored) {
      const b = body(stored, p);
      if (b.length < 24) throw new Error('the stored data was shorter than the required size');
      const opened = nacl.secretbox.open(new Uint8Array(b.subarray(24)), new Uint8Array(b.subarray(0, 24)), k);
      if (!opened) throw new Error('output array was not large enough for encryption');
      return opened;
    },
  };
}

/**
 * kube's PrefixTransformers: writes with the first, reads with the first whose prefix the stored bytes carry.
 */
export class PrefixTransformers {
  constructor(private readonly list: ValueTransformer[]) {}

  toStorage(plain: Uint8Array, key: string): Uint8Array {
    return this.list[0]!.toStorage(plain, key);
  }

  /** Several providers may share a prefix (two aescbc entries): a failure with one lets the next try. */
  fromStorage(stored: Uint8Array, key: string): Uint8Array {
    const errs: string[] = [];
    for (const t of this.list) {
      if (t.prefix !== '' && !startsWith(stored, t.prefix)) continue;
      try {
        return t.fromStorage(stored, key);
      } catch (e) {
        errs.push((e as Error).message);
      }
    }
    if (errs.length) throw new Error(errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`);
    throw new Error('no matching prefix found');
  }
}

function startsWith(b: Uint8Array, prefix: string): boolean {
  if (b.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (b[i] !== prefix.charCodeAt(i)) return false;
  return true;
}
