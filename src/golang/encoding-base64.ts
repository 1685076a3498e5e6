// The error Go's base64.StdEncoding.Decode gives for a []byte field's string (encoding/json decodes
// `format: byte` fields with it): `illegal base64 data at input byte <n>`, n counted in UTF-8 bytes.

const ALPHABET = new Uint8Array(256).fill(0);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/') ALPHABET[c.charCodeAt(0)] = 1;
const PAD = 0x3d;
const isNewline = (c: number): boolean => c === 0x0a || c === 0x0d;

/** Go's CorruptInputError text for `s`, or undefined when it decodes. */
export function checkBase64(s: string): string | undefined {
  // Fast path: plain padded base64 without newlines.
  if (s.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(s)) return undefined;
  const at = corruptOffset(Buffer.from(s, 'utf8'));
  return at === undefined ? undefined : `illegal base64 data at input byte ${at}`;
}

function corruptOffset(src: Buffer): number | undefined {
  let si = 0;
  for (;;) {
    let j = 0;
    for (; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return undefined;
        return si - j;
      }
      const c = src[si]!;
      si++;
      if (ALPHABET[c]) continue;
      if (isNewline(c)) {
        j--;
        continue;
      }
      if (c !== PAD) return si - 1;
      // Padding: only after two or three symbols, and then it must end the input.
      if (j === 0 || j === 1) return si - 1;
      if (j === 2) {
        while (si < src.length && isNewline(src[si]!)) si++;
        if (si === src.length) return src.length;
        if (src[si] !== PAD) return si - 1;
        si++;
      }
      while (si < src.length && isNewline(src[si]!)) si++;
      return si < src.length ? si : undefined;
    }
  }
}
