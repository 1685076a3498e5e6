// JSON value equality as structured merge compares values: key order ignored, 1 equals 1.0.
export function valueEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!valueEqual(a[i], bb[i])) return false;
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  // Members holding undefined count as absent on both sides.
  let defined = 0;
  for (const k in ao) {
    const v = ao[k];
    if (v === undefined) continue;
    if (!Object.prototype.hasOwnProperty.call(bo, k) || !valueEqual(v, bo[k])) return false;
    defined++;
  }
  for (const k in bo) if (bo[k] !== undefined) defined--;
  return defined === 0;
}

/** An absent value, null, [] or {}: containers that merge and compare as leaves. */
export function isEmptyContainer(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v as object).length === 0;
  return false;
}
