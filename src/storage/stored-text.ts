// The retained form of stored bytes: a one-byte string holding byte i as character i (latin1), kept on the V8 heap
// (compacted by the collector) instead of a Buffer's separately allocated backing store, which costs ~190 bytes of
// objects per value and, long-lived among the request path's short-lived buffers, fragments the allocator. The
// engine's event history and the watch cache keep one such string per object version, shared through this module:
// a value's text is made once, and a Buffer made from a text maps back to that same text.
const texts = new WeakMap<Uint8Array, string>();

/** The text of stored bytes (one per value: later calls with the same bytes return the same string). */
export function storedText(value: Uint8Array): string {
  let text = texts.get(value);
  if (text === undefined) {
    text = (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)).toString('latin1');
    texts.set(value, text);
  }
  return text;
}

/** The bytes of a text, as a new Buffer whose text is known (storedText of it is `text` itself, not a copy). */
export function storedBytes(text: string): Buffer {
  const bytes = Buffer.from(text, 'latin1');
  texts.set(bytes, text);
  return bytes;
}
