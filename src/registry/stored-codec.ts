// Objects are stored as JSON without their resourceVersion (as kube-apiserver strips it before writing);
// the resourceVersion is the store's modRev, added back on every read.
import type { KV } from '../storage/interface.js';
import type { KObject } from './object.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function encodeStored(obj: KObject): Uint8Array {
  const md = obj.metadata;
  if (md && md.resourceVersion !== undefined) {
    const { resourceVersion: _rv, ...rest } = md;
    return encoder.encode(JSON.stringify({ ...obj, metadata: rest }));
  }
  return encoder.encode(JSON.stringify(obj));
}

export function decodeStored(kv: KV): KObject {
  const obj = JSON.parse(decoder.decode(kv.value)) as KObject;
  obj.metadata ??= {};
  obj.metadata.resourceVersion = String(kv.modRev);
  return obj;
}
