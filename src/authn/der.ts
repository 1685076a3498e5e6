// A minimal DER walker (X.690), bounds-checked: what kubelite reads of certificates and keys (key identifiers, the
// subject Name, the SubjectPublicKeyInfo's key bits) without loading a certificate library.

export interface Tlv {
  tag: number;
  /** Offset of the header (the tag byte). */
  at: number;
  /** Offset of the value. */
  start: number;
  /** Offset just past the value. */
  end: number;
}

/** The TLV at `at`, which must end by `limit`; throws on truncated or malformed DER. */
export function readTlv(der: Uint8Array, at: number, limit: number = der.length): Tlv {
  if (at + 2 > limit) throw new Error('truncated DER');
  const tag = der[at]!;
  if ((tag & 0x1f) === 0x1f) throw new Error('multi-byte DER tag');
  let len = der[at + 1]!;
  let start = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4 || start + n > limit) throw new Error('bad DER length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + der[start + i]!;
    start += n;
  }
  const end = start + len;
  if (end > limit) throw new Error('truncated DER');
  return { tag, at, start, end };
}

/** The TLVs directly inside a constructed value. */
export function children(der: Uint8Array, parent: Tlv): Tlv[] {
  const out: Tlv[] = [];
  for (let at = parent.start; at < parent.end; ) {
    const t = readTlv(der, at, parent.end);
    out.push(t);
    at = t.end;
  }
  return out;
}
