// core/persistentvolumes (PersistentVolume): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultPointers, defaultStrings, struct, type TypeDefaults } from '../defaulting.js';
import { persistentVolumePrinter } from '../../../printers/kinds/volume.js';
import { nowRFC3339, type KObject } from '../../../api/object.js';

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
  // kube's PV strategy: a new volume is Pending since now; a status write that changes the phase stamps the
  // transition unless the client set its own time (PersistentVolumeLastPhaseTransitionTime, GA).
  strategy: (base) => ({
    ...base,
    async prepareForCreate(obj, ctx) {
      await base.prepareForCreate(obj, ctx);
      obj.status = { phase: 'Pending', lastPhaseTransitionTime: nowRFC3339() };
    },
    prepareForUpdate(obj, old, ctx) {
      base.prepareForUpdate(obj, old, ctx);
      if (ctx.subresource !== 'status') return;
      const now = (obj.status ?? {}) as KObject;
      const before = (old.status ?? {}) as KObject;
      if (now.phase !== before.phase && (now.lastPhaseTransitionTime === undefined || now.lastPhaseTransitionTime === null || now.lastPhaseTransitionTime === before.lastPhaseTransitionTime)) {
        obj.status = { ...now, lastPhaseTransitionTime: nowRFC3339() };
      }
    },
  }),
};
