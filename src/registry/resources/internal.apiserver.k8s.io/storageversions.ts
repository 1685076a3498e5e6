// internal.apiserver.k8s.io/storageversions (StorageVersion): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { storageVersionPrinter } from '../../../printers/kinds/resource.js';

export const internalStorageversions: BuiltinResource = {
  group: 'internal.apiserver.k8s.io',
  resource: 'storageversions',
  kind: 'StorageVersion',
  printer: storageVersionPrinter,
};
