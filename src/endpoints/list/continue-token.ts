// kube's continue token: unpadded base64url of {"v":"meta.k8s.io/v1","rv":<rv>,"start":"<key>\u0000"} (apiserver.md §6.1).
import { posix } from 'node:path';
import { badRequest } from '../../errors/status.js';

export interface ContinueToken {
  rv: number;
  /** The start key relative to the list prefix, with a leading '/' removed. */
  start: string;
}

export function encodeContinue(rv: number, start: string): string {
  return Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv, start })).toString('base64url');
}

const invalidToken = (detail: string) => badRequest(`invalid continue token: continue key is not valid: ${detail}`);

export function decodeContinue(token: string): ContinueToken {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(token)) {
    const i = token.search(/[^A-Za-z0-9_-]/);
    throw invalidToken(`illegal base64 data at input byte ${i}`);
  }
  let parsed: { v?: string; rv?: number; start?: string };
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch (e) {
    throw invalidToken((e as Error).message);
  }
  if (parsed.v !== 'meta.k8s.io/v1') throw invalidToken(`server does not recognize this encoded version ${parsed.v ?? ''}`);
  if (!parsed.rv) throw invalidToken('incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
  if (!parsed.start) throw invalidToken('encoded start key empty (version meta.k8s.io/v1)');
  let key = parsed.start;
  if (!key.startsWith('/')) key = '/' + key;
  const cleaned = posix.normalize(key);
  if (cleaned !== key && cleaned + '\u0000' !== key && !(key.endsWith('\u0000') && posix.normalize(key.slice(0, -1)) + '\u0000' === key)) {
    throw invalidToken(parsed.start);
  }
  return { rv: parsed.rv, start: key.slice(1) };
}
