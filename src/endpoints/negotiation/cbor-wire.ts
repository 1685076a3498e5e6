// application/cbor as kube's CBOR serializer writes it (CBORServingAndStorage): every top-level data item is enclosed
// in the self-described tag (0xd9d9f7); text, map keys included, is written as CBOR byte strings; map keys are sorted
// bytewise over their encoded form (shorter keys first); integers and floats take their shortest form (floats down to
// half precision); containers have definite lengths. A Go []byte field (OpenAPI format "byte", held base64 in our JSON
// model) is a byte string inside the "expected base64" tag 22. Built-in kinds are walked beside their schema so that
// byte and floating-point fields encode as Go's types do; custom resources are unstructured, as in kube.
import { Writer } from 'cbor2';
import { writeFloat, writeInt } from 'cbor2/encoder';
import type { SchemaNode } from '../../schema/schema-node.js';
import { builtinKindSchema } from '../../schema/builtin-schemas.js';
import type { RequiredEncodeOptions } from 'cbor2';
import type { WatchEventType } from '../list/watch-events.js';

export const CBOR_MEDIA_TYPE = 'application/cbor';
export const CBOR_SEQUENCE_MEDIA_TYPE = 'application/cbor-seq';
export const SELF_DESCRIBED = Buffer.from([0xd9, 0xd9, 0xf7]);

const MT_BYTES = 2;
const MT_ARRAY = 4;
const MT_MAP = 5;
const MT_TAG = 6;
const TAG_BASE64_EXPECTED = 22;
const FALSE = 0xf4;
const TRUE = 0xf5;
const NULL = 0xf6;

// Shortest-float writing (float64 off) is all writeFloat reads of the options.
const FLOAT_OPTIONS = { float64: false, rejectFloats: false } as unknown as RequiredEncodeOptions;

/** Byte-string encodings of map keys: keys repeat across objects, their head and bytes are computed once. */
const keyCache = new Map<string, Buffer>();
function encodedKey(k: string): Buffer {
  let b = keyCache.get(k);
  if (!b) {
    const w = new Writer({ chunkSize: 64 });
    writeBytes(w, Buffer.from(k, 'utf8'));
    b = Buffer.from(w.read());
    if (keyCache.size < 50_000) keyCache.set(k, b);
  }
  return b;
}

function writeBytes(w: Writer, bytes: Uint8Array): void {
  writeInt(bytes.length, w, MT_BYTES);
  w.write(bytes);
}

const compareKeys = (a: [Buffer, unknown], b: [Buffer, unknown]) => Buffer.compare(a[0], b[0]);

function childOf(node: SchemaNode | undefined, key: string): SchemaNode | undefined {
  if (!node) return undefined;
  const p = node.property(key);
  if (p) return p;
  const a = node.additionalProperties;
  return typeof a === 'object' ? a : undefined;
}

function writeValue(w: Writer, v: unknown, node: SchemaNode | undefined): void {
  switch (typeof v) {
    case 'string':
      if (node?.format === 'byte') {
        writeInt(TAG_BASE64_EXPECTED, w, MT_TAG);
        writeBytes(w, Buffer.from(v, 'base64'));
      } else {
        writeBytes(w, Buffer.from(v, 'utf8'));
      }
      return;
    case 'number':
      if (!Number.isFinite(v)) throw new Error(`cbor: unsupported value: ${v}`);
      if (Number.isInteger(v) && node?.type !== 'number') writeInt(v === 0 ? 0 : v, w);
      else writeFloat(v, w, FLOAT_OPTIONS);
      return;
    case 'bigint':
      writeInt(Number(v), w);
      return;
    case 'boolean':
      w.writeUint8(v ? TRUE : FALSE);
      return;
    case 'undefined':
      w.writeUint8(NULL);
      return;
    case 'object':
      if (v === null) return w.writeUint8(NULL);
      if (Array.isArray(v)) {
        writeInt(v.length, w, MT_ARRAY);
        const items = node?.items;
        for (const item of v) writeValue(w, item === undefined ? null : item, items);
        return;
      }
      if (v instanceof Uint8Array) return writeBytes(w, v);
      writeMap(w, v as Record<string, unknown>, node);
      return;
    default:
      throw new Error(`cbor: unsupported type: ${typeof v}`);
  }
}

function writeMap(w: Writer, obj: Record<string, unknown>, node: SchemaNode | undefined): void {
  const entries: [Buffer, string][] = [];
  for (const k in obj) if (obj[k] !== undefined) entries.push([encodedKey(k), k]);
  entries.sort(compareKeys);
  writeInt(entries.length, w, MT_MAP);
  for (const [kb, k] of entries) {
    w.write(kb);
    writeValue(w, obj[k], childOf(node, k));
  }
}

function schemaOfObject(obj: unknown): SchemaNode | undefined {
  if (!obj || typeof obj !== 'object') return undefined;
  const { apiVersion, kind } = obj as { apiVersion?: unknown; kind?: unknown };
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  const slash = apiVersion.indexOf('/');
  const [group, version] = slash < 0 ? ['', apiVersion] : [apiVersion.slice(0, slash), apiVersion.slice(slash + 1)];
  return builtinKindSchema(group, version, kind);
}

/**
 * One object's data item without the self-described tag (what lists and watch events embed and caches share).
 * `builtin` walks the object beside its kind's schema (typed Go objects); false encodes it as unstructured content.
 */
export function encodeItem(obj: unknown, builtin = true): Buffer {
  const w = new Writer({ chunkSize: 4096 });
  writeValue(w, obj, builtin ? schemaOfObject(obj) : undefined);
  return Buffer.from(w.read());
}

/** A whole response body: the self-described tag and the object. */
export function encodeObject(obj: unknown, builtin = true): Buffer {
  return Buffer.concat([SELF_DESCRIBED, encodeItem(obj, builtin)]);
}

/** A list spliced from its items' data items: {kind, items, metadata, apiVersion} in the encoder's key order. */
export function listBody(apiVersion: string, listKind: string, listMeta: object, items: Buffer[]): Buffer {
  const w = new Writer({ chunkSize: 1024 });
  w.write(SELF_DESCRIBED);
  const fields: [Buffer, string][] = [
    [encodedKey('kind'), 'kind'],
    [encodedKey('items'), 'items'],
    [encodedKey('metadata'), 'metadata'],
    [encodedKey('apiVersion'), 'apiVersion'],
  ];
  fields.sort(compareKeys);
  writeInt(4, w, MT_MAP);
  const head = Buffer.from(w.read());
  const parts: Buffer[] = [head];
  for (const [kb, k] of fields) {
    parts.push(kb);
    if (k === 'items') {
      const h = new Writer({ chunkSize: 16 });
      writeInt(items.length, h, MT_ARRAY);
      parts.push(Buffer.from(h.read()), ...items);
    } else {
      parts.push(encodeItem(k === 'kind' ? listKind : k === 'apiVersion' ? apiVersion : listMeta, false));
    }
  }
  return Buffer.concat(parts);
}

/**
 * One event of an application/cbor-seq watch: a self-described WatchEvent {type, object} whose object is the
 * embedded encoding of the object, itself self-described (kube's RawExtension keeps the embedded bytes as they are).
 */
export function watchEvent(type: WatchEventType, item: Buffer): Buffer {
  const w = new Writer({ chunkSize: 64 });
  w.write(SELF_DESCRIBED);
  writeInt(2, w, MT_MAP);
  w.write(encodedKey('type'));
  writeBytes(w, Buffer.from(type));
  w.write(encodedKey('object'));
  return Buffer.concat([Buffer.from(w.read()), SELF_DESCRIBED, item]);
}
