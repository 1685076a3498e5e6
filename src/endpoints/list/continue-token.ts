// kube's continue token: unpadded base64url of {"v":"meta.k8s.io/v1","rv":<rv>,"start":"<key>\u0000"}, the start key
// relative to the list prefix (apiserver.md §6.1). Pages kube serves from etcd write the key bare ("cm1\u0000"), pages
// served by the watch cache with a leading "/" ("/cm1\u0000"); decoding accepts both.
import { posix } from 'node:path';
import { badRequest } from '../../errors/status.js';
import { goEncodeString } from '../../golang/encoding-json.js';
import { GoJsonSyntaxError, parseGoJson, type GoJson } from '../../golang/encoding-json.js';

export interface ContinueToken {
  /** The snapshot revision; -1 (from a 410's token) means "continue at the latest revision". */
  rv: number;
  /** The start key relative to the list prefix, without a leading "/". */
  start: string;
}

/** Encodes a token; `relStart` is the first key of the next page relative to the list prefix (no leading "/"). */
export function encodeContinue(rv: number, relStart: string, opts: { fromCache?: boolean } = {}): string {
  const start = opts.fromCache ? '/' + relStart : relStart;
  return Buffer.from(`{"v":"meta.k8s.io/v1","rv":${rv},"start":${goEncodeString(start)}}`).toString('base64url');
}

const invalidToken = (detail: string) => badRequest(`invalid continue token: continue key is not valid: ${detail}`);

// base64.RawURLEncoding.DecodeString's failures: the offset of the first byte it cannot use.
function rawURLDecode(s: string): Buffer {
  const cleaned = s.replace(/[\r\n]/g, '');
  const bad = cleaned.search(/[^A-Za-z0-9_-]/);
  if (bad >= 0) throw invalidToken(`illegal base64 data at input byte ${bad}`);
  if (cleaned.length % 4 === 1) throw invalidToken(`illegal base64 data at input byte ${cleaned.length - 1}`);
  return Buffer.from(cleaned, 'base64url');
}

const field = (doc: GoJson, name: string): GoJson | undefined => {
  if (doc.t !== 'object') return undefined;
  let found: GoJson | undefined;
  // encoding/json matches keys case-insensitively and keeps the last duplicate.
  for (const [k, v] of doc.entries) if (k.toLowerCase() === name) found = v;
  return found;
};

const typeError = (v: GoJson, goField: string, goType: string) =>
  invalidToken(`json: cannot unmarshal ${v.t === 'bool' ? 'bool' : v.t} into Go struct field continueToken.${goField} of type ${goType}`);

export function decodeContinue(token: string): ContinueToken {
  const data = rawURLDecode(token);
  let doc: GoJson;
  try {
    doc = parseGoJson(data);
  } catch (e) {
    if (e instanceof GoJsonSyntaxError) throw invalidToken(e.message);
    throw e;
  }
  if (doc.t !== 'object') throw invalidToken(`json: cannot unmarshal ${doc.t === 'bool' ? 'bool' : doc.t} into Go value of type storage.continueToken`);
  let v = '';
  let rv = 0;
  let start = '';
  const fv = field(doc, 'v');
  if (fv && fv.t !== 'null') {
    if (fv.t !== 'string') throw typeError(fv, 'v', 'string');
    v = fv.value;
  }
  const frv = field(doc, 'rv');
  if (frv && frv.t !== 'null') {
    if (frv.t !== 'number' || !/^-?\d+$/.test(frv.raw)) throw typeError(frv, 'rv', 'int64');
    rv = Number(frv.raw);
  }
  const fstart = field(doc, 'start');
  if (fstart && fstart.t !== 'null') {
    if (fstart.t !== 'string') throw typeError(fstart, 'start', 'string');
    start = fstart.value;
  }
  if (v !== 'meta.k8s.io/v1') throw invalidToken(`server does not recognize this encoded version ${v}`);
  if (rv === 0) throw invalidToken('incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
  if (start === '') throw invalidToken('encoded start key empty (version meta.k8s.io/v1)');
  // path.Clean guards against climbing above the list prefix: a key not already clean is refused.
  const key = start.startsWith('/') ? start : '/' + start;
  if (posix.normalize(key) !== key || (key.length > 1 && key.endsWith('/'))) throw invalidToken(start);
  return { rv, start: key.slice(1) };
}
