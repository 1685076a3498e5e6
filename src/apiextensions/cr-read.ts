// Custom resources as a served version presents them on every read (get, list, watch, tables): the version's
// apiVersion and kind, unknown fields pruned and defaults applied — kube's CR codec does both when it decodes
// from storage, so a default added to the schema later shows up on objects stored before. Keys come out sorted,
// as Go's encoding/json writes unstructured objects.
import type { ResourceInfo } from '../api/resource-info.js';
import type { KObject } from '../api/object.js';
import { apiVersionOf } from '../registry/resource-def.js';
import { customResourceDetails } from './custom-resource-details.js';
import { applyDefaults } from './structural/defaults.js';
import { pruneCustomResource } from './structural/prune.js';
import { cachedConversion, usesWebhookConversion } from './conversion-webhook.js';

/** Unstructured objects are Go maps: encoding/json writes their keys sorted, at every level. */
function sortedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (v === null || typeof v !== 'object') return v;
  const o = v as KObject;
  const out: KObject = {};
  for (const k of Object.keys(o).sort()) out[k] = sortedKeys(o[k]);
  return out;
}

/** The object for the endpoint of `def`, or undefined when `def` is not a custom resource. Never mutates `obj`. */
export function customResourceForEndpoint(def: ResourceInfo, obj: KObject): KObject | undefined {
  const d = customResourceDetails(def);
  if (!d) return undefined;
  // Another version's object reads as the webhook converted it (the read prefetched that).
  if (obj.apiVersion !== apiVersionOf(def) && usesWebhookConversion(d.crd)) obj = cachedConversion(obj, apiVersionOf(def)) ?? obj;
  const { apiVersion: _a, kind: _k, ...rest } = obj;
  const out: KObject = { apiVersion: apiVersionOf(def), kind: def.kind, ...structuredClone(rest) };
  if (d.schema) {
    pruneCustomResource(d.schema, out);
    applyDefaults(d.schema, out);
  }
  return sortedKeys(out) as KObject;
}
