// What both policy plug-ins (validating and mutating) do before they evaluate anything — kube's generic policy
// dispatcher: for each policy whose matchConstraints match the request, its paramKind's resource; for each of its
// bindings whose matchResources match, the params the binding selects. Configuration errors go to the caller, which
// words them and applies the policy's failure policy.
import type { KubeObject } from '../../api/object.js';
import type { AdmissionAttributes } from '../../registry/admission.js';
import type { ResourceRegistry } from '../../registry/resource-registry.js';
import { matches, type GVK, type GVR, type MatchingEnv, type MatchResources } from './matching.js';
import { collectParams, paramResourceOf, type ParamResource } from './policy-inputs.js';
import type { BindingSpec, PolicyHook } from './policy-hooks.js';

/**
 * The matching environment of a plug-in: namespaces, and the served versions of each group-resource (matchPolicy
 * Equivalent), kept until what is served changes (CRDs).
 */
export function policyMatchingEnv(registry: ResourceRegistry, getNamespace: MatchingEnv['getNamespace']): MatchingEnv {
  const equivalents = new Map<string, { resource: GVR; kind: GVK }[]>();
  registry.onChange?.(() => equivalents.clear());
  return {
    getNamespace,
    equivalents: (gvr) => {
      const key = `${gvr.group}/${gvr.resource}`;
      let hit = equivalents.get(key);
      if (!hit) {
        hit = registry.all()
          .filter((r) => r.group === gvr.group && r.resource === gvr.resource)
          .map((r) => ({ resource: { group: r.group, version: r.version, resource: r.resource }, kind: { group: r.group, version: r.version, kind: r.kind } }));
        equivalents.set(key, hit);
      }
      return hit;
    },
  };
}

/** One binding of a matching policy, with what it matched and the params it selects. */
export interface BindingMatch<C> {
  hook: PolicyHook<C>;
  binding: string;
  spec: BindingSpec;
  params: (KubeObject | null)[];
  resource: GVR;
  kind: GVK;
}

export interface PolicyDispatch<C> {
  /** A policy (`binding` undefined) or binding that could not be configured for this request. */
  configError(hook: PolicyHook<C>, binding: string | undefined, err: unknown): void;
  /** A matching binding, in policy then binding order; awaited before the next one is matched. */
  binding(m: BindingMatch<C>): Promise<void> | void;
  /** Every binding of a matching policy has been handed over. */
  policyDone?(hook: PolicyHook<C>): void;
}

/** Walks the policies and bindings that apply to `a` (kube's generic dispatcher), in order. */
export async function dispatchPolicies<C>(a: AdmissionAttributes, hooks: PolicyHook<C>[], registry: ResourceRegistry, env: MatchingEnv, to: PolicyDispatch<C>): Promise<void> {
  for (const hook of hooks) {
    const constraints = hook.policy.spec?.matchConstraints as MatchResources | undefined;
    let match;
    try {
      if (!constraints) throw new Error('policy contained no match constraints, a required field');
      match = await matches(constraints, a, env);
    } catch (e) {
      to.configError(hook, undefined, e);
      continue;
    }
    if (!match.matches) continue;
    const paramKind = hook.policy.spec?.paramKind;
    let paramResource: ParamResource | undefined;
    if (paramKind) {
      const r = paramResourceOf(registry, paramKind);
      if (typeof r === 'string') {
        to.configError(hook, undefined, new Error(r));
        continue;
      }
      paramResource = r;
    }
    for (const b of hook.bindings) {
      const binding = b.metadata?.name ?? '';
      const spec = (b.spec ?? {}) as BindingSpec;
      let params: (KubeObject | null)[];
      try {
        if (spec.matchResources && !(await matches(spec.matchResources as MatchResources, a, env)).matches) continue;
        params = await collectParams(registry, paramResource, spec.paramRef ?? undefined, a.namespace);
      } catch (e) {
        to.configError(hook, binding, e);
        continue;
      }
      await to.binding({ hook, binding, spec, params, resource: match.resource, kind: match.kind });
    }
    to.policyDone?.(hook);
  }
}
