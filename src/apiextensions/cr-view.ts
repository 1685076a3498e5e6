// The view the resource registry serves a custom resource version with: how its objects read (pruned, defaulted,
// keys sorted), its printer columns, selectable fields and deprecation warning.
import type { ResourceInfo } from '../api/resource-info.js';
import type { KObject } from '../api/object.js';
import type { ResourceView } from '../registry/resource-view.js';
import { customResourceForEndpoint } from './cr-read.js';
import { customResourceDetails, customResourceFieldSetFor, serializationKeySuffix } from './custom-resource-details.js';

/** Call after setCustomResourceDetails(def, ...). */
export function customResourceView(def: ResourceInfo): ResourceView {
  const d = customResourceDetails(def);
  if (!d) throw new Error(`no custom resource details for ${def.group}/${def.version}/${def.resource}`);
  return {
    present: (obj: KObject) => customResourceForEndpoint(def, obj)!,
    columns: d.columns,
    fieldSet: customResourceFieldSetFor(def)!,
    serializationKey: serializationKeySuffix(def),
    unstructured: true,
    deprecationWarning: d.deprecationWarning,
  };
}
