// The MutatingAdmissionPolicy admission plug-in (kube 1.33's mutating policy dispatcher, alpha, behind the
// MutatingAdmissionPolicy gate): for CREATE, UPDATE and CONNECT, each policy whose matchConstraints match, each of
// its bindings whose matchResources match and each param the binding selects — one invocation — runs the policy's
// matchConditions and then its mutations in order on the object as the matched version shows it, re-defaulting
// after each. Errors (configuration, evaluation, patching) are collected and, unless the policy's failurePolicy is
// Ignore, refuse the request with kube's text. IfNeeded policies run once more when a later invocation changed the
// object.
import type { KObject, KubeObject } from '../../api/object.js';
import type { CompiledMutatingPolicy } from '../../cel/mutating-admission-policy.js';
import { jsonValue, RUNTIME_CEL_COST_BUDGET } from '../../cel/index.js';
import { forbidden, StatusError } from '../../errors/status.js';
import { customResourceType, builtinObjectType } from '../../apply/schema-types.js';
import type { MergeType } from '../../apply/merge-type.js';
import { hasObject, type AdmissionAttributes, type AdmissionOperation } from '../../registry/admission.js';
import type { ResourceRegistry } from '../../registry/resource-registry.js';
import type { AdmissionPlugin } from '../chain.js';
import { requestAuthorizerOf, type RequestAuthorizer } from '../request-authorizer.js';
import type { Invocation } from '../webhooks/admission-review.js';
import { applyMutation } from './apply-mutation.js';
import { Group, matchConditions } from './evaluate.js';
import type { GVK, GVR, MatchingEnv } from './matching.js';
import { policyInputs } from './policy-inputs.js';
import type { PolicyHook, PolicyHookSource } from './validating-admission-policy.js';
import { dispatchPolicies, policyMatchingEnv } from './dispatch.js';

const GROUP = 'admissionregistration.k8s.io';
const EXEMPT = new Set(['validatingadmissionpolicies', 'validatingadmissionpolicybindings', 'mutatingadmissionpolicies', 'mutatingadmissionpolicybindings']);

/** Version conversion and re-defaulting of the matched version (shared with the webhooks). */
export interface VersionedObjects {
  versioned(a: AdmissionAttributes, inv: Invocation): { object?: KObject };
  unversion(a: AdmissionAttributes, inv: Invocation, object: KObject): KObject;
  redefault(inv: Invocation, object: KObject): void;
  /** A sub-resource with a kind of its own (scale) as its own object; `writeBack` carries changes to the stored one. */
  subresourceView(a: AdmissionAttributes): { attrs: AdmissionAttributes; writeBack?: (changed: KObject) => void };
}

export interface MutatingPolicyDeps {
  registry: ResourceRegistry;
  getNamespace(name: string): Promise<KubeObject | undefined>;
  source: PolicyHookSource<CompiledMutatingPolicy>;
  versions: VersionedObjects;
}

type Hook = PolicyHook<CompiledMutatingPolicy>;

interface PolicyError { policy: string; binding?: string; message: string; reason?: string; failurePolicy: string }

interface Invoke {
  hook: Hook;
  binding: string;
  param: KubeObject | null;
  resource: GVR;
  kind: GVK;
  key: string;
}

export class MutatingAdmissionPolicyPlugin implements AdmissionPlugin {
  readonly name = 'MutatingAdmissionPolicy';
  readonly operations = new Set<AdmissionOperation>(['CREATE', 'UPDATE', 'CONNECT']);
  private readonly env: MatchingEnv;

  constructor(private readonly deps: MutatingPolicyDeps) {
    this.env = policyMatchingEnv(deps.registry, deps.getNamespace);
  }

  start(): Promise<void> {
    return this.deps.source.start();
  }

  stop(): void {
    this.deps.source.stop();
  }

  async admit(request: AdmissionAttributes): Promise<void> {
    if (request.resource.group === GROUP && EXEMPT.has(request.resource.resource)) return;
    if (!hasObject(request)) return;
    await this.deps.source.start();
    const hooks = this.deps.source.hooks();
    if (hooks.length === 0) return;
    const { attrs: a, writeBack } = this.deps.versions.subresourceView(request);
    if (!a.object) return;
    const errors: PolicyError[] = [];
    const invocations = await this.invocations(a, hooks, errors);
    if (invocations.length > 0) {
      const authz = requestAuthorizerOf(a.context);
      const original = structuredClone(a.object);
      // An authorizer that answers asynchronously (a webhook) is asked between evaluations: run again once answered.
      for (;;) {
        const runErrors: PolicyError[] = [];
        const result = await this.run(a, original, invocations, authz, runErrors);
        if (authz && (await authz.settle())) continue;
        errors.push(...runErrors);
        if (result !== original) {
          if (writeBack) writeBack(result);
          else {
            // The store holds on to the request's object: change it in place.
            for (const k of Object.keys(a.object)) delete (a.object as KObject)[k];
            Object.assign(a.object, result);
          }
        }
        break;
      }
    }
    this.report(a, errors);
  }

  /** kube's generic dispatcher: the (policy, binding, param) triples that match, and configuration errors. */
  private async invocations(a: AdmissionAttributes, hooks: Hook[], errors: PolicyError[]): Promise<Invoke[]> {
    const out: Invoke[] = [];
    await dispatchPolicies(a, hooks, this.deps.registry, this.env, {
      configError: (hook, binding, e) => {
        const message = `failed to configure ${binding === undefined ? 'policy' : 'binding'}: ${(e as Error).message}`;
        errors.push({ policy: hook.policy.metadata?.name ?? '', binding, message, failurePolicy: hook.compiled.failurePolicy });
      },
      binding: ({ hook, binding, params, resource, kind }) => {
        const policy = hook.policy.metadata?.name ?? '';
        for (const param of params) {
          const paramKey = param ? `${param.metadata?.namespace ?? ''}/${param.metadata?.name ?? ''}` : '';
          out.push({ hook, binding, param, resource, kind, key: `${policy}\u0000${binding}\u0000${paramKey}` });
        }
      },
    });
    return out;
  }

  /** Runs the invocations (and the reinvocation round) on a copy of `original`; returns the resulting object. */
  private async run(a: AdmissionAttributes, original: KubeObject, invocations: Invoke[], authz: RequestAuthorizer | undefined, errors: PolicyError[]): Promise<KubeObject> {
    let current: KubeObject = original;
    const nsName = a.kind.group === '' && a.kind.version === 'v1' && a.kind.kind === 'Namespace' ? '' : a.namespace;
    let namespace: KubeObject | undefined;
    if (nsName && invocations.some((i) => i.hook.compiled.usesNamespace)) {
      namespace = await this.deps.getNamespace(nsName);
      if (!namespace) throw new StatusError({ code: 404, reason: 'NotFound', message: `namespaces "${nsName}" not found`, details: { name: nsName, kind: 'namespaces' } });
    }
    // kube's policy reinvocation context.
    let previouslyInvoked = new Set<string>();
    const reinvoke = new Set<string>();
    const requireReinvoking = () => {
      for (const k of previouslyInvoked) reinvoke.add(k);
      previouslyInvoked = new Set();
    };
    for (let round = 0; round < 2; round++) {
      if (round === 1 && reinvoke.size === 0) break;
      for (const inv of invocations) {
        if (round === 1 && !reinvoke.has(inv.key)) continue;
        const policy = inv.hook.policy.metadata?.name ?? '';
        const compiled = inv.hook.compiled;
        const failurePolicy = compiled.failurePolicy;
        const invocation: Invocation = { resource: inv.resource, subresource: a.subresource, kind: inv.kind };
        const attrs: AdmissionAttributes = { ...a, object: current };
        let versioned = this.deps.versions.versioned(attrs, invocation).object as KubeObject | undefined;
        if (!versioned) continue;
        const inputs = (obj: KubeObject) => ({
          ...policyInputs(this.deps.registry, attrs, inv.resource, inv.kind, namespace, authz, obj),
          params: compiled.hasParams ? (inv.param ? jsonValue(inv.param) : null) : undefined,
        });
        const mc = matchConditions(compiled, inputs(versioned));
        if (mc.error !== undefined) {
          errors.push({ policy, binding: inv.binding, message: mc.error, reason: 'Invalid', failurePolicy });
          continue;
        }
        if (!mc.matches) continue;
        const before = versioned;
        const mergeType = this.mergeTypeFor(inv.resource);
        for (const m of compiled.mutations) {
          const group = new Group(compiled, inputs(versioned), true, RUNTIME_CEL_COST_BUDGET);
          const outcome = applyMutation(m, group, versioned, mergeType?.type);
          if ('error' in outcome) {
            errors.push({ policy, binding: inv.binding, message: outcome.error, reason: 'Invalid', failurePolicy });
            continue;
          }
          if (outcome.object === versioned) continue;
          this.deps.versions.redefault(invocation, outcome.object);
          versioned = outcome.object as KubeObject;
        }
        if (versioned !== before && JSON.stringify(versioned) !== JSON.stringify(before)) {
          requireReinvoking();
          current = this.deps.versions.unversion(attrs, invocation, versioned) as KubeObject;
        }
        if (compiled.reinvocationPolicy === 'IfNeeded' && round === 0) previouslyInvoked.add(inv.key);
      }
    }
    return current;
  }

  private mergeTypeFor(gvr: GVR): { type: MergeType | undefined } | undefined {
    const served = this.deps.registry.lookup(gvr);
    if (!served) return undefined;
    const custom = served.store.customSchema();
    return { type: custom === undefined ? builtinObjectType(served.def) : customResourceType(custom.schema) };
  }

  /** kube's generic dispatcher's refusal: the first error that the failure policy does not ignore. */
  private report(a: AdmissionAttributes, errors: PolicyError[]): void {
    const failing = errors.filter((e) => e.failurePolicy !== 'Ignore');
    if (failing.length === 0) return;
    const text = (e: PolicyError) => (e.binding !== undefined
      ? `policy '${e.policy}' with binding '${e.binding}' denied request: ${e.message}`
      : `policy ${JSON.stringify(e.policy)} denied request: ${e.message}`);
    const name = a.name || a.object?.metadata?.name || a.object?.metadata?.generateName || 'Unknown';
    const err: StatusError = forbidden({ group: a.resource.group, resource: a.resource.resource }, name, text(failing[0]));
    err.status.message = text(failing[0]);
    if (failing[0].reason) err.status.reason = failing[0].reason;
    err.status.details = { ...err.status.details, causes: failing.map((e) => ({ message: text(e) })) };
    throw err;
  }
}
