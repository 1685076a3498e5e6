// The view the resource registry serves a custom resource version with: how its objects read (pruned, defaulted,
// keys sorted), its printer columns, selectable fields and deprecation warning.
import type { ResourceInfo } from '../api/resource-info.js';
import type { KObject } from '../api/object.js';
import type { ResourceView } from '../registry/resource-view.js';
import { customResourceForEndpoint } from './cr-read.js';
import { prefetchConversions, usesWebhookConversion } from './conversion-webhook.js';
import type { CustomResourceStore } from './cr-store.js';
import { apiVersionOf } from '../registry/resource-def.js';
import { customResourceDetails, customResourceFieldSetFor, serializationKeySuffix } from './custom-resource-details.js';

/** Call after setCustomResourceDetails(def, ...). */
export function customResourceView(def: ResourceInfo, store?: CustomResourceStore): ResourceView {
  const d = customResourceDetails(def);
  if (!d) throw new Error(`no custom resource details for ${def.group}/${def.version}/${def.resource}`);
  return {
    present: (obj: KObject) => customResourceForEndpoint(def, obj)!,
    columns: d.columns,
    fieldSet: customResourceFieldSetFor(def)!,
    serializationKey: serializationKeySuffix(def),
    unstructured: true,
    deprecationWarning: d.deprecationWarning,
    ...(store && usesWebhookConversion(d.crd)
      ? { prepare: (stored: KObject[], signal?: AbortSignal) => prefetchConversions(d.crd, stored, apiVersionOf(def), store.resolveService, signal) }
      : {}),
  };
}
