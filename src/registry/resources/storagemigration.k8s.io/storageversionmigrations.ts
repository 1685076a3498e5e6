// storagemigration.k8s.io/storageversionmigrations (StorageVersionMigration): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { storageVersionMigrationPrinter } from '../../../printers/kinds/resource.js';

export const storagemigrationStorageversionmigrations: BuiltinResource = {
  group: 'storagemigration.k8s.io',
  resource: 'storageversionmigrations',
  kind: 'StorageVersionMigration',
  printer: storageVersionMigrationPrinter,
};
