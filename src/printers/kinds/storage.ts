// storage.k8s.io: storage classes, volume attributes classes, CSI drivers, CSI nodes and volume attachments.
import type { KObject } from '../../api/object.js';
import { since } from '../human-duration.js';
import { ageColumn, column, nameColumn, type Printer } from '../printer.js';
import { arr, isSet, obj, str, strs } from './fields.js';

const age = (o: KObject, now: number): string => since(o.metadata?.creationTimestamp, now);

function isDefaultClass(o: KObject, annotationKeys: string[]): boolean {
  const annotations = obj(o.metadata?.annotations);
  return annotationKeys.some((k) => annotations[k] === 'true');
}

export const storageClassPrinter: Printer = {
  columns: [
    nameColumn(),
    column('Provisioner', 'string', 'Volume plugin that provisions volumes of the class'),
    column('ReclaimPolicy', 'string', 'Reclaim policy of provisioned volumes'),
    column('VolumeBindingMode', 'string', 'When volumes are bound and provisioned'),
    column('AllowVolumeExpansion', 'string', 'Whether volumes of the class can be expanded'),
    ageColumn(),
  ],
  row: (sc, now) => {
    let name = str(sc.metadata?.name);
    if (isDefaultClass(sc, ['storageclass.kubernetes.io/is-default-class', 'storageclass.beta.kubernetes.io/is-default-class'])) name += ' (default)';
    return {
      cells: [
        name,
        str(sc.provisioner),
        isSet(sc.reclaimPolicy) ? str(sc.reclaimPolicy) : 'Delete',
        isSet(sc.volumeBindingMode) ? str(sc.volumeBindingMode) : 'Immediate',
        sc.allowVolumeExpansion === true,
        age(sc, now),
      ],
    };
  },
};

export const volumeAttributesClassPrinter: Printer = {
  columns: [nameColumn(), column('DriverName', 'string', 'CSI driver of the class'), ageColumn()],
  row: (vac, now) => {
    let name = str(vac.metadata?.name);
    if (isDefaultClass(vac, ['volumeattributesclass.alpha.kubernetes.io/is-default-class'])) name += ' (default)';
    return { cells: [name, str(vac.driverName), age(vac, now)] };
  },
};

export const csiDriverPrinter: Printer = {
  columns: [
    nameColumn(),
    column('AttachRequired', 'boolean', 'Whether volumes need an attach operation'),
    column('PodInfoOnMount', 'boolean', 'Whether pod information is passed on mount'),
    column('StorageCapacity', 'boolean', 'Whether the driver reports storage capacity'),
    column('TokenRequests', 'string', 'Audiences of the service account tokens passed to the driver'),
    column('RequiresRepublish', 'boolean', 'Whether volumes are periodically re-published'),
    column('Modes', 'string', 'Volume lifecycle modes the driver supports'),
    ageColumn(),
  ],
  row: (d, now) => {
    const spec = obj(d.spec);
    // volumeLifecycleModes defaults to [Persistent].
    const modes = isSet(spec.volumeLifecycleModes) ? strs(spec.volumeLifecycleModes) : ['Persistent'];
    return {
      cells: [
        str(d.metadata?.name),
        typeof spec.attachRequired === 'boolean' ? spec.attachRequired : true,
        spec.podInfoOnMount === true,
        spec.storageCapacity === true,
        isSet(spec.tokenRequests) ? arr(spec.tokenRequests).map((t) => str(t.audience)).join(',') : '<unset>',
        spec.requiresRepublish === true,
        modes.join(',') || '<none>',
        age(d, now),
      ],
    };
  },
};

export const csiNodePrinter: Printer = {
  columns: [nameColumn(), column('Drivers', 'integer', 'Number of CSI drivers registered on the node'), ageColumn()],
  row: (n, now) => ({ cells: [str(n.metadata?.name), arr(n.spec?.drivers).length, age(n, now)] }),
};

export const volumeAttachmentPrinter: Printer = {
  columns: [
    nameColumn(),
    column('Attacher', 'string', 'Driver that attaches the volume', { format: 'name' }),
    column('PV', 'string', 'Persistent volume being attached'),
    column('Node', 'string', 'Node the volume is attached to'),
    column('Attached', 'boolean', 'Whether the volume is attached'),
    ageColumn(),
  ],
  row: (va, now) => ({
    cells: [
      str(va.metadata?.name),
      str(va.spec?.attacher),
      isSet(va.spec?.source?.persistentVolumeName) ? str(va.spec.source.persistentVolumeName) : '',
      str(va.spec?.nodeName),
      va.status?.attached === true,
      age(va, now),
    ],
  }),
};
