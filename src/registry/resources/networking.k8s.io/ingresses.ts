// networking.k8s.io/ingresses (Ingress): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { ingressPrinter } from '../../../printers/kinds/networking.js';

export const networkingIngresses: BuiltinResource = {
  group: 'networking.k8s.io',
  resource: 'ingresses',
  kind: 'Ingress',
  tracksGeneration: true,
  printer: ingressPrinter,
};
