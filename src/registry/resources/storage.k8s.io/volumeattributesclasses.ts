// storage.k8s.io/volumeattributesclasses (VolumeAttributesClass): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { volumeAttributesClassPrinter } from '../../../printers/kinds/storage.js';

export const storageVolumeattributesclasses: BuiltinResource = {
  group: 'storage.k8s.io',
  resource: 'volumeattributesclasses',
  kind: 'VolumeAttributesClass',
  printer: volumeAttributesClassPrinter,
};
