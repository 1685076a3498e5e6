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

export class AdmissionChain implements Admission {
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
          m.admissionController.observe({ name: p.name, type, operation: a.operation, rejected: 'true' }, (performance.now() - t) / 1000);
          throw e;
        }
        m.admissionController.observe({ name: p.name, type, operation: a.operation, rejected: 'false' }, (performance.now() - t) / 1000);
      }
    } finally {
      m.admissionStep.observe({ type, operation: a.operation, rejected: String(rejected) }, (performance.now() - start) / 1000);
    }
  }
}
