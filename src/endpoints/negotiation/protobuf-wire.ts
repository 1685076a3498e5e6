// Protobuf responses as kube-apiserver writes them (seed 000 §Protobuf envelope): an object's own message bytes
// (which lists and watches share through the cache entries), the `k8s\0` + runtime.Unknown envelope around them,
// lists spliced from their items' bytes, and watch frames (a 4-byte big-endian length, then the bare WatchEvent
// message whose RawExtension holds the object's envelope). The small fixed messages are written by hand: their
// layout is gogo's (every non-pointer field, in field-number order, zero values included).
import { jsonToMessage } from './protobuf-from-json.js';
import type { JsonObject } from './protobuf-to-json.js';
import { META_V1, messageTypeFor, protoType } from './protobuf-types.js';

export const PROTOBUF_MEDIA_TYPE = 'application/vnd.kubernetes.protobuf';
export const PROTOBUF_WATCH_MEDIA_TYPE = 'application/vnd.kubernetes.protobuf;stream=watch';

const MAGIC = Buffer.from([0x6b, 0x38, 0x73, 0x00]);
/** Unknown's contentEncoding (3) and contentType (4), both empty. */
const UNKNOWN_TAIL = Buffer.from([0x1a, 0x00, 0x22, 0x00]);

/** Whether a kind has a Protobuf form (built-in kinds do; custom resources do not). */
export function hasProtobufForm(apiVersion: string, kind: string): boolean {
  return messageTypeFor(apiVersion, kind) !== undefined;
}

/** The object's own message (no envelope), from its JSON form; throws for kinds without one. */
export function encodeMessage(obj: JsonObject): Buffer {
  const apiVersion = typeof obj.apiVersion === 'string' ? obj.apiVersion : '';
  const kind = typeof obj.kind === 'string' ? obj.kind : '';
  const type = messageTypeFor(apiVersion, kind);
  if (!type) throw new Error(`no protobuf message for kind "${kind}" in version "${apiVersion}"`);
  return Buffer.from(type.encode(jsonToMessage(type, obj)).finish());
}

function varint(n: number): Buffer {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return Buffer.from(out);
}

/** A length-delimited field: tag byte (field numbers below 16), length, bytes. */
function lengthDelimited(tag: number, bytes: Buffer): Buffer[] {
  return [Buffer.from([tag]), varint(bytes.length), bytes];
}

/** `k8s\0` + Unknown{typeMeta{apiVersion, kind}, raw, contentEncoding: "", contentType: ""}. */
export function envelope(apiVersion: string, kind: string, raw: Buffer): Buffer {
  const typeMeta = Buffer.concat([...lengthDelimited(0x0a, Buffer.from(apiVersion)), ...lengthDelimited(0x12, Buffer.from(kind))]);
  return Buffer.concat([MAGIC, ...lengthDelimited(0x0a, typeMeta), ...lengthDelimited(0x12, raw), UNKNOWN_TAIL]);
}

/** An object (with apiVersion and kind) as a whole Protobuf response body. */
export function encodeObject(obj: JsonObject): Buffer {
  return envelope(String(obj.apiVersion ?? ''), String(obj.kind ?? ''), encodeMessage(obj));
}

/** A list message: ListMeta (1), then every item (2) from its own message bytes. */
export function listMessage(listMeta: JsonObject, items: readonly Buffer[]): Buffer {
  const metaType = protoType(`${META_V1}.ListMeta`);
  const meta = Buffer.from(metaType.encode(jsonToMessage(metaType, listMeta)).finish());
  const parts: Buffer[] = lengthDelimited(0x0a, meta);
  for (const item of items) parts.push(...lengthDelimited(0x12, item));
  return Buffer.concat(parts);
}

const varintLength = (n: number): number => (n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5);

function writeVarint(buf: Buffer, at: number, n: number): number {
  while (n > 0x7f) {
    buf[at++] = (n & 0x7f) | 0x80;
    n = Math.floor(n / 128);
  }
  buf[at++] = n;
  return at;
}

/**
 * A whole list response, envelope included, written into one buffer: the same bytes as
 * `envelope(apiVersion, listKind, listMessage(listMeta, items))` with a single copy of the items.
 */
export function listEnvelope(apiVersion: string, listKind: string, listMeta: JsonObject, items: readonly Buffer[]): Buffer {
  const metaType = protoType(`${META_V1}.ListMeta`);
  const meta = metaType.encode(jsonToMessage(metaType, listMeta)).finish();
  let rawLength = 1 + varintLength(meta.length) + meta.length;
  for (const item of items) rawLength += 1 + varintLength(item.length) + item.length;
  const av = Buffer.from(apiVersion);
  const kind = Buffer.from(listKind);
  const typeMetaLength = 1 + varintLength(av.length) + av.length + 1 + varintLength(kind.length) + kind.length;
  const total = MAGIC.length + 1 + varintLength(typeMetaLength) + typeMetaLength + 1 + varintLength(rawLength) + rawLength + UNKNOWN_TAIL.length;
  const out = Buffer.allocUnsafe(total);
  let at = MAGIC.copy(out, 0);
  out[at++] = 0x0a;
  at = writeVarint(out, at, typeMetaLength);
  out[at++] = 0x0a;
  at = writeVarint(out, at, av.length);
  at += av.copy(out, at);
  out[at++] = 0x12;
  at = writeVarint(out, at, kind.length);
  at += kind.copy(out, at);
  out[at++] = 0x12;
  at = writeVarint(out, at, rawLength);
  out[at++] = 0x0a;
  at = writeVarint(out, at, meta.length);
  out.set(meta, at);
  at += meta.length;
  for (const item of items) {
    out[at++] = 0x12;
    at = writeVarint(out, at, item.length);
    at += item.copy(out, at);
  }
  UNKNOWN_TAIL.copy(out, at);
  return out;
}

/** One watch frame around an object's envelope. */
export function watchFrame(type: string, objectEnvelope: Buffer): Buffer {
  const rawExtension = Buffer.concat(lengthDelimited(0x0a, objectEnvelope));
  const event = Buffer.concat([...lengthDelimited(0x0a, Buffer.from(type)), ...lengthDelimited(0x12, rawExtension)]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(event.length);
  return Buffer.concat([length, event]);
}
