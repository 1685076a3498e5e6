// core/secrets (Secret): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { secretPrinter } from '../../../printers/kinds/core.js';
import { secretStrategy } from '../../strategies/secrets.js';
import { validateSecretData, validateSecretImmutable } from '../../validation/kind-config.js';
import { same, strAt } from '../../../selection/field-sets.js';

export const secrets: BuiltinResource = {
  group: '',
  resource: 'secrets',
  kind: 'Secret',
  strategy: (base) => secretStrategy(base),
  validateCreate: (obj) => validateSecretData(obj),
  validateUpdate: (obj, old, m) => [...m.update(), ...validateSecretImmutable(obj, old), ...m.create(), ...validateSecretData(obj)],
  printer: secretPrinter,
  fieldSelectors: {
    accepted: same('type', 'metadata.namespace', 'metadata.name'),
    fields: { type: strAt('type') },
    namespaced: true,
  },
};
