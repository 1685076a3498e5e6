// JSON bytes of objects as an endpoint presents them, shared through the cache entries: every list page and every
// watcher of one group-version reuses one serialization per object version.
import type { KObject } from '../../api/object.js';
import type { CacheEntry } from '../../storage/cacher/cache-entry.js';
import type { ResourceScope } from '../resource-scope.js';
import { serializedOf } from './entry-object.js';
import { presentationKey, presentObject } from './present.js';
import type * as ProtobufWire from '../negotiation/protobuf-wire.js';
import { encodeItem } from '../negotiation/cbor-wire.js';

export interface ItemEncoder {
  /** The cache key of this serialization (e.g. "json:apps/v1"). */
  key: string;
  encode(obj: KObject): Buffer;
  /** The entry's serialization, computed at most once per entry and key. */
  of(entry: CacheEntry): Buffer;
}

export function jsonItemEncoder(scope: Pick<ResourceScope, 'def'>): ItemEncoder {
  const key = presentationKey(scope, 'json');
  const encode = (obj: KObject) => Buffer.from(JSON.stringify(presentObject(scope, obj)));
  return { key, encode, of: (entry) => serializedOf(entry, key, encode) };
}

/** Protobuf message bytes (no envelope) of objects as an endpoint presents them, shared like the JSON ones. */
export function protobufItemEncoder(scope: Pick<ResourceScope, 'def' | 'view'>, wire: Pick<typeof ProtobufWire, 'encodeMessage'>): ItemEncoder {
  const key = presentationKey(scope, 'protobuf');
  const encode = (obj: KObject) => wire.encodeMessage(presentObject(scope, obj) as never);
  return { key, encode, of: (entry) => serializedOf(entry, key, encode) };
}

/** CBOR data items (no self-described tag) of objects as an endpoint presents them, shared like the JSON ones. */
export function cborItemEncoder(scope: Pick<ResourceScope, 'def' | 'view'>): ItemEncoder {
  const key = presentationKey(scope, 'cbor');
  const encode = (obj: KObject) => encodeItem(presentObject(scope, obj));
  return { key, encode, of: (entry) => serializedOf(entry, key, encode) };
}
