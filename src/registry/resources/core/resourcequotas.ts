// core/resourcequotas (ResourceQuota): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { resourceQuotaPrinter } from '../../../printers/kinds/core.js';

export const resourcequotas: BuiltinResource = {
  group: '',
  resource: 'resourcequotas',
  kind: 'ResourceQuota',
  printer: resourceQuotaPrinter,
};
