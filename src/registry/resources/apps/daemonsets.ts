// apps/daemonsets (DaemonSet): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { daemonSetPrinter } from '../../../printers/kinds/apps.js';
import { validateDaemonSetSpec, validateSelectorUnchanged } from '../../validation/kind-workloads.js';

export const appsDaemonsets: BuiltinResource = {
  group: 'apps',
  resource: 'daemonsets',
  kind: 'DaemonSet',
  tracksGeneration: true,
  validateCreate: (obj) => validateDaemonSetSpec(obj),
  validateUpdate: (obj, old, m) => m.subresource ? m.update() : [...m.update(), ...validateDaemonSetSpec(obj), ...validateSelectorUnchanged(obj, old)],
  printer: daemonSetPrinter,
};
