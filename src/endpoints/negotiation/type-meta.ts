// kube reads apiVersion and kind from every JSON body first (SimpleMetaFactory.Interpret, into a struct of two
// strings); a value of another type fails there, before anything else is decoded.

/** Go's json kind word for a value in "cannot unmarshal <kind>". */
function goJsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'string') return 'string';
  return 'object';
}

/** `couldn't get version/kind; json parse error: …` when apiVersion or kind is not a string (null is fine). */
export function typeMetaError(obj: Record<string, unknown>): string | undefined {
  for (const key of Object.keys(obj)) {
    if (key !== 'apiVersion' && key !== 'kind') continue;
    const v = obj[key];
    if (v === null || v === undefined || typeof v === 'string') continue;
    return `couldn't get version/kind; json parse error: json: cannot unmarshal ${goJsonKind(v)} into Go struct field .${key} of type string`;
  }
  return undefined;
}
