// certificates.k8s.io/certificatesigningrequests (CertificateSigningRequest): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { anyName } from '../../../validation/names.js';
import { certificateSigningRequestPrinter } from '../../../printers/kinds/cluster.js';
import { same, strAt } from '../../../selection/field-sets.js';

export const certificatesCertificatesigningrequests: BuiltinResource = {
  group: 'certificates.k8s.io',
  resource: 'certificatesigningrequests',
  kind: 'CertificateSigningRequest',
  nameRule: () => anyName,
  printer: certificateSigningRequestPrinter,
  // kube's CSR strategy: the requester's identity replaces whatever the client wrote; no request starts approved.
  strategy: (base) => ({
    ...base,
    async prepareForCreate(obj, ctx) {
      await base.prepareForCreate(obj, ctx);
      const spec = (obj.spec ??= {}) as Record<string, unknown>;
      delete spec.username;
      delete spec.uid;
      delete spec.groups;
      delete spec.extra;
      const u = ctx.user;
      if (u) {
        if (u.name) spec.username = u.name;
        if (u.uid) spec.uid = u.uid;
        if (u.groups.length) spec.groups = [...u.groups];
        if (u.extra && Object.keys(u.extra).length) spec.extra = u.extra;
      }
      obj.status = {};
    },
  }),
  fieldSelectors: {
    accepted: same('metadata.name', 'spec.signerName'),
    fields: { 'spec.signerName': strAt('spec', 'signerName') },
    namespaced: false,
  },
};
