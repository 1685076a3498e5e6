// One version of one object as the watch cache holds it, with slots the layers above fill lazily, so that one
// decode and one serialization per (object version, encoding) are shared by every reader and watcher.
import type { KV, Rev } from '../interface.js';
import { storedBytes, storedText } from '../stored-text.js';

/** Values from this size on are large writes' (endpoints/heavy-work.ts starts at 4 KiB for apply patches). */
const ORIGIN_MIN_BYTES = 4096;

export class CacheEntry {
  private serialized?: Map<string, Buffer>;
  private decodedRef?: WeakRef<object>;
  /**
   * Serializations that are the stored bytes with the resourceVersion member inserted at an offset (the layer above
   * checks that), kept as that offset instead of a second copy of the object: encoding key → offset.
   */
  spliced?: Map<string, number>;

  /** The stored bytes (without resourceVersion) in their retained form (storage/stored-text.ts). */
  readonly text: string;
  private origin?: WeakRef<Uint8Array>;

  constructor(
    readonly key: string,
    /** The stored bytes, or their text. */
    value: Uint8Array | string,
    readonly createRev: Rev,
    /** The object's resourceVersion; for the object carried by a delete event, the delete's revision. */
    readonly modRev: Rev,
  ) {
    if (typeof value === 'string') {
      this.text = value;
    } else {
      this.text = storedText(value);
      // Large values are handed out as themselves while their Buffer lives: readers key facts on that memory (the
      // resourceVersion offset a large write recorded, registry/rv-splice.ts), which a copy would not carry.
      if (value.byteLength >= ORIGIN_MIN_BYTES) this.origin = new WeakRef(value);
    }
  }

  static fromKV(kv: KV): CacheEntry {
    return new CacheEntry(kv.key, kv.value, kv.createRev, kv.modRev);
  }

  /** The stored bytes (without resourceVersion), as a new Buffer per call unless the original is still about. */
  get value(): Uint8Array {
    return this.origin?.deref() ?? storedBytes(this.text);
  }

  /** Length of the stored bytes. */
  get size(): number {
    return this.text.length;
  }

  /**
   * Slot for the decoded object, owned by the layer above (treat it as immutable once set). Held weakly: the stored
   * bytes are the one retained form of a version (with the serializations served from them), and a decoded object
   * the collector reclaims is decoded again by the next reader that needs it.
   */
  get decoded(): unknown {
    return this.decodedRef?.deref();
  }

  set decoded(obj: unknown) {
    this.decodedRef = obj !== null && typeof obj === 'object' ? new WeakRef(obj) : undefined;
  }

  /** Serializations of this version keyed by encoding (e.g. 'json', 'protobuf'); created on first use. */
  get cache(): Map<string, Buffer> {
    return (this.serialized ??= new Map());
  }

  toKV(): KV {
    return { key: this.key, value: this.value, createRev: this.createRev, modRev: this.modRev };
  }
}

export interface CacheEvent {
  type: 'put' | 'delete';
  rev: Rev;
  /** For a put, the new version; for a delete, the last version re-stamped with the delete's revision. */
  entry: CacheEntry;
  /** The version before this event (absent for a create); selectors use it for ADDED/DELETED transitions. */
  prev?: CacheEntry;
}
