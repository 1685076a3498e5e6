// Priority admission (kube's plugin/pkg/admission/priority): a new pod's priority comes from its PriorityClass,
// or from the global default class, or is 0; its preemptionPolicy likewise. The two system classes are known
// without being stored. A client may not choose a priority of its own.
import { forbidden } from '../errors/status.js';
import type { AdmissionAttributes, AdmissionOperation } from '../registry/admission.js';
import type { KubeObject } from '../api/object.js';
import type { AdmissionPlugin } from './chain.js';

const SYSTEM_CLASSES: Record<string, number> = { 'system-node-critical': 2000001000, 'system-cluster-critical': 2000000000 };
const DEFAULT_PREEMPTION = 'PreemptLowerPriority';

export interface PriorityClassSource {
  get(name: string): Promise<KubeObject | undefined>;
  list(): Promise<KubeObject[]>;
}

export class Priority implements AdmissionPlugin {
  readonly name = 'Priority';
  readonly operations = new Set<AdmissionOperation>(['CREATE', 'UPDATE']);
  readonly resources = [['', 'pods']] as const;

  constructor(private readonly classes: PriorityClassSource) {}

  async admit(a: AdmissionAttributes): Promise<void> {
    if (a.resource.group !== '' || a.resource.resource !== 'pods' || a.subresource || !a.object) return;
    const spec = (a.object.spec ??= {});
    if (a.operation === 'UPDATE') {
      // Priority is immutable; an update that leaves it out keeps the old one.
      const old = a.oldObject?.spec;
      if (spec.priority === undefined && old?.priority !== undefined) spec.priority = old.priority;
      if (spec.preemptionPolicy === undefined && old?.preemptionPolicy !== undefined) spec.preemptionPolicy = old.preemptionPolicy;
      return;
    }
    const podName = a.object.metadata?.name || a.object.metadata?.generateName || '';
    const refuse = (message: string) => forbidden({ group: '', resource: 'pods' }, podName, message);
    let name: string = spec.priorityClassName ?? '';
    let value = 0;
    let preemption: string = DEFAULT_PREEMPTION;
    if (!name) {
      const defaults = (await this.classes.list()).filter((c) => c.globalDefault === true);
      // Several global defaults (possible by racing writes): the lowest value wins.
      const chosen = defaults.sort((x, y) => (x.value ?? 0) - (y.value ?? 0))[0];
      if (chosen) {
        name = chosen.metadata?.name ?? '';
        value = chosen.value ?? 0;
        preemption = chosen.preemptionPolicy ?? DEFAULT_PREEMPTION;
      }
    } else if (name in SYSTEM_CLASSES) {
      value = SYSTEM_CLASSES[name]!;
    } else {
      const pc = await this.classes.get(name);
      if (!pc) throw refuse(`no PriorityClass with name ${name} was found`);
      value = pc.value ?? 0;
      preemption = pc.preemptionPolicy ?? DEFAULT_PREEMPTION;
    }
    if (spec.priority !== undefined && spec.priority !== null && spec.priority !== value) {
      throw refuse(`the integer value of priority (${spec.priority}) must not be provided in pod spec; priority admission controller computed ${value} from the given PriorityClass name`);
    }
    if (name) spec.priorityClassName = name;
    spec.priority = value;
    if (spec.preemptionPolicy && spec.preemptionPolicy !== preemption) {
      throw refuse(`the string value of PreemptionPolicy (${spec.preemptionPolicy}) must not be provided in pod spec; priority admission controller computed ${preemption} from the given PriorityClass name`);
    }
    spec.preemptionPolicy = preemption;
  }
}
