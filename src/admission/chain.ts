// The admission chain: plug-ins in order, each mutating, validating or both (kube's admission.chainAdmissionHandler).
// All mutating steps run first (store: before the strategy), all validating steps after validation. With metrics,
// each step and each plug-in call is timed as kube's admission metrics do (type admit or validate, operation,
// rejected).
import type { Admission, AdmissionAttributes, AdmissionOperation } from '../registry/admission.js';
import type { ApiserverMetrics } from '../observability/metrics/apiserver-metrics.js';

export interface AdmissionPlugin {
  readonly name: string;
  /** Operations the plug-in looks at (kube's admission.Handler). */
  readonly operations: ReadonlySet<AdmissionOperation>;
  admit?(a: AdmissionAttributes): Promise<void>;
  validate?(a: AdmissionAttributes): Promise<void>;
}

type StepType = 'admit' | 'validate';

type ControllerLabels = Readonly<{ name: string; type: StepType; operation: AdmissionOperation; rejected: 'true' | 'false' }>;
type StepLabels = Readonly<{ type: StepType; operation: AdmissionOperation; rejected: string }>;

/**
 * Frozen metric label sets, one per plug-in, step type, operation and outcome: the metrics find their series by the
 * label set's identity (fast-metrics.ts) instead of building a key for every plug-in of every write.
 */
class LabelSets {
  private readonly controller = new Map<string, ControllerLabels>();
  private readonly step = new Map<string, StepLabels>();

  forPlugin(name: string, type: StepType, operation: AdmissionOperation, rejected: boolean): ControllerLabels {
    const key = `${name}\u0000${type}\u0000${operation}\u0000${rejected}`;
    let l = this.controller.get(key);
    if (!l) this.controller.set(key, (l = Object.freeze({ name, type, operation, rejected: rejected ? 'true' : 'false' })));
    return l;
  }

  forStep(type: StepType, operation: AdmissionOperation, rejected: boolean): StepLabels {
    const key = `${type}\u0000${operation}\u0000${rejected}`;
    let l = this.step.get(key);
    if (!l) this.step.set(key, (l = Object.freeze({ type, operation, rejected: String(rejected) })));
    return l;
  }
}

export class AdmissionChain implements Admission {
  private readonly labels = new LabelSets();

  constructor(
    private readonly plugins: readonly AdmissionPlugin[],
    private readonly metrics?: ApiserverMetrics,
  ) {}

  admit(a: AdmissionAttributes): Promise<void> {
    return this.step('admit', a);
  }

  validate(a: AdmissionAttributes): Promise<void> {
    return this.step('validate', a);
  }

  private async step(type: StepType, a: AdmissionAttributes): Promise<void> {
    const m = this.metrics;
    if (!m) {
      for (const p of this.plugins) if (p[type] && p.operations.has(a.operation)) await p[type]!(a);
      return;
    }
    const start = performance.now();
    let rejected = false;
    try {
      for (const p of this.plugins) {
        if (!p[type] || !p.operations.has(a.operation)) continue;
        const t = performance.now();
        try {
          await p[type]!(a);
        } catch (e) {
          rejected = true;
          m.admissionController.observe(this.labels.forPlugin(p.name, type, a.operation, true), (performance.now() - t) / 1000);
          throw e;
        }
        m.admissionController.observe(this.labels.forPlugin(p.name, type, a.operation, false), (performance.now() - t) / 1000);
      }
    } finally {
      m.admissionStep.observe(this.labels.forStep(type, a.operation, rejected), (performance.now() - start) / 1000);
    }
  }
}
