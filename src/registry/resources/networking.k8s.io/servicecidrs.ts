// networking.k8s.io/servicecidrs (ServiceCIDR): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { serviceCIDRPrinter } from '../../../printers/kinds/networking.js';

export const networkingServicecidrs: BuiltinResource = {
  group: 'networking.k8s.io',
  resource: 'servicecidrs',
  kind: 'ServiceCIDR',
  printer: serviceCIDRPrinter,
};
