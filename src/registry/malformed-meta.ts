// Stored metadata read as kube's storage decoder for custom resources reads it (dropInvalidMetadata): a field
// that cannot be decoded into its ObjectMeta type is dropped, a null map value or list element becomes its
// zero value. Writes reject such metadata; this guards every reader (handlers, controllers, the garbage
// collector) against objects stored before that or written straight into the store.

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v);
const optString = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';
const optBool = (v: unknown): boolean => v === undefined || v === null || typeof v === 'boolean';

const STRING_FIELDS = ['name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'creationTimestamp', 'deletionTimestamp'];
const INT_FIELDS = ['generation', 'deletionGracePeriodSeconds'];
const OWNER_REF_STRINGS = ['apiVersion', 'kind', 'name', 'uid'];
const MANAGED_STRINGS = ['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'subresource'];

/** A map of strings (null values count: they decode as ""). */
function stringMapOk(v: unknown): boolean {
  if (!isObject(v)) return false;
  for (const k in v) if (!optString(v[k])) return false;
  return true;
}

function ownerRefOk(r: unknown): boolean {
  if (r === null) return true;
  if (!isObject(r)) return false;
  return OWNER_REF_STRINGS.every((f) => optString(r[f])) && optBool(r.controller) && optBool(r.blockOwnerDeletion);
}

function managedEntryOk(e: unknown): boolean {
  if (e === null) return true;
  if (!isObject(e)) return false;
  return MANAGED_STRINGS.every((f) => optString(e[f])) && (e.fieldsV1 === undefined || e.fieldsV1 === null || isObject(e.fieldsV1));
}

/** Whether one metadata field decodes into its ObjectMeta type (unknown fields are not this module's concern). */
function fieldOk(key: string, v: unknown): boolean {
  if (v === null) return true;
  if (STRING_FIELDS.includes(key)) return typeof v === 'string';
  if (INT_FIELDS.includes(key)) return isInt(v);
  switch (key) {
    case 'labels':
    case 'annotations':
      return stringMapOk(v);
    case 'finalizers':
      return Array.isArray(v) && v.every(optString);
    case 'ownerReferences':
      return Array.isArray(v) && v.every(ownerRefOk);
    case 'managedFields':
      return Array.isArray(v) && v.every(managedEntryOk);
    default:
      return true;
  }
}

/** Go's zero values for what null stood for inside a kept field. */
function withZeroValues(key: string, v: unknown): unknown {
  if (Array.isArray(v) && !v.includes(null)) return v;
  if (key === 'labels' || key === 'annotations') {
    const m = v as Json;
    for (const k in m) if (m[k] === null) m[k] = '';
  } else if (key === 'finalizers') {
    return (v as unknown[]).map((e) => e ?? '');
  } else if (key === 'ownerReferences') {
    return (v as unknown[]).map((e) => e ?? { apiVersion: '', kind: '', name: '', uid: '' });
  } else if (key === 'managedFields') {
    return (v as unknown[]).map((e) => e ?? {});
  }
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
  for (const key of Object.keys(md)) {
    const v = md[key];
    if (v === null) continue;
    if (!fieldOk(key, v)) {
      delete md[key];
      continue;
    }
    if (typeof v === 'object') md[key] = withZeroValues(key, v);
  }
}
