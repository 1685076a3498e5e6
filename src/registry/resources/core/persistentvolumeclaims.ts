// core/persistentvolumeclaims (PersistentVolumeClaim): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { persistentVolumeClaimPrinter } from '../../../printers/kinds/volume.js';

export const persistentvolumeclaims: BuiltinResource = {
  group: '',
  resource: 'persistentvolumeclaims',
  kind: 'PersistentVolumeClaim',
  printer: persistentVolumeClaimPrinter,
};
