// core/configmaps (ConfigMap): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { configMapPrinter } from '../../../printers/kinds/core.js';
import { validateConfigMapData, validateConfigMapImmutable } from '../../validation/kind-config.js';

export const configmaps: BuiltinResource = {
  group: '',
  resource: 'configmaps',
  kind: 'ConfigMap',
  validateCreate: (obj) => validateConfigMapData(obj),
  validateUpdate: (obj, old, m) => [...m.update(), ...validateConfigMapImmutable(obj, old), ...m.create(), ...validateConfigMapData(obj)],
  printer: configMapPrinter,
};
