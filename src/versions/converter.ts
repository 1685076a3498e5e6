// Conversion between the served versions of a built-in resource, through the hub form of its kind: the source
// version's toHub, then the target version's fromHub (identity for versions shaped like the hub), then the target's
// apiVersion. The store keeps objects in kube's storage version and reads objects stored by any other version.
import type { KObject } from '../api/object.js';
import { gvString } from '../api/resource-info.js';
import { KIND_CONVERSIONS } from './kind-conversions.js';
import { storageResourceOf, storageVersionOf, versionsSharingStorage, type GroupResource } from './storage-versions.js';

export interface VersionConverter {
  /** The group and resource whose storage this served version shares. */
  storage: GroupResource;
  /** The apiVersion objects are stored in. */
  storageVersion: string;
  /** A stored object (in whatever version it was stored) → the served version's form. */
  fromStored(obj: KObject): KObject;
  /** The served version's form → the storage version's form. */
  toStored(obj: KObject): KObject;
}

/** Sets kind and apiVersion first (Go's TypeMeta order), keeping the rest in place. */
function relabel(obj: KObject, kind: string, apiVersion: string): KObject {
  if (obj.apiVersion === apiVersion && obj.kind === kind) return obj;
  const { kind: _k, apiVersion: _a, ...rest } = obj;
  return { kind, apiVersion, ...rest };
}

/**
 * `obj` (of the storage group-resource `home`, with its own apiVersion) in `target`'s form. `kind` is the target
 * version's kind.
 */
export function convertObject(obj: KObject, home: GroupResource, target: string, kind: string): KObject {
  const source = typeof obj.apiVersion === 'string' ? obj.apiVersion : target;
  if (source === target) return relabel(obj, kind, target);
  const conv = KIND_CONVERSIONS[`${home.group}/${home.resource}`];
  if (!conv) return relabel(obj, kind, target);
  const hub = conv.versions[source] ? conv.versions[source].toHub(obj) : obj;
  const out = conv.versions[target] ? conv.versions[target].fromHub(relabel(hub, hub.kind ?? kind, conv.hub)) : hub;
  return relabel(out, kind, target);
}

const cache = new Map<string, VersionConverter | undefined>();
const byDefinition = new WeakMap<object, { conv: VersionConverter | undefined }>();

/**
 * The converter of a built-in served version whose storage is shared with other versions or kept in another
 * version; undefined for resources served in one version only (their objects need no conversion).
 */
export function converterFor(def: { group: string; version: string; resource: string; kind: string; builtin?: boolean }): VersionConverter | undefined {
  if (def.builtin === false) return undefined;
  // Lists and watches ask once per object: the same definition object answers without building its key.
  const known = byDefinition.get(def);
  if (known !== undefined) return known.conv;
  const key = `${def.group}/${def.version}/${def.resource}`;
  if (cache.has(key)) {
    const conv = cache.get(key);
    byDefinition.set(def, { conv });
    return conv;
  }
  const storage = storageResourceOf(def.group, def.resource);
  const storageVersion = storageVersionOf(def.group, def.resource);
  const served = gvString(def.group, def.version);
  let conv: VersionConverter | undefined;
  if (storageVersion && (storageVersion !== served || versionsSharingStorage(def.group, def.resource).length > 1)) {
    const storageKind = def.kind;
    conv = {
      storage,
      storageVersion,
      fromStored: (obj) => convertObject(obj, storage, served, def.kind),
      toStored: (obj) => convertObject(obj, storage, storageVersion, storageKind),
    };
  }
  cache.set(key, conv);
  return conv;
}
