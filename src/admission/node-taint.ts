// TaintNodesByCondition admission (kube's nodetaint): a new Node starts tainted not-ready (NoSchedule) until its
// kubelet reports it ready and the node lifecycle controller lifts the taint.
import type { AdmissionAttributes, AdmissionOperation } from '../registry/admission.js';
import type { AdmissionPlugin } from './chain.js';
import { isMain } from './forbidden.js';

const NOT_READY = { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' };

export class TaintNodesByCondition implements AdmissionPlugin {
  readonly name = 'TaintNodesByCondition';
  readonly operations = new Set<AdmissionOperation>(['CREATE']);
  readonly resources = [['', 'nodes']] as const;

  async admit(a: AdmissionAttributes): Promise<void> {
    if (!isMain(a, '', 'nodes')) return;
    const spec = (a.object!.spec ??= {});
    const taints: { key?: string; effect?: string; value?: string }[] = Array.isArray(spec.taints) ? spec.taints : [];
    if (taints.some((t) => t?.key === NOT_READY.key && t?.effect === NOT_READY.effect)) return;
    spec.taints = [...taints, { ...NOT_READY }];
  }
}
