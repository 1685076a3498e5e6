// discovery.k8s.io/endpointslices (EndpointSlice): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { endpointSlicePrinter } from '../../../printers/kinds/networking.js';

export const discoveryEndpointslices: BuiltinResource = {
  group: 'discovery.k8s.io',
  resource: 'endpointslices',
  kind: 'EndpointSlice',
  printer: endpointSlicePrinter,
};
