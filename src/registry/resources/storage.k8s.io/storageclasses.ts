// storage.k8s.io/storageclasses (StorageClass): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { storageClassPrinter } from '../../../printers/kinds/storage.js';

export const storageStorageclasses: BuiltinResource = {
  group: 'storage.k8s.io',
  resource: 'storageclasses',
  kind: 'StorageClass',
  printer: storageClassPrinter,
};
