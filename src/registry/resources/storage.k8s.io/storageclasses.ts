// storage.k8s.io/storageclasses (StorageClass): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultPointers, type TypeDefaults } from '../defaulting.js';
import { storageClassPrinter } from '../../../printers/kinds/storage.js';

// SetDefaults_StorageClass.
const storageClassDefaults: TypeDefaults = {
  'io.k8s.api.storage.v1.StorageClass': (sc) => defaultPointers(sc, { reclaimPolicy: 'Delete', volumeBindingMode: 'Immediate' }),
};

export const storageStorageclasses: BuiltinResource = {
  group: 'storage.k8s.io',
  resource: 'storageclasses',
  kind: 'StorageClass',
  defaults: storageClassDefaults,
  printer: storageClassPrinter,
};
