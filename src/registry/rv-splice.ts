// Most objects are served exactly as stored plus their resourceVersion, which Go's ObjectMeta order puts inside
// metadata: the served JSON is then the stored bytes with `"resourceVersion":"N",` (or `,"resourceVersion":"N"`)
// inserted at one offset. The watch cache's readers and large writes serve such objects from the stored bytes.

function view(v: Uint8Array): Buffer {
  return Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}

// `"resourceVersion":"N",`; an offset < 0 (−at−1) marks the form with the comma in front.
function rvMember(rev: number | string): Buffer {
  return Buffer.from(`"resourceVersion":"${rev}",`);
}

/**
 * The offset at which the resourceVersion member `rev` was inserted into `stored` to give `full`, when removing it
 * from `full` gives back the stored bytes exactly.
 */
export function rvSpliceOffset(stored: Uint8Array, full: Buffer, rev: number | string): number | undefined {
  const member = rvMember(rev);
  if (full.length !== stored.length + member.length) return undefined;
  const at = full.indexOf(member.subarray(0, member.length - 1));
  if (at < 0) return undefined;
  // Either `"resourceVersion":"N",` followed by the next member, or `,"resourceVersion":"N"` closing metadata.
  const trailingComma = full[at + member.length - 1] === 0x2c;
  const start = trailingComma ? at : at - 1;
  if (!trailingComma && full[start] !== 0x2c) return undefined;
  const len = member.length;
  const v = view(stored);
  if (!full.subarray(0, start).equals(v.subarray(0, start))) return undefined;
  if (!full.subarray(start + len).equals(v.subarray(start))) return undefined;
  return trailingComma ? start : -start - 1;
}

/** The stored bytes with the resourceVersion member `rev` inserted at `at` (from rvSpliceOffset), as pieces. */
export function splicedParts(stored: Uint8Array, at: number, rev: number | string): Buffer[] {
  const v = view(stored);
  if (at >= 0) return [v.subarray(0, at), rvMember(rev), v.subarray(at)];
  const pos = -at - 1;
  return [v.subarray(0, pos), Buffer.from(`,"resourceVersion":"${rev}"`), v.subarray(pos)];
}

/** Stored bytes whose splice offset a large write already knows, by their memory (storage may wrap it anew). */
const hints = new WeakMap<ArrayBufferLike, { byteOffset: number; byteLength: number; at: number; apiVersion: string }>();

/**
 * Records that the JSON of the object stored as `value`, served at `apiVersion` and read back as the store decodes
 * it, is `value` with the resourceVersion member inserted at `at` — so that the watch cache's first reader (a GET, a
 * watch frame) splices it without decoding and encoding the object again.
 */
export function hintSplice(value: Uint8Array, at: number, apiVersion: string): void {
  hints.set(value.buffer, { byteOffset: value.byteOffset, byteLength: value.byteLength, at, apiVersion });
}

/** The recorded splice offset of `value` for a reader at `apiVersion`, if any. */
export function splicedHint(value: Uint8Array, apiVersion: string): number | undefined {
  const h = hints.get(value.buffer);
  if (!h || h.byteOffset !== value.byteOffset || h.byteLength !== value.byteLength || h.apiVersion !== apiVersion) return undefined;
  return h.at;
}
