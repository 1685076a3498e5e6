// resource.k8s.io/resourceclaims (ResourceClaim): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { resourceClaimPrinter } from '../../../printers/kinds/resource.js';

export const resourceResourceclaims: BuiltinResource = {
  group: 'resource.k8s.io',
  resource: 'resourceclaims',
  kind: 'ResourceClaim',
  printer: resourceClaimPrinter,
};
