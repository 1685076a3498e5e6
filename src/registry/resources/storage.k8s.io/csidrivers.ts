// storage.k8s.io/csidrivers (CSIDriver): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultPointers, empty, struct, type TypeDefaults } from '../defaulting.js';
import { csiDriverPrinter } from '../../../printers/kinds/storage.js';

// SetDefaults_CSIDriver (SELinuxMountReadWriteOncePod is on in 1.33).
const csiDriverDefaults: TypeDefaults = {
  'io.k8s.api.storage.v1.CSIDriver': (d) => {
    const spec = struct(d, 'spec');
    defaultPointers(spec, { attachRequired: true, podInfoOnMount: false, storageCapacity: false, fsGroupPolicy: 'ReadWriteOnceWithFSType', requiresRepublish: false, seLinuxMount: false });
    if (empty(spec.volumeLifecycleModes)) spec.volumeLifecycleModes = ['Persistent'];
  },
};

export const storageCsidrivers: BuiltinResource = {
  group: 'storage.k8s.io',
  resource: 'csidrivers',
  kind: 'CSIDriver',
  defaults: csiDriverDefaults,
  printer: csiDriverPrinter,
};
