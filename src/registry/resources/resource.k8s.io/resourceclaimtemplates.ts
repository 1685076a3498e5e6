// resource.k8s.io/resourceclaimtemplates (ResourceClaimTemplate): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { resourceClaimTemplatePrinter } from '../../../printers/kinds/resource.js';

export const resourceResourceclaimtemplates: BuiltinResource = {
  group: 'resource.k8s.io',
  resource: 'resourceclaimtemplates',
  kind: 'ResourceClaimTemplate',
  printer: resourceClaimTemplatePrinter,
};
