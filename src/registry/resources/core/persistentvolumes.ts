// core/persistentvolumes (PersistentVolume): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { persistentVolumePrinter } from '../../../printers/kinds/volume.js';

export const persistentvolumes: BuiltinResource = {
  group: '',
  resource: 'persistentvolumes',
  kind: 'PersistentVolume',
  printer: persistentVolumePrinter,
};
