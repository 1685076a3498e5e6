// coordination.k8s.io/leases (Lease): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { leasePrinter } from '../../../printers/kinds/cluster.js';
import { validateLeaseSpec } from '../../validation/kind-misc.js';

export const coordinationLeases: BuiltinResource = {
  group: 'coordination.k8s.io',
  resource: 'leases',
  kind: 'Lease',
  allowCreateOnUpdate: true,
  validateCreate: (obj) => validateLeaseSpec(obj),
  validateUpdate: (obj, _old, m) => [...m.update(), ...validateLeaseSpec(obj)],
  printer: leasePrinter,
};
