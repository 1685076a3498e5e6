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

const OPERATIONS: readonly AdmissionOperation[] = ['CREATE', 'UPDATE', 'DELETE', 'CONNECT'];

/** One plug-in's call for one step type and operation, with its frozen metric label sets (found by identity). */
interface Call {
  readonly run: (a: AdmissionAttributes) => Promise<void>;
  readonly ok: ControllerLabels;
  readonly rejected: ControllerLabels;
}

/** The plug-ins that take part in one step type and operation, in order, and the step's label sets. */
interface Step {
  readonly calls: readonly Call[];
  readonly ok: StepLabels;
  readonly rejected: StepLabels;
}

export class AdmissionChain implements Admission {
  // Worked out once: which plug-ins run for each step type and operation, with their label sets, so a write does
  // no filtering and builds no metric keys per plug-in.
  private readonly steps: Record<StepType, Map<AdmissionOperation, Step>> = { admit: new Map(), validate: new Map() };

  constructor(
    plugins: readonly AdmissionPlugin[],
    private readonly metrics?: ApiserverMetrics,
  ) {
    for (const type of ['admit', 'validate'] as const) {
      for (const operation of OPERATIONS) {
        const calls: Call[] = [];
        for (const plugin of plugins) {
          const fn = plugin[type];
          if (!fn || !plugin.operations.has(operation)) continue;
          const labels = (rejected: boolean): ControllerLabels => Object.freeze({ name: plugin.name, type, operation, rejected: rejected ? 'true' : 'false' });
          calls.push({ run: fn.bind(plugin), ok: labels(false), rejected: labels(true) });
        }
        const stepLabels = (rejected: boolean): StepLabels => Object.freeze({ type, operation, rejected: String(rejected) });
        this.steps[type].set(operation, { calls, ok: stepLabels(false), rejected: stepLabels(true) });
      }
    }
  }

  admit(a: AdmissionAttributes): Promise<void> {
    return this.step('admit', a);
  }

  validate(a: AdmissionAttributes): Promise<void> {
    return this.step('validate', a);
  }

  private async step(type: StepType, a: AdmissionAttributes): Promise<void> {
    const step = this.steps[type].get(a.operation);
    if (!step) return;
    const m = this.metrics;
    if (!m) {
      for (const c of step.calls) await c.run(a);
      return;
    }
    const start = performance.now();
    let rejected = false;
    try {
      for (const c of step.calls) {
        const t = performance.now();
        try {
          await c.run(a);
        } catch (e) {
          rejected = true;
          m.admissionController.observe(c.rejected, (performance.now() - t) / 1000);
          throw e;
        }
        m.admissionController.observe(c.ok, (performance.now() - t) / 1000);
      }
    } finally {
      m.admissionStep.observe(rejected ? step.rejected : step.ok, (performance.now() - start) / 1000);
    }
  }
}
