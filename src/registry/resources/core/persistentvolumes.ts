// core/persistentvolumes (PersistentVolume): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultPointers, defaultStrings, struct, type TypeDefaults } from '../defaulting.js';
import { persistentVolumePrinter } from '../../../printers/kinds/volume.js';

// SetDefaults_PersistentVolume.
const pvDefaults: TypeDefaults = {
  'io.k8s.api.core.v1.PersistentVolume': (pv) => {
    defaultStrings(struct(pv, 'status'), { phase: 'Pending' });
    const spec = struct(pv, 'spec');
    defaultStrings(spec, { persistentVolumeReclaimPolicy: 'Retain' });
    defaultPointers(spec, { volumeMode: 'Filesystem' });
  },
};

export const persistentvolumes: BuiltinResource = {
  group: '',
  resource: 'persistentvolumes',
  kind: 'PersistentVolume',
  defaults: pvDefaults,
  printer: persistentVolumePrinter,
};
