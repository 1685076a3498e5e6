// core/services (Service): everything kubelite knows about it beyond the catalog, in one place.
import { serviceUnavailable } from '../../../errors/status.js';
import type { BuiltinResource } from '../builtin-resource.js';
import { servicePrinter } from '../../../printers/kinds/service.js';
import { serviceStrategy } from '../../strategies/services.js';
import { validateServiceSpec, validateServiceUpdate } from '../../validation/kind-service.js';
import { same, strAt } from '../../../selection/field-sets.js';

export const services: BuiltinResource = {
  group: '',
  resource: 'services',
  kind: 'Service',
  returnDeletedObject: true,
  allowCreateOnUpdate: true,
  strategy: (base, env) => serviceStrategy(base, env.clusterIPs),
  validateCreate: (obj) => validateServiceSpec(obj),
  validateUpdate: (obj, old, m) => m.subresource ? m.update() : [...m.update(), ...validateServiceUpdate(obj, old), ...m.create(), ...validateServiceSpec(obj)],
  connectError: (name) => serviceUnavailable(`no endpoints available for service "${name}"`),
  printer: servicePrinter,
  fieldSelectors: {
    accepted: same('metadata.namespace', 'metadata.name', 'spec.clusterIP', 'spec.type'),
    fields: { 'spec.clusterIP': strAt('spec', 'clusterIP'), 'spec.type': strAt('spec', 'type') },
    namespaced: true,
  },
};
