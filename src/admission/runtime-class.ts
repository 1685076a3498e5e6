// RuntimeClass admission (kube's runtimeclass): a new pod naming a RuntimeClass gets the class's pod overhead and
// its scheduling constraints (node selector merged, tolerations added); a missing class, a conflicting selector or
// an overhead the class does not define refuse the pod with kube's texts.
import type { KubeObject } from '../api/object.js';
import type { AdmissionAttributes, AdmissionOperation } from '../registry/admission.js';
import { parseQuantity } from '../registry/validation/quantity.js';
import type { AdmissionPlugin } from './chain.js';
import { admissionForbidden, isMain } from './forbidden.js';

/** Two resource lists hold the same quantities (apimachinery's semantic equality). */
function sameResources(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const ka = Object.keys(a ?? {});
  const kb = Object.keys(b ?? {});
  if (ka.length !== kb.length) return false;
  return ka.every((k) => {
    const x = parseQuantity(String(a![k]));
    const y = b && k in b ? parseQuantity(String(b[k])) : undefined;
    return x !== undefined && y !== undefined && x.cmp(y) === 0;
  });
}

const sameJSON = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export class RuntimeClassAdmission implements AdmissionPlugin {
  readonly name = 'RuntimeClass';
  readonly operations = new Set<AdmissionOperation>(['CREATE']);
  readonly resources = [['', 'pods']] as const;

  constructor(private readonly getClass: (name: string) => Promise<KubeObject | undefined>) {}

  private async classOf(a: AdmissionAttributes): Promise<KubeObject | undefined> {
    const name = a.object!.spec?.runtimeClassName;
    if (!name) return undefined;
    const rc = await this.getClass(name);
    if (!rc) throw admissionForbidden(a, `pod rejected: RuntimeClass ${JSON.stringify(name)} not found`);
    return rc;
  }

  async admit(a: AdmissionAttributes): Promise<void> {
    if (!isMain(a, '', 'pods')) return;
    const rc = await this.classOf(a);
    if (!rc) return;
    const spec = (a.object!.spec ??= {});
    const fixed = rc.overhead?.podFixed;
    if (fixed && typeof fixed === 'object') {
      if (spec.overhead && !sameResources(spec.overhead, fixed)) throw admissionForbidden(a, "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead");
      spec.overhead = { ...fixed };
    }
    const scheduling = rc.scheduling;
    if (!scheduling) return;
    const selector: Record<string, string> = scheduling.nodeSelector ?? {};
    if (Object.keys(selector).length) {
      const merged: Record<string, string> = { ...(spec.nodeSelector ?? {}) };
      for (const [k, v] of Object.entries(selector)) {
        if (k in merged && merged[k] !== v) {
          throw admissionForbidden(a, `conflict: runtimeClass.scheduling.nodeSelector[${k}] = ${v}; pod.spec.nodeSelector[${k}] = ${merged[k]}`);
        }
        merged[k] = v;
      }
      spec.nodeSelector = merged;
    }
    const extra: KubeObject[] = Array.isArray(scheduling.tolerations) ? scheduling.tolerations : [];
    if (extra.length) {
      const own: KubeObject[] = Array.isArray(spec.tolerations) ? spec.tolerations : [];
      spec.tolerations = [...own, ...extra.filter((t) => !own.some((o) => sameJSON(o, t)))];
    }
  }

  async validate(a: AdmissionAttributes): Promise<void> {
    if (!isMain(a, '', 'pods')) return;
    const spec = a.object!.spec ?? {};
    const rc = await this.classOf(a);
    const fixed = rc?.overhead?.podFixed;
    if (fixed && typeof fixed === 'object') {
      if (!sameResources(spec.overhead, fixed)) throw admissionForbidden(a, "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead");
    } else if (spec.overhead && Object.keys(spec.overhead).length) {
      throw admissionForbidden(a, 'pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead');
    }
  }
}
