// certificates.k8s.io/clustertrustbundles (ClusterTrustBundle): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { clusterTrustBundleName } from '../../validation/name-rules.js';
import { clusterTrustBundlePrinter } from '../../../printers/kinds/cluster.js';
import { same, strAt } from '../../../selection/field-sets.js';

export const certificatesClustertrustbundles: BuiltinResource = {
  group: 'certificates.k8s.io',
  resource: 'clustertrustbundles',
  kind: 'ClusterTrustBundle',
  nameRule: clusterTrustBundleName,
  printer: clusterTrustBundlePrinter,
  // Served only with their feature gates (off by default in 1.33).
  fieldSelectors: {
    accepted: same('metadata.name', 'spec.signerName'),
    fields: { 'spec.signerName': strAt('spec', 'signerName') },
    namespaced: false,
  },
};
