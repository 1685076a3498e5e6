// core/endpoints (Endpoints): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { endpointsPrinter } from '../../../printers/kinds/service.js';

export const endpoints: BuiltinResource = {
  group: '',
  resource: 'endpoints',
  kind: 'Endpoints',
  allowCreateOnUpdate: true,
  validateUpdate: (obj, _old, m) => [...m.update(), ...m.create()],
  printer: endpointsPrinter,
};
