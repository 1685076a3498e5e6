// storage.k8s.io/volumeattachments (VolumeAttachment): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { volumeAttachmentPrinter } from '../../../printers/kinds/storage.js';

export const storageVolumeattachments: BuiltinResource = {
  group: 'storage.k8s.io',
  resource: 'volumeattachments',
  kind: 'VolumeAttachment',
  printer: volumeAttachmentPrinter,
};
