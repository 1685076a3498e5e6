// DefaultTolerationSeconds admission (kube's plugin/pkg/admission/defaulttolerationseconds): a pod that tolerates
// neither not-ready nor unreachable nodes for NoExecute gets 300 s tolerations for each, so it is evicted five
// minutes after its node goes away. Pod creates and updates, not sub-resources.
import type { AdmissionAttributes, AdmissionOperation } from '../registry/admission.js';
import type { AdmissionPlugin } from './chain.js';

const NOT_READY = 'node.kubernetes.io/not-ready';
const UNREACHABLE = 'node.kubernetes.io/unreachable';
export const DEFAULT_TOLERATION_SECONDS = 300;

interface Toleration {
  key?: string;
  operator?: string;
  effect?: string;
  tolerationSeconds?: number;
}

/** A toleration that already covers the NoExecute taint `key` (an empty key or effect matches any). */
function covers(t: Toleration, key: string): boolean {
  return (!t.key || t.key === key) && (!t.effect || t.effect === 'NoExecute');
}

export class DefaultTolerationSeconds implements AdmissionPlugin {
  readonly name = 'DefaultTolerationSeconds';
  readonly operations = new Set<AdmissionOperation>(['CREATE', 'UPDATE']);
  readonly resources = [['', 'pods']] as const;

  constructor(
    private readonly notReadySeconds = DEFAULT_TOLERATION_SECONDS,
    private readonly unreachableSeconds = DEFAULT_TOLERATION_SECONDS,
  ) {}

  async admit(a: AdmissionAttributes): Promise<void> {
    if (a.resource.group !== '' || a.resource.resource !== 'pods' || a.subresource || !a.object) return;
    const spec = (a.object.spec ??= {});
    const tolerations: Toleration[] = Array.isArray(spec.tolerations) ? spec.tolerations : [];
    const add: Toleration[] = [];
    if (!tolerations.some((t) => covers(t, NOT_READY))) add.push({ key: NOT_READY, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: this.notReadySeconds });
    if (!tolerations.some((t) => covers(t, UNREACHABLE))) add.push({ key: UNREACHABLE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: this.unreachableSeconds });
    if (add.length) spec.tolerations = [...tolerations, ...add];
  }
}
