// discovery.k8s.io/endpointslices (EndpointSlice): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultPointers, type TypeDefaults } from '../defaulting.js';
import { endpointSlicePrinter } from '../../../printers/kinds/networking.js';

// SetDefaults_EndpointPort (discovery/v1).
const endpointSliceDefaults: TypeDefaults = {
  'io.k8s.api.discovery.v1.EndpointPort': (p) => defaultPointers(p, { name: '', protocol: 'TCP' }),
};

export const discoveryEndpointslices: BuiltinResource = {
  group: 'discovery.k8s.io',
  resource: 'endpointslices',
  kind: 'EndpointSlice',
  // kube bumps it when anything but metadata changes (and also on label changes, which kubelite does not count).
  tracksGeneration: true,
  defaults: endpointSliceDefaults,
  printer: endpointSlicePrinter,
};
