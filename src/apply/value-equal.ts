// JSON value equality as structured merge compares values: key order ignored, 1 equals 1.0.
export function valueEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const isList = Array.isArray(a);
  if (isList !== Array.isArray(b)) return false;
  if (isList) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!valueEqual(a[i], bb[i])) return false;
    return true;
  }
  // Members whose value is undefined are absent.
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  let n = 0;
  for (const k of Object.keys(ao)) {
    const x = ao[k];
    if (x === undefined) continue;
    if (!Object.prototype.hasOwnProperty.call(bo, k) || !valueEqual(x, bo[k])) return false;
    n++;
  }
  for (const k of Object.keys(bo)) if (bo[k] !== undefined) n--;
  return n === 0;
}

/** An absent value, null, [] or {}: containers that merge and compare as leaves. */
export function isEmptyContainer(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v as object).length === 0;
  return false;
}
