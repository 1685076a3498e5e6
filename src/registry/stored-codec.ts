// Objects are stored as JSON without their resourceVersion (as kube-apiserver strips it before writing);
// the resourceVersion is the store's modRev, added back on every read. Bytes that do not decode are a
// "corrupt object": reads answer kube's 500, and only an unsafe delete can remove them.
import type { KV } from '../storage/interface.js';
import { StatusError } from '../errors/status.js';
import type { KObject } from '../api/object.js';
import { dropMalformedMeta } from './malformed-meta.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** kube's StorageError for an object that cannot be decoded, wrapped as the InternalError clients see. */
export class CorruptObjectError extends StatusError {
  constructor(
    readonly key: string,
    readonly decodeError: string,
  ) {
    const text = `StorageError: corrupt object, Code: 7, Key: ${key}, ResourceVersion: 0, AdditionalErrorMsg: ${decodeError}`;
    super({ code: 500, reason: 'InternalError', message: `Internal error occurred: ${text}`, details: { causes: [{ message: text }] } });
  }
}

export function encodeStored(obj: KObject): Uint8Array {
  const md = obj.metadata;
  if (md && md.resourceVersion !== undefined) {
    const { resourceVersion: _rv, ...rest } = md;
    return encoder.encode(JSON.stringify({ ...obj, metadata: rest }));
  }
  return encoder.encode(JSON.stringify(obj));
}

export function decodeStored(kv: KV): KObject {
  let obj: KObject;
  try {
    obj = JSON.parse(decoder.decode(kv.value)) as KObject;
  } catch (e) {
    throw new CorruptObjectError(kv.key, (e as Error).message);
  }
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) throw new CorruptObjectError(kv.key, 'object expected');
  dropMalformedMeta(obj);
  setResourceVersion(obj.metadata, String(kv.modRev));
  return obj;
}

// ObjectMeta fields Go writes after resourceVersion (name, generateName, namespace, selfLink and uid come before).
export const AFTER_RESOURCE_VERSION: ReadonlySet<string> = new Set(['generation', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields']);

/** Sets metadata.resourceVersion in place, where Go's ObjectMeta declares it (so the JSON keeps Go's order). */
export function setResourceVersion(md: NonNullable<KObject['metadata']>, rv: string): void {
  const m = md as Record<string, unknown>;
  const keys = Object.keys(m);
  const at = keys.findIndex((k) => AFTER_RESOURCE_VERSION.has(k));
  if (at < 0 || (keys.indexOf('resourceVersion') >= 0 && keys.indexOf('resourceVersion') < at)) {
    m.resourceVersion = rv;
    return;
  }
  const entries = keys.filter((k) => k !== 'resourceVersion').map((k) => [k, m[k]] as const);
  for (const k of keys) delete m[k];
  entries.forEach(([k, v], i) => {
    if (i === at) m.resourceVersion = rv;
    m[k] = v;
  });
}

/** True when the stored bytes decode. */
export function isReadable(kv: KV): boolean {
  try {
    decodeStored(kv);
    return true;
  } catch {
    return false;
  }
}
