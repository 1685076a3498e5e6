// networking.k8s.io/ipaddresses (IPAddress): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { ipAddressName } from '../../validation/ip-name.js';
import { ipAddressPrinter } from '../../../printers/kinds/networking.js';

export const networkingIpaddresses: BuiltinResource = {
  group: 'networking.k8s.io',
  resource: 'ipaddresses',
  kind: 'IPAddress',
  nameRule: () => ipAddressName,
  printer: ipAddressPrinter,
};
