// coordination.k8s.io/leasecandidates (LeaseCandidate): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { leaseCandidatePrinter } from '../../../printers/kinds/cluster.js';

export const coordinationLeasecandidates: BuiltinResource = {
  group: 'coordination.k8s.io',
  resource: 'leasecandidates',
  kind: 'LeaseCandidate',
  printer: leaseCandidatePrinter,
};
