// apps/statefulsets (StatefulSet): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { statefulSetPrinter } from '../../../printers/kinds/apps.js';
import { validateStatefulSetSpec } from '../../validation/kind-workloads.js';

export const appsStatefulsets: BuiltinResource = {
  group: 'apps',
  resource: 'statefulsets',
  kind: 'StatefulSet',
  tracksGeneration: true,
  validateCreate: (obj) => validateStatefulSetSpec(obj),
  printer: statefulSetPrinter,
};
