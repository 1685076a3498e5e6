// apiregistration.k8s.io/apiservices (APIService): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { apiServicePrinter } from '../../../printers/kinds/cluster.js';

export const apiregistrationApiservices: BuiltinResource = {
  group: 'apiregistration.k8s.io',
  resource: 'apiservices',
  kind: 'APIService',
  printer: apiServicePrinter,
};
