// resource.k8s.io/resourceslices (ResourceSlice): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { resourceSlicePrinter } from '../../../printers/kinds/resource.js';
import { same, strAt } from '../../../selection/field-sets.js';

export const resourceResourceslices: BuiltinResource = {
  group: 'resource.k8s.io',
  resource: 'resourceslices',
  kind: 'ResourceSlice',
  printer: resourceSlicePrinter,
  fieldSelectors: {
    accepted: same('metadata.name', 'spec.nodeName', 'spec.driver'),
    reject: (label, version) => `field label not supported for resource.k8s.io/${version}, Kind=ResourceSlice: ${label}`,
    fields: { 'spec.nodeName': strAt('spec', 'nodeName'), 'spec.driver': strAt('spec', 'driver') },
    namespaced: false,
  },
};
