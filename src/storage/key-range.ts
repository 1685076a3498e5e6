// Prefix ranges over keys. Keys compare as JavaScript strings (UTF-16 code units), which equals SQLite's BINARY
// (UTF-8 byte) order for the ASCII keys kube uses; every engine and the watch cache use this one order.

/** The smallest key greater than every key starting with `prefix` (etcd's "prefix + 1"); '' means unbounded. */
export function prefixEnd(prefix: string): string {
  for (let i = prefix.length - 1; i >= 0; i--) {
    const c = prefix.charCodeAt(i);
    if (c < 0xffff) return prefix.slice(0, i) + String.fromCharCode(c + 1);
  }
  return '';
}

/** Index of the first element of sorted `keys` that is >= `key`. */
export function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The [from, to) index range of sorted `keys` under `prefix`, starting at `startKey` when it lies inside. */
export function prefixSlice(keys: readonly string[], prefix: string, startKey?: string): [number, number] {
  const start = startKey !== undefined && startKey > prefix ? startKey : prefix;
  const end = prefixEnd(prefix);
  const from = lowerBound(keys, start);
  const to = end === '' ? keys.length : lowerBound(keys, end);
  return [from, Math.max(from, to)];
}
