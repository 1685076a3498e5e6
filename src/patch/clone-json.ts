// Deep copy of a decoded JSON value: patch results must never share objects with the stored
// object they were computed from (later pipeline stages edit the result in place).

/** A deep copy of a decoded JSON value (much faster than structuredClone for this shape). */
export function cloneJson<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map(cloneJson) as T;
  const out: { [key: string]: unknown } = {};
  for (const k of Object.keys(v)) {
    const child = cloneJson((v as { [key: string]: unknown })[k]);
    if (k === '__proto__') Object.defineProperty(out, k, { value: child, enumerable: true, writable: true, configurable: true });
    else out[k] = child;
  }
  return out as T;
}
