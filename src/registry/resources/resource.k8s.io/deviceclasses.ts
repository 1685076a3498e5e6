// resource.k8s.io/deviceclasses (DeviceClass): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { deviceClassPrinter } from '../../../printers/kinds/resource.js';

export const resourceDeviceclasses: BuiltinResource = {
  group: 'resource.k8s.io',
  resource: 'deviceclasses',
  kind: 'DeviceClass',
  printer: deviceClassPrinter,
};
