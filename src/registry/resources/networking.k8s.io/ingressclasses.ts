// networking.k8s.io/ingressclasses (IngressClass): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultPointers, isMap, type TypeDefaults } from '../defaulting.js';
import { ingressClassPrinter } from '../../../printers/kinds/networking.js';

// SetDefaults_IngressClass.
const ingressClassDefaults: TypeDefaults = {
  'io.k8s.api.networking.v1.IngressClass': (ic) => {
    const params = isMap(ic.spec) ? ic.spec.parameters : undefined;
    if (isMap(params)) defaultPointers(params, { scope: 'Cluster' });
  },
};

export const networkingIngressclasses: BuiltinResource = {
  group: 'networking.k8s.io',
  resource: 'ingressclasses',
  kind: 'IngressClass',
  tracksGeneration: true,
  defaults: ingressClassDefaults,
  printer: ingressClassPrinter,
};
