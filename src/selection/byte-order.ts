// Go compares strings byte by byte (UTF-8); JavaScript's `<` compares UTF-16 code units. The two orders
// differ only between surrogate pairs and U+E000..U+FFFF, so one adjustment gives Go's order.
// Selectors sort their terms with Go's order, and the canonical strings must come out the same.

function weight(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit < 0xe000 ? unit + 0x2000 : unit - 0x800;
}

export function compareBytes(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return weight(x) - weight(y);
  }
  return a.length - b.length;
}
