// apps/statefulsets (StatefulSet): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultPointers, defaultStrings, isMap, itemsAt, struct, type TypeDefaults } from '../defaulting.js';
import { statefulSetPrinter } from '../../../printers/kinds/apps.js';
import { validateStatefulSetSpec } from '../../validation/kind-workloads.js';

// SetDefaults_StatefulSet (apps/v1) and the v1 conversion, which names each claim template's kind.
const statefulSetDefaults: TypeDefaults = {
  'io.k8s.api.apps.v1.StatefulSet': (s) => {
    const spec = struct(s, 'spec');
    defaultStrings(spec, { podManagementPolicy: 'OrderedReady' });
    const strategy = struct(spec, 'updateStrategy');
    if (!strategy.type) {
      strategy.type = 'RollingUpdate';
      struct(strategy, 'rollingUpdate');
    }
    if (strategy.type === 'RollingUpdate' && isMap(strategy.rollingUpdate)) defaultPointers(strategy.rollingUpdate, { partition: 0 });
    const retention = struct(spec, 'persistentVolumeClaimRetentionPolicy');
    defaultStrings(retention, { whenDeleted: 'Retain', whenScaled: 'Retain' });
    defaultPointers(spec, { replicas: 1, revisionHistoryLimit: 10 });
    for (const t of itemsAt(spec, 'volumeClaimTemplates')) {
      t.apiVersion = 'v1';
      t.kind = 'PersistentVolumeClaim';
    }
  },
};

export const appsStatefulsets: BuiltinResource = {
  group: 'apps',
  resource: 'statefulsets',
  kind: 'StatefulSet',
  defaults: statefulSetDefaults,
  tracksGeneration: true,
  validateCreate: (obj) => validateStatefulSetSpec(obj),
  printer: statefulSetPrinter,
};
