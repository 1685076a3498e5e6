// networking.k8s.io/ingressclasses (IngressClass): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { ingressClassPrinter } from '../../../printers/kinds/networking.js';

export const networkingIngressclasses: BuiltinResource = {
  group: 'networking.k8s.io',
  resource: 'ingressclasses',
  kind: 'IngressClass',
  printer: ingressClassPrinter,
};
