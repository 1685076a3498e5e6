// PersistentVolumes and PersistentVolumeClaims.
import type { KObject } from '../../api/object.js';
import { since } from '../human-duration.js';
import { ageColumn, column, nameColumn, type Printer } from '../printer.js';
import { isSet, obj, quantity, str, strs } from './fields.js';

const BETA_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';

/** Access modes abbreviated in a fixed order: RWO, ROX, RWX, RWOP. */
export function accessModes(modes: unknown): string {
  const set = new Set(strs(modes));
  const out: string[] = [];
  if (set.has('ReadWriteOnce')) out.push('RWO');
  if (set.has('ReadOnlyMany')) out.push('ROX');
  if (set.has('ReadWriteMany')) out.push('RWX');
  if (set.has('ReadWriteOncePod')) out.push('RWOP');
  return out.join(',');
}

/** The storage class: the beta annotation wins over spec.storageClassName. */
function storageClass(o: KObject): string {
  const annotations = obj(o.metadata?.annotations);
  if (BETA_CLASS_ANNOTATION in annotations) return str(annotations[BETA_CLASS_ANNOTATION]);
  return str(o.spec?.storageClassName);
}

const deleting = (o: KObject): boolean => isSet(o.metadata?.deletionTimestamp);

export const persistentVolumePrinter: Printer = {
  columns: [
    nameColumn(),
    column('Capacity', 'string', 'Storage capacity of the volume'),
    column('Access Modes', 'string', 'Ways the volume can be mounted'),
    column('Reclaim Policy', 'string', 'What happens to the volume when its claim is released'),
    column('Status', 'string', 'Phase of the volume'),
    column('Claim', 'string', 'Claim bound to the volume'),
    column('StorageClass', 'string', 'Storage class of the volume'),
    column('VolumeAttributesClass', 'string', 'Volume attributes class of the volume'),
    column('Reason', 'string', 'Reason for a failed phase'),
    ageColumn(),
    column('VolumeMode', 'string', 'Whether the volume is a filesystem or a block device', { priority: 1 }),
  ],
  row: (pv, now) => {
    const spec = obj(pv.spec);
    const claimRef = isSet(spec.claimRef) ? `${str(spec.claimRef.namespace)}/${str(spec.claimRef.name)}` : '';
    return {
      cells: [
        str(pv.metadata?.name),
        quantity(obj(spec.capacity).storage),
        accessModes(spec.accessModes),
        str(spec.persistentVolumeReclaimPolicy),
        deleting(pv) ? 'Terminating' : str(pv.status?.phase),
        claimRef,
        storageClass(pv),
        isSet(spec.volumeAttributesClassName) ? str(spec.volumeAttributesClassName) : '<unset>',
        str(pv.status?.reason),
        since(pv.metadata?.creationTimestamp, now),
        isSet(spec.volumeMode) ? str(spec.volumeMode) : '<unset>',
      ],
    };
  },
};

export const persistentVolumeClaimPrinter: Printer = {
  columns: [
    nameColumn(),
    column('Status', 'string', 'Phase of the claim'),
    column('Volume', 'string', 'Volume bound to the claim'),
    column('Capacity', 'string', 'Capacity of the bound volume'),
    column('Access Modes', 'string', 'Access modes of the bound volume'),
    column('StorageClass', 'string', 'Storage class of the claim'),
    column('VolumeAttributesClass', 'string', 'Volume attributes class of the claim'),
    ageColumn(),
    column('VolumeMode', 'string', 'Whether the claim asks for a filesystem or a block device', { priority: 1 }),
  ],
  row: (pvc, now) => {
    const spec = obj(pvc.spec);
    const bound = str(spec.volumeName) !== '';
    return {
      cells: [
        str(pvc.metadata?.name),
        deleting(pvc) ? 'Terminating' : str(pvc.status?.phase),
        str(spec.volumeName),
        bound ? quantity(obj(pvc.status?.capacity).storage) : '',
        bound ? accessModes(pvc.status?.accessModes) : '',
        storageClass(pvc),
        isSet(spec.volumeAttributesClassName) ? str(spec.volumeAttributesClassName) : '<unset>',
        since(pvc.metadata?.creationTimestamp, now),
        isSet(spec.volumeMode) ? str(spec.volumeMode) : '<unset>',
      ],
    };
  },
};
