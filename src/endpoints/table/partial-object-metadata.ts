// PartialObjectMetadata(List): an object reduced to its complete ObjectMeta, as the metadata client,
// the garbage collector and the namespace controller read it (apiserver.md §8.5).
import type { KObject } from '../../api/object.js';

export interface ListMeta {
  resourceVersion?: string;
  continue?: string;
  remainingItemCount?: number;
}

// ObjectMeta's fields in Go declaration order, which is the order encoding/json writes them in.
const OBJECT_META_ORDER = [
  'name',
  'generateName',
  'namespace',
  'selfLink',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'labels',
  'annotations',
  'ownerReferences',
  'finalizers',
  'managedFields',
];

/** Whether Go would drop the field under `omitempty` (pointers such as deletionGracePeriodSeconds keep 0). */
function isEmpty(key: string, v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v === '';
  if (key === 'generation' && v === 0) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v).length === 0;
  return false;
}

/** The whole ObjectMeta in Go's field order; creationTimestamp is always written (`null` when unset). */
export function objectMetaJSON(metadata: unknown): KObject {
  const m = metadata && typeof metadata === 'object' ? (metadata as KObject) : {};
  const out: KObject = {};
  for (const key of OBJECT_META_ORDER) {
    const v = m[key];
    if (key === 'creationTimestamp') out[key] = typeof v === 'string' && v !== '' ? v : null;
    else if (!isEmpty(key, v)) out[key] = v;
  }
  // Fields this table does not know are kept rather than lost.
  for (const [key, v] of Object.entries(m)) if (!OBJECT_META_ORDER.includes(key) && v !== undefined) out[key] = v;
  return out;
}

export function toPartialObjectMetadata(obj: KObject, apiVersion: string): KObject {
  return { kind: 'PartialObjectMetadata', apiVersion, metadata: objectMetaJSON(obj.metadata) };
}

/** The list metadata as ListMeta encodes it (every field omitempty; remainingItemCount is a pointer). */
export function listMetaJSON(listMeta: ListMeta | undefined): KObject {
  const out: KObject = {};
  if (listMeta?.resourceVersion) out.resourceVersion = listMeta.resourceVersion;
  if (listMeta?.continue) out.continue = listMeta.continue;
  if (typeof listMeta?.remainingItemCount === 'number') out.remainingItemCount = listMeta.remainingItemCount;
  return out;
}

/** Each item carries its own kind and apiVersion; an empty list has `"items": null`, as kube leaves the slice nil. */
export function toPartialObjectMetadataList(objs: KObject[], listMeta: ListMeta | undefined, apiVersion: string): KObject {
  return {
    kind: 'PartialObjectMetadataList',
    apiVersion,
    metadata: listMetaJSON(listMeta),
    items: objs.length === 0 ? null : objs.map((o) => toPartialObjectMetadata(o, apiVersion)),
  };
}
