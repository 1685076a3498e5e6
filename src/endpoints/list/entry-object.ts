// One decode and one serialization per object version, shared by every list and watcher that reads it: the watch
// cache entry keeps the decoded object in its `decoded` slot and serializations in its `cache` map.
import type { KObject } from '../../api/object.js';
import { decodeStored } from '../../registry/stored-codec.js';
import type { CacheEntry } from '../../storage/cacher/cache-entry.js';

/** The stored object with its resourceVersion. Shared: callers must not mutate it. */
export function objectOf(entry: CacheEntry): KObject {
  return (entry.decoded ??= decodeStored(entry.toKV())) as KObject;
}

/** The bytes of `encode(objectOf(entry))`, computed once per entry and `key` (e.g. "json:apps/v1"). */
export function serializedOf(entry: CacheEntry, key: string, encode: (obj: KObject) => Buffer): Buffer {
  const cache = entry.cache;
  let buf = cache.get(key);
  if (!buf) {
    buf = encode(objectOf(entry));
    cache.set(key, buf);
  }
  return buf;
}
