// apps/daemonsets (DaemonSet): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultPointers, defaultStrings, struct, type TypeDefaults } from '../defaulting.js';
import { daemonSetPrinter } from '../../../printers/kinds/apps.js';
import { validateDaemonSetSpec, validateSelectorUnchanged } from '../../validation/kind-workloads.js';

// SetDefaults_DaemonSet (apps/v1): rolling updates one pod at a time without surge, ten old revisions.
const daemonSetDefaults: TypeDefaults = {
  'io.k8s.api.apps.v1.DaemonSet': (d) => {
    const spec = struct(d, 'spec');
    const strategy = struct(spec, 'updateStrategy');
    defaultStrings(strategy, { type: 'RollingUpdate' });
    if (strategy.type === 'RollingUpdate') defaultPointers(struct(strategy, 'rollingUpdate'), { maxUnavailable: 1, maxSurge: 0 });
    defaultPointers(spec, { revisionHistoryLimit: 10 });
  },
};

export const appsDaemonsets: BuiltinResource = {
  group: 'apps',
  resource: 'daemonsets',
  kind: 'DaemonSet',
  defaults: daemonSetDefaults,
  tracksGeneration: true,
  validateCreate: (obj) => validateDaemonSetSpec(obj),
  validateUpdate: (obj, old, m) => m.subresource ? m.update() : [...m.update(), ...validateDaemonSetSpec(obj), ...validateSelectorUnchanged(obj, old)],
  printer: daemonSetPrinter,
};
