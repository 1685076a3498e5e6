// JSON bytes of objects as an endpoint presents them, shared through the cache entries: every list page and every
// watcher of one group-version reuses one serialization per object version.
import type { KObject } from '../../api/object.js';
import type { CacheEntry } from '../../storage/cacher/cache-entry.js';
import type { ResourceScope } from '../resource-scope.js';
import { serializedOf } from './entry-object.js';
import { presentationKey, presentObject } from './present.js';

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
