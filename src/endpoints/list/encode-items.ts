// JSON bytes of objects as an endpoint presents them, shared through the cache entries: every list page and every
// watcher of one group-version reuses one serialization per object version.
import type { KObject } from '../../api/object.js';
import type { CacheEntry } from '../../storage/cacher/cache-entry.js';
import type { ResourceScope } from '../resource-scope.js';
import { objectOf, serializedOf } from './entry-object.js';
import { presentationKey, presentObject } from './present.js';
import type * as ProtobufWire from '../negotiation/protobuf-wire.js';
import { encodeItem } from '../negotiation/cbor-wire.js';
import { rvSpliceOffset, splicedHint, splicedParts } from '../../registry/rv-splice.js';
import { apiVersionOf } from '../../registry/resource-def.js';

export interface ItemEncoder {
  /** The cache key of this serialization (e.g. "json:apps/v1"). */
  key: string;
  encode(obj: KObject): Buffer;
  /** The entry's serialization, computed at most once per entry and key. */
  of(entry: CacheEntry): Buffer;
}

export interface JsonItemEncoder extends ItemEncoder {
  /** The entry's serialization as consecutive pieces (views of the stored bytes where it is spliced from them). */
  parts(entry: CacheEntry): Buffer[];
  /** `head`, the entries' serializations joined by commas, then `tail`, copied once into one buffer. */
  join(head: string, entries: readonly CacheEntry[], tail: string): Buffer;
  /** The same body as pieces (no copy): head, each serialization with the commas between, tail. */
  joinedParts(head: string, entries: readonly CacheEntry[], tail: string): (string | Buffer)[];
}

export function jsonItemEncoder(scope: Pick<ResourceScope, 'def' | 'view'>): JsonItemEncoder {
  const key = presentationKey(scope, 'json');
  const encode = (obj: KObject) => Buffer.from(JSON.stringify(presentObject(scope, obj)));
  const parts = (entry: CacheEntry): Buffer[] => {
    const cached = entry.cache.get(key);
    if (cached) return [cached];
    const at = entry.spliced?.get(key);
    if (at !== undefined) return splicedParts(entry.value, at, entry.modRev);
    // Bytes a large write stored knowing where the resourceVersion goes (registry/prepared-update.ts).
    const hinted = scope.view ? undefined : splicedHint(entry.value, apiVersionOf(scope.def));
    if (hinted !== undefined) {
      (entry.spliced ??= new Map()).set(key, hinted);
      return splicedParts(entry.value, hinted, entry.modRev);
    }
    const full = encode(objectOf(entry));
    const found = rvSpliceOffset(entry.value, full, entry.modRev);
    if (found === undefined) {
      entry.cache.set(key, full);
      return [full];
    }
    (entry.spliced ??= new Map()).set(key, found);
    return splicedParts(entry.value, found, entry.modRev);
  };
  const of = (entry: CacheEntry): Buffer => {
    const p = parts(entry);
    return p.length === 1 ? p[0]! : Buffer.concat(p);
  };
  // Lists are read again and again: a list keeps each item's whole serialization (one copy per piece of a list
  // would cost more than the copy saves), while single reads and watch frames splice from the stored bytes.
  const join = (head: string, entries: readonly CacheEntry[], tail: string): Buffer => {
    const items: Buffer[] = new Array(entries.length);
    let size = Buffer.byteLength(head) + Buffer.byteLength(tail) + Math.max(0, entries.length - 1);
    entries.forEach((e, i) => {
      let item = e.cache.get(key);
      if (!item) {
        item = of(e);
        e.cache.set(key, item);
        e.spliced?.delete(key);
      }
      items[i] = item;
      size += item.length;
    });
    const out = Buffer.allocUnsafe(size);
    let pos = out.write(head, 0);
    items.forEach((item, i) => {
      if (i > 0) out[pos++] = 0x2c;
      out.set(item, pos);
      pos += item.length;
    });
    out.write(tail, pos);
    return out;
  };
  const itemOf = (e: CacheEntry): Buffer => {
    let item = e.cache.get(key);
    if (!item) {
      item = of(e);
      e.cache.set(key, item);
      e.spliced?.delete(key);
    }
    return item;
  };
  const joinedParts = (head: string, entries: readonly CacheEntry[], tail: string): (string | Buffer)[] => {
    const out: (string | Buffer)[] = new Array(entries.length * 2 + 1);
    out[0] = head;
    let n = 1;
    entries.forEach((e, i) => {
      if (i > 0) out[n++] = COMMA;
      out[n++] = itemOf(e);
    });
    out[n++] = tail;
    out.length = n;
    return out;
  };
  return { key, encode, of, parts, join, joinedParts };
}

const COMMA = Buffer.from(',');

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
