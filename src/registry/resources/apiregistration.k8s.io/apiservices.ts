// apiregistration.k8s.io/apiservices (APIService): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { apiServiceName } from '../../validation/name-rules.js';
import { apiServicePrinter } from '../../../printers/kinds/cluster.js';

export const apiregistrationApiservices: BuiltinResource = {
  group: 'apiregistration.k8s.io',
  resource: 'apiservices',
  kind: 'APIService',
  nameRule: apiServiceName,
  printer: apiServicePrinter,
};
