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
  /**
   * The resources the plug-in can act on, as [group, resource] ('*': any resource of the group); absent: any. A
   * plug-in that returns at once for every other resource says so here, and the chain does not call it for them.
   */
  readonly resources?: ReadonlyArray<readonly [group: string, resource: string]>;
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
  readonly resources?: AdmissionPlugin['resources'];
  readonly ok: ControllerLabels;
  readonly rejected: ControllerLabels;
}

/** The plug-ins that take part in one step type and operation, in order, and the step's label sets. */
interface Step {
  readonly calls: readonly Call[];
  /** Per `group/resource`: whether each call runs (false: the plug-in never acts on that resource). */
  readonly runs: Map<string, readonly boolean[]>;
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
          calls.push({ run: fn.bind(plugin), resources: plugin.resources, ok: labels(false), rejected: labels(true) });
        }
        const stepLabels = (rejected: boolean): StepLabels => Object.freeze({ type, operation, rejected: String(rejected) });
        this.steps[type].set(operation, { calls, runs: new Map(), ok: stepLabels(false), rejected: stepLabels(true) });
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
    const runs = runsFor(step, a);
    const m = this.metrics;
    if (!m) {
      for (let i = 0; i < step.calls.length; i++) if (runs[i]) await step.calls[i]!.run(a);
      return;
    }
    const start = performance.now();
    let rejected = false;
    try {
      for (let i = 0; i < step.calls.length; i++) {
        const c = step.calls[i]!;
        const t = performance.now();
        try {
          // A plug-in that does not act on the resource is still counted, as its call returning at once would be.
          if (runs[i]) await c.run(a);
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

const MAX_RESOURCES = 10_000;

/** Which calls of a step run for the request's resource, worked out once per resource. */
function runsFor(step: Step, a: AdmissionAttributes): readonly boolean[] {
  const { group, resource } = a.resource;
  const key = `${group}/${resource}`;
  let runs = step.runs.get(key);
  if (!runs) {
    runs = step.calls.map((c) => !c.resources || c.resources.some(([g, r]) => g === group && (r === '*' || r === resource)));
    if (step.runs.size >= MAX_RESOURCES) step.runs.clear();
    step.runs.set(key, runs);
  }
  return runs;
}
