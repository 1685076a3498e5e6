// networking.k8s.io/networkpolicies (NetworkPolicy): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { networkPolicyPrinter } from '../../../printers/kinds/networking.js';

export const networkingNetworkpolicies: BuiltinResource = {
  group: 'networking.k8s.io',
  resource: 'networkpolicies',
  kind: 'NetworkPolicy',
  tracksGeneration: true,
  printer: networkPolicyPrinter,
};
