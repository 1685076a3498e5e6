// core/persistentvolumeclaims (PersistentVolumeClaim): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultStrings, struct, type TypeDefaults } from '../defaulting.js';
import { persistentVolumeClaimPrinter } from '../../../printers/kinds/volume.js';

// SetDefaults_PersistentVolumeClaim (the claim spec's volumeMode is defaulted with the PodSpec types).
const pvcDefaults: TypeDefaults = {
  'io.k8s.api.core.v1.PersistentVolumeClaim': (pvc) => defaultStrings(struct(pvc, 'status'), { phase: 'Pending' }),
};

export const persistentvolumeclaims: BuiltinResource = {
  group: '',
  resource: 'persistentvolumeclaims',
  kind: 'PersistentVolumeClaim',
  defaults: pvcDefaults,
  printer: persistentVolumeClaimPrinter,
};
