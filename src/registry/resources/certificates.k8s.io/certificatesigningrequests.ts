// certificates.k8s.io/certificatesigningrequests (CertificateSigningRequest): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { certificateSigningRequestPrinter } from '../../../printers/kinds/cluster.js';
import { same, strAt } from '../../../selection/field-sets.js';

export const certificatesCertificatesigningrequests: BuiltinResource = {
  group: 'certificates.k8s.io',
  resource: 'certificatesigningrequests',
  kind: 'CertificateSigningRequest',
  printer: certificateSigningRequestPrinter,
  fieldSelectors: {
    accepted: same('metadata.name', 'spec.signerName'),
    fields: { 'spec.signerName': strAt('spec', 'signerName') },
    namespaced: false,
  },
};
