// storage.k8s.io/csinodes (CSINode): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { csiNodePrinter } from '../../../printers/kinds/storage.js';

export const storageCsinodes: BuiltinResource = {
  group: 'storage.k8s.io',
  resource: 'csinodes',
  kind: 'CSINode',
  printer: csiNodePrinter,
};
