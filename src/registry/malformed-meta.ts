// Stored metadata read as kube's storage decoder for custom resources reads it (dropInvalidMetadata): a field
// that cannot be decoded into its ObjectMeta type is dropped, a null map value or list element becomes its
// zero value. Writes reject such metadata; this guards every reader (handlers, controllers, the garbage
// collector) against objects stored before that or written straight into the store.

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v);
const optString = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';
const optBool = (v: unknown): boolean => v === undefined || v === null || typeof v === 'boolean';

/** A map of strings; null values (Go: "") are made "" in place. */
function stringMapOk(v: unknown): boolean {
  if (!isObject(v)) return false;
  for (const k in v) {
    const e = v[k];
    if (typeof e === 'string') continue;
    if (e === null) v[k] = '';
    else return false;
  }
  return true;
}

function ownerRefOk(r: unknown): boolean {
  if (r === null) return true;
  if (!isObject(r)) return false;
  return optString(r.apiVersion) && optString(r.kind) && optString(r.name) && optString(r.uid) && optBool(r.controller) && optBool(r.blockOwnerDeletion);
}

function managedEntryOk(e: unknown): boolean {
  if (e === null) return true;
  if (!isObject(e)) return false;
  return (
    optString(e.manager) &&
    optString(e.operation) &&
    optString(e.apiVersion) &&
    optString(e.time) &&
    optString(e.fieldsType) &&
    optString(e.subresource) &&
    (e.fieldsV1 === undefined || e.fieldsV1 === null || isObject(e.fieldsV1))
  );
}

function allOk(v: unknown, ok: (e: unknown) => boolean): boolean {
  if (!Array.isArray(v)) return false;
  for (const e of v) if (!ok(e)) return false;
  return true;
}

/**
 * Whether one metadata field decodes into its ObjectMeta type (unknown fields are not this module's concern);
 * null map values become "" on the way.
 */
function fieldOk(key: string, v: unknown): boolean {
  switch (key) {
    case 'name':
    case 'generateName':
    case 'namespace':
    case 'selfLink':
    case 'uid':
    case 'resourceVersion':
    case 'creationTimestamp':
    case 'deletionTimestamp':
      return typeof v === 'string';
    case 'generation':
    case 'deletionGracePeriodSeconds':
      return isInt(v);
    case 'labels':
    case 'annotations':
      return stringMapOk(v);
    case 'finalizers':
      return allOk(v, optString);
    case 'ownerReferences':
      return allOk(v, ownerRefOk);
    case 'managedFields':
      return allOk(v, managedEntryOk);
    default:
      return true;
  }
}

/** Go's zero values for null list elements of a kept field. */
function withZeroValues(key: string, v: unknown[]): unknown[] {
  if (key === 'finalizers') return v.map((e) => e ?? '');
  if (key === 'ownerReferences') return v.map((e) => e ?? { apiVersion: '', kind: '', name: '', uid: '' });
  if (key === 'managedFields') return v.map((e) => e ?? {});
  return v;
}

/**
 * Makes `obj.metadata` safe to read in place: a non-object metadata becomes `{}`, malformed known fields are
 * dropped, null map values and list elements become zero values. Cheap when nothing is wrong (one type check per field).
 */
export function dropMalformedMeta(obj: Json): void {
  const md = obj.metadata;
  if (!isObject(md)) {
    obj.metadata = {};
    return;
  }
  for (const key in md) {
    const v = md[key];
    if (v === null) continue;
    if (!fieldOk(key, v)) delete md[key];
    else if (Array.isArray(v) && v.includes(null)) md[key] = withZeroValues(key, v);
  }
}
