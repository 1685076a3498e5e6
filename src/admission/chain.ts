// The admission chain: plug-ins in order, each mutating, validating or both (kube's admission.chainAdmissionHandler).
// All mutating steps run first (store: before the strategy), all validating steps after validation.
import type { Admission, AdmissionAttributes, AdmissionOperation } from '../registry/admission.js';

export interface AdmissionPlugin {
  readonly name: string;
  /** Operations the plug-in looks at (kube's admission.Handler). */
  readonly operations: ReadonlySet<AdmissionOperation>;
  admit?(a: AdmissionAttributes): Promise<void>;
  validate?(a: AdmissionAttributes): Promise<void>;
}

export class AdmissionChain implements Admission {
  constructor(private readonly plugins: readonly AdmissionPlugin[]) {}

  async admit(a: AdmissionAttributes): Promise<void> {
    for (const p of this.plugins) if (p.admit && p.operations.has(a.operation)) await p.admit(a);
  }

  async validate(a: AdmissionAttributes): Promise<void> {
    for (const p of this.plugins) if (p.validate && p.operations.has(a.operation)) await p.validate(a);
  }
}
