// storage.k8s.io/csidrivers (CSIDriver): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { csiDriverPrinter } from '../../../printers/kinds/storage.js';

export const storageCsidrivers: BuiltinResource = {
  group: 'storage.k8s.io',
  resource: 'csidrivers',
  kind: 'CSIDriver',
  printer: csiDriverPrinter,
};
