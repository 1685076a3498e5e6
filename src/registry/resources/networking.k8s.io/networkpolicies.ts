// networking.k8s.io/networkpolicies (NetworkPolicy): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultStrings, empty, struct, type TypeDefaults } from '../defaulting.js';
import { networkPolicyPrinter } from '../../../printers/kinds/networking.js';

// SetDefaults_NetworkPolicy and SetDefaults_NetworkPolicyPort.
const networkPolicyDefaults: TypeDefaults = {
  'io.k8s.api.networking.v1.NetworkPolicy': (np) => {
    const spec = struct(np, 'spec');
    if (empty(spec.policyTypes)) spec.policyTypes = empty(spec.egress) ? ['Ingress'] : ['Ingress', 'Egress'];
  },
  'io.k8s.api.networking.v1.NetworkPolicyPort': (p) => defaultStrings(p, { protocol: 'TCP' }),
};

export const networkingNetworkpolicies: BuiltinResource = {
  group: 'networking.k8s.io',
  resource: 'networkpolicies',
  kind: 'NetworkPolicy',
  defaults: networkPolicyDefaults,
  tracksGeneration: true,
  printer: networkPolicyPrinter,
};
