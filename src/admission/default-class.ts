// DefaultStorageClass and DefaultIngressClass admission (kube's storage/storageclass/setdefault and
// network/defaultingressclass): a new PVC without spec.storageClassName, or a new Ingress without
// spec.ingressClassName and without the legacy class annotation, gets the name of the class annotated as the
// default. Several defaults: the newest by creationTimestamp wins, ties by name. An explicit "" is kept.
import type { KubeObject } from '../api/object.js';
import type { AdmissionAttributes, AdmissionOperation } from '../registry/admission.js';
import type { AdmissionPlugin } from './chain.js';
import { isMain } from './forbidden.js';

/** The default among `classes` by the annotations that mark it (kube's GetDefaultClass). */
export function defaultClassName(classes: KubeObject[], annotations: readonly string[]): string | undefined {
  const defaults = classes.filter((c) => annotations.some((k) => c.metadata?.annotations?.[k] === 'true'));
  defaults.sort((a, b) => {
    const ta = String(a.metadata?.creationTimestamp ?? '');
    const tb = String(b.metadata?.creationTimestamp ?? '');
    if (ta !== tb) return ta > tb ? -1 : 1;
    return String(a.metadata?.name ?? '') < String(b.metadata?.name ?? '') ? -1 : 1;
  });
  return defaults[0]?.metadata?.name;
}

export class DefaultStorageClass implements AdmissionPlugin {
  readonly name = 'DefaultStorageClass';
  readonly operations = new Set<AdmissionOperation>(['CREATE']);
  readonly resources = [['', 'persistentvolumeclaims']] as const;

  constructor(private readonly listClasses: () => Promise<KubeObject[]>) {}

  async admit(a: AdmissionAttributes): Promise<void> {
    if (!isMain(a, '', 'persistentvolumeclaims')) return;
    const spec = (a.object!.spec ??= {});
    if (spec.storageClassName !== undefined && spec.storageClassName !== null) return;
    if (a.object!.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'] !== undefined) return;
    const name = defaultClassName(await this.listClasses(), ['storageclass.kubernetes.io/is-default-class', 'storageclass.beta.kubernetes.io/is-default-class']);
    if (name) spec.storageClassName = name;
  }
}

export class DefaultIngressClass implements AdmissionPlugin {
  readonly name = 'DefaultIngressClass';
  readonly operations = new Set<AdmissionOperation>(['CREATE']);
  readonly resources = [['networking.k8s.io', 'ingresses']] as const;

  constructor(private readonly listClasses: () => Promise<KubeObject[]>) {}

  async admit(a: AdmissionAttributes): Promise<void> {
    if (!isMain(a, 'networking.k8s.io', 'ingresses')) return;
    const spec = (a.object!.spec ??= {});
    if (spec.ingressClassName !== undefined && spec.ingressClassName !== null) return;
    if (a.object!.metadata?.annotations?.['kubernetes.io/ingress.class'] !== undefined) return;
    const name = defaultClassName(await this.listClasses(), ['ingressclass.kubernetes.io/is-default-class']);
    if (name) spec.ingressClassName = name;
  }
}
