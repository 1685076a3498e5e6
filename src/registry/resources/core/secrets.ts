// core/secrets (Secret): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultStrings, type TypeDefaults } from '../defaulting.js';
import { secretPrinter } from '../../../printers/kinds/core.js';
import { secretStrategy } from '../../strategies/secrets.js';
import { validateSecretData, validateSecretImmutable } from '../../validation/kind-config.js';
import { same, strAt } from '../../../selection/field-sets.js';

// SetDefaults_Secret.
const secretDefaults: TypeDefaults = {
  'io.k8s.api.core.v1.Secret': (s) => defaultStrings(s, { type: 'Opaque' }),
};

export const secrets: BuiltinResource = {
  group: '',
  resource: 'secrets',
  kind: 'Secret',
  defaults: secretDefaults,
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
