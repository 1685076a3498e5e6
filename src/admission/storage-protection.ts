// StorageObjectInUseProtection admission (kube's storage/storageobjectinuseprotection): new PVCs and PVs carry the
// protection finalizer, so they go only when nothing uses them any more. PersistentVolumeClaimResize (kube's
// storage/persistentvolume/resize): a claim may only grow when it is bound and its class allows expansion.
import type { KubeObject } from '../api/object.js';
import type { AdmissionAttributes, AdmissionOperation } from '../registry/admission.js';
import { parseQuantity } from '../registry/validation/quantity.js';
import type { AdmissionPlugin } from './chain.js';
import { admissionForbidden, isMain } from './forbidden.js';

export class StorageObjectInUseProtection implements AdmissionPlugin {
  readonly name = 'StorageObjectInUseProtection';
  readonly operations = new Set<AdmissionOperation>(['CREATE']);
  readonly resources = [['', 'persistentvolumeclaims'], ['', 'persistentvolumes']] as const;

  async admit(a: AdmissionAttributes): Promise<void> {
    const finalizer = isMain(a, '', 'persistentvolumeclaims') ? 'kubernetes.io/pvc-protection' : isMain(a, '', 'persistentvolumes') ? 'kubernetes.io/pv-protection' : undefined;
    if (!finalizer) return;
    const md = (a.object!.metadata ??= {});
    const list: string[] = Array.isArray(md.finalizers) ? md.finalizers : [];
    if (!list.includes(finalizer)) md.finalizers = [...list, finalizer];
  }
}

export class PersistentVolumeClaimResize implements AdmissionPlugin {
  readonly name = 'PersistentVolumeClaimResize';
  readonly operations = new Set<AdmissionOperation>(['UPDATE']);
  readonly resources = [['', 'persistentvolumeclaims']] as const;

  constructor(private readonly getClass: (name: string) => Promise<KubeObject | undefined>) {}

  async validate(a: AdmissionAttributes): Promise<void> {
    if (!isMain(a, '', 'persistentvolumeclaims') || !a.oldObject) return;
    const size = (o: KubeObject) => parseQuantity(String(o.spec?.resources?.requests?.storage ?? '0')) ?? parseQuantity('0')!;
    if (size(a.object!).cmp(size(a.oldObject)) <= 0) return;
    if (a.oldObject.status?.phase !== 'Bound') throw admissionForbidden(a, 'Only bound persistent volume claims can be expanded');
    const className = (o: KubeObject): string => o.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? o.spec?.storageClassName ?? '';
    const name = className(a.object!);
    const sc = name && name === className(a.oldObject) ? await this.getClass(name) : undefined;
    if (sc?.allowVolumeExpansion !== true) {
      throw admissionForbidden(a, 'only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize');
    }
  }
}
