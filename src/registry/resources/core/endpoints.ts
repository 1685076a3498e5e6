// core/endpoints (Endpoints): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultStrings, type TypeDefaults } from '../defaulting.js';
import { endpointsPrinter } from '../../../printers/kinds/service.js';

// SetDefaults_Endpoints.
const endpointsDefaults: TypeDefaults = {
  'io.k8s.api.core.v1.EndpointPort': (p) => defaultStrings(p, { protocol: 'TCP' }),
};

export const endpoints: BuiltinResource = {
  group: '',
  resource: 'endpoints',
  kind: 'Endpoints',
  defaults: endpointsDefaults,
  allowCreateOnUpdate: true,
  validateUpdate: (obj, _old, m) => [...m.update(), ...m.create()],
  printer: endpointsPrinter,
};
