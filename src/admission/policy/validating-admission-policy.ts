// The ValidatingAdmissionPolicy admission plug-in (kube's validating policy dispatcher): for every write, each
// policy whose matchConstraints match, each of its bindings whose matchResources match, each param the binding
// selects, the policy's validations; Deny refuses the request with kube's text, Warn adds a Warning header, Audit
// adds the `validation.policy.admission.k8s.io/validation_failure` audit annotation; audit annotations are
// published as `<policy>/<key>`. Configuration errors (unknown paramKind, missing params, ...) follow the policy's
// failure policy.
import type { KubeObject } from '../../api/object.js';
import { jsonValue } from '../../cel/index.js';
import { forbidden, StatusError } from '../../errors/status.js';
import { requestAuthorizerOf, type RequestAuthorizer } from '../request-authorizer.js';
import type { AdmissionAttributes, AdmissionOperation } from '../../registry/admission.js';
import type { ResourceRegistry } from '../../registry/resource-registry.js';
import type { AdmissionPlugin } from '../chain.js';
import { validate, type ValidateResult } from './evaluate.js';
import type { MatchingEnv } from './matching.js';
import { policyInputs } from './policy-inputs.js';
import { dispatchPolicies, policyMatchingEnv } from './dispatch.js';

export type { BindingSpec, PolicyHook, PolicyHookSource } from './policy-hooks.js';
import type { BindingSpec, PolicyHook, PolicyHookSource } from './policy-hooks.js';

const GROUP = 'admissionregistration.k8s.io';
const EXEMPT = new Set(['validatingadmissionpolicies', 'validatingadmissionpolicybindings', 'mutatingadmissionpolicies', 'mutatingadmissionpolicybindings']);
const MAX_AUDIT_ANNOTATION_VALUE = 10 * 1024;
export const VALIDATION_FAILURE_ANNOTATION = 'validation.policy.admission.k8s.io/validation_failure';

export interface ValidatingPolicyDeps {
  registry: ResourceRegistry;
  getNamespace(name: string): Promise<KubeObject | undefined>;
  /** The policies and bindings in force. */
  source: PolicyHookSource;
}

interface Denial { policy: string; binding?: string; message: string; reason?: string }


/** kube's reasonToCode: the status code of a denial's reason. */
function reasonCode(reason: string): number {
  switch (reason) {
    case 'Forbidden': return 403;
    case 'Unauthorized': return 401;
    case 'RequestEntityTooLarge': return 413;
    default: return 422;
  }
}


export class ValidatingAdmissionPolicyPlugin implements AdmissionPlugin {
  readonly name = 'ValidatingAdmissionPolicy';
  readonly operations = new Set<AdmissionOperation>(['CREATE', 'UPDATE', 'DELETE', 'CONNECT']);
  readonly source: PolicyHookSource;
  private readonly env: MatchingEnv;

  constructor(private readonly deps: ValidatingPolicyDeps) {
    this.source = deps.source;
    this.env = policyMatchingEnv(deps.registry, deps.getNamespace);
  }

  /** Follows policies and bindings (call once the stores are registered). */
  start(): Promise<void> {
    return this.source.start();
  }

  stop(): void {
    this.source.stop();
  }

  async validate(a: AdmissionAttributes): Promise<void> {
    if (a.resource.group === GROUP && EXEMPT.has(a.resource.resource)) return;
    await this.source.start();
    const hooks = this.source.hooks();
    if (hooks.length === 0) return;
    const authz = requestAuthorizerOf(a.context);
    // An authorizer that answers asynchronously (a webhook) is asked between evaluations: run again once answered.
    for (;;) {
      const outcome = await this.dispatch(a, hooks, authz);
      if (!authz || !(await authz.settle())) {
        this.report(a, outcome);
        return;
      }
    }
  }

  private async dispatch(a: AdmissionAttributes, hooks: PolicyHook[], authz: RequestAuthorizer | undefined): Promise<Outcome> {
    const out: Outcome = { denials: [], warnings: [], annotations: {} };
    const configError = (hook: PolicyHook, binding: string | undefined, err: unknown) => {
      if (hook.compiled.failurePolicy === 'Ignore') return;
      const detail = err instanceof Error ? err.message : String(err);
      const message = hook.compiled.failurePolicy === 'Fail'
        ? `failed to configure ${binding === undefined ? 'policy' : 'binding'}: ${detail}`
        : `unrecognized failure policy: '${hook.compiled.failurePolicy}'`;
      out.denials.push({ policy: hook.policy.metadata?.name ?? '', binding, message });
    };
    // A policy's published audit annotations, `<policy>/<key>`, once all its bindings ran.
    let collected = new Map<string, string[]>();
    await dispatchPolicies(a, hooks, this.deps.registry, this.env, {
      configError,
      binding: async ({ hook, binding, spec, params, resource, kind }) => {
        if (params.length === 0) return;
        const nsName = a.kind.group === '' && a.kind.version === 'v1' && a.kind.kind === 'Namespace' ? '' : a.namespace;
        const namespace = nsName && hook.compiled.usesNamespace ? await this.deps.getNamespace(nsName) : undefined;
        const base = policyInputs(this.deps.registry, a, resource, kind, namespace, authz);
        for (const param of params) {
          const result = validate(hook.compiled, { ...base, params: param ? jsonValue(param) : null });
          this.collect(out, result, hook.policy.metadata?.name ?? '', binding, spec, collected);
        }
      },
      policyDone: (hook) => {
        for (const [key, values] of collected) out.annotations[`${hook.policy.metadata?.name ?? ''}/${key}`] = values.join(', ');
        collected = new Map();
      },
    });
    return out;
  }

  private collect(out: Outcome, result: ValidateResult, policy: string, binding: string, spec: BindingSpec, collected: Map<string, string[]>): void {
    result.decisions.forEach((d, i) => {
      if (d.action !== 'deny') return;
      for (const action of spec.validationActions ?? []) {
        if (action === 'Deny') out.denials.push({ policy, binding, message: d.message, reason: d.reason });
        else if (action === 'Warn') out.warnings.push(`Validation failed for ValidatingAdmissionPolicy '${policy}' with binding '${binding}': ${d.message}`);
        else if (action === 'Audit' && !(VALIDATION_FAILURE_ANNOTATION in out.annotations)) {
          // Like kube's AddAnnotation, the first failure keeps the key.
          out.annotations[VALIDATION_FAILURE_ANNOTATION] = JSON.stringify([
            { message: d.message, policy: spec.policyName ?? '', binding, expressionIndex: i, validationActions: spec.validationActions ?? [] },
          ]);
        }
      }
    });
    for (const r of result.auditAnnotations) {
      if (r.action === 'publish') {
        const value = r.value.length > MAX_AUDIT_ANNOTATION_VALUE ? r.value.slice(0, MAX_AUDIT_ANNOTATION_VALUE) : r.value;
        const values = collected.get(r.key) ?? [];
        if (!values.includes(value)) collected.set(r.key, [...values, value]);
      } else if (r.action === 'error') {
        out.denials.push({ policy, binding, message: r.error });
      }
    }
  }

  private report(a: AdmissionAttributes, out: Outcome): void {
    a.context.warnings.push(...out.warnings);
    if (Object.keys(out.annotations).length > 0) {
      const target = (a.context.auditAnnotations ??= {});
      for (const [k, v] of Object.entries(out.annotations)) if (!(k in target)) target[k] = v;
    }
    const d = out.denials[0];
    if (!d) return;
    const message = d.binding !== undefined
      ? `ValidatingAdmissionPolicy '${d.policy}' with binding '${d.binding}' denied request: ${d.message}`
      : `ValidatingAdmissionPolicy '${d.policy}' denied request: ${d.message}`;
    const name = a.name || a.object?.metadata?.name || a.object?.metadata?.generateName || 'Unknown';
    const err: StatusError = forbidden({ group: a.resource.group, resource: a.resource.resource }, name, message);
    const reason = d.reason || 'Invalid';
    err.status.reason = reason;
    err.status.code = reasonCode(reason);
    err.status.details = { ...err.status.details, causes: [{ message }] };
    throw err;
  }
}


interface Outcome {
  denials: Denial[];
  warnings: string[];
  annotations: Record<string, string>;
}
