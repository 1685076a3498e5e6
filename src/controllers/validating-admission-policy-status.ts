// kube-controller-manager's validatingadmissionpolicy-status controller: for every ValidatingAdmissionPolicy whose
// generation is newer than its status.observedGeneration, type-checks its expressions against the kinds it matches
// and writes status.observedGeneration and status.typeChecking (the expression warnings; `{}` when there are none).
import type { Logger } from 'pino';
import type { KubeObject } from '../api/object.js';
import { TypeChecker } from '../admission/policy/type-checking.js';
import type { ControllerContext } from './controller-context.js';
import { ResyncLoop } from './resync-loop.js';

const GR = { group: 'admissionregistration.k8s.io', resource: 'validatingadmissionpolicies' };

export class ValidatingAdmissionPolicyStatusController {
  private readonly loop?: ResyncLoop;
  private readonly checker: TypeChecker;

  constructor(private readonly cc: ControllerContext, private readonly log: Logger) {
    this.checker = new TypeChecker(cc.registry);
    const store = cc.registry.storeFor(GR);
    if (store) this.loop = new ResyncLoop('validatingadmissionpolicy-status', cc.informers.for(store), () => this.reconcileAll(), log, 1000);
  }

  start(): void {
    void this.loop?.start();
  }

  stop(): void {
    this.loop?.stop();
  }

  private async reconcileAll(): Promise<boolean> {
    const store = this.cc.registry.storeFor(GR);
    if (!store) return false;
    let pending = false;
    for (const policy of (await store.list('')).items) {
      const generation = policy.metadata?.generation ?? 0;
      if (generation <= ((policy.status as { observedGeneration?: number } | undefined)?.observedGeneration ?? 0)) continue;
      try {
        await this.reconcile(policy);
      } catch (err) {
        this.log.warn({ err, policy: policy.metadata?.name }, 'type checking of a ValidatingAdmissionPolicy failed; retrying');
        pending = true;
      }
    }
    return pending;
  }

  private async reconcile(policy: KubeObject): Promise<void> {
    const store = this.cc.registry.storeFor(GR)!;
    const generation = policy.metadata?.generation ?? 0;
    const warnings = this.checker.check(policy);
    await store.mutate('', policy.metadata?.name ?? '', (current) => {
      // Checked against an older spec: the next event brings the newer one.
      if ((current.metadata?.generation ?? 0) !== generation) return undefined;
      const typeChecking = warnings.length ? { expressionWarnings: warnings } : {};
      return { ...current, status: { ...(current.status ?? {}), observedGeneration: generation, typeChecking } };
    });
  }
}
