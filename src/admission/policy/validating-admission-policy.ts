// The ValidatingAdmissionPolicy admission plug-in (kube's validating policy dispatcher): for every write, each
// policy whose matchConstraints match, each of its bindings whose matchResources match, each param the binding
// selects, the policy's validations; Deny refuses the request with kube's text, Warn adds a Warning header, Audit
// adds the `validation.policy.admission.k8s.io/validation_failure` audit annotation; audit annotations are
// published as `<policy>/<key>`. Configuration errors (unknown paramKind, missing params, ...) follow the policy's
// failure policy.
import type { KubeObject } from '../../api/object.js';
import { admissionRequestType, authorizerValue, jsonValue, namespaceType, requestResourceCheck, schemaValue } from '../../cel/index.js';
import { forbidden, StatusError } from '../../errors/status.js';
import { RequestAuthorizer } from '../request-authorizer.js';
import type { AdmissionAttributes, AdmissionOperation } from '../../registry/admission.js';
import type { ResourceRegistry } from '../../registry/resource-registry.js';
import { labelSelectorFromMetaV1, type LabelSelectorV1 } from '../../selection/label-selector.js';
import type { AdmissionPlugin } from '../chain.js';
import type { CompiledPolicy, PolicySpec } from '../../cel/admission-policy.js';
import { validate, type ValidateResult } from './evaluate.js';
import { matches, type GVK, type GVR, type MatchingEnv, type MatchResources } from './matching.js';

// What the plug-in evaluates: each policy with its bindings and its compiled form, from a source that keeps them
// current (controllers/admission-policy-source.ts follows them through the informers).
export interface BindingSpec {
  policyName?: string;
  paramRef?: { name?: string; namespace?: string; selector?: unknown; parameterNotFoundAction?: string } | null;
  matchResources?: Record<string, unknown> | null;
  validationActions?: string[];
}

export interface PolicyHook {
  policy: KubeObject & { spec?: PolicySpec };
  bindings: (KubeObject & { spec?: BindingSpec })[];
  compiled: CompiledPolicy;
}

export interface PolicyHookSource {
  /** Resolves once the source has read every policy and binding. */
  start(): Promise<void>;
  stop(): void;
  /** Every policy that has bindings, in policy-name order. */
  hooks(): PolicyHook[];
}

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

const REQUEST_TYPE = admissionRequestType();
const NAMESPACE_TYPE = namespaceType();

/** kube's reasonToCode: the status code of a denial's reason. */
function reasonCode(reason: string): number {
  switch (reason) {
    case 'Forbidden': return 403;
    case 'Unauthorized': return 401;
    case 'RequestEntityTooLarge': return 413;
    default: return 422;
  }
}

function parseApiVersion(apiVersion: string): { group: string; version: string } | undefined {
  const parts = apiVersion.split('/');
  if (parts.length === 1) return { group: '', version: parts[0] };
  if (parts.length === 2) return { group: parts[0], version: parts[1] };
  return undefined;
}

export class ValidatingAdmissionPolicyPlugin implements AdmissionPlugin {
  readonly name = 'ValidatingAdmissionPolicy';
  readonly operations = new Set<AdmissionOperation>(['CREATE', 'UPDATE', 'DELETE', 'CONNECT']);
  readonly source: PolicyHookSource;
  private readonly env: MatchingEnv;

  constructor(private readonly deps: ValidatingPolicyDeps) {
    this.source = deps.source;
    this.env = {
      getNamespace: deps.getNamespace,
      equivalents: (gvr) => {
        const key = `${gvr.group}/${gvr.resource}`;
        let hit = this.equivalents.get(key);
        if (!hit) {
          hit = deps.registry.all()
            .filter((r) => r.group === gvr.group && r.resource === gvr.resource)
            .map((r) => ({ resource: { group: r.group, version: r.version, resource: r.resource }, kind: { group: r.group, version: r.version, kind: r.kind } }));
          this.equivalents.set(key, hit);
        }
        return hit;
      },
    };
    // What is served changes with CRDs: forget what was derived from it.
    deps.registry.onChange?.(() => this.equivalents.clear());
  }

  /** Served versions of each group-resource (matchPolicy Equivalent), kept until the registry changes. */
  private readonly equivalents = new Map<string, { resource: GVR; kind: GVK }[]>();

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
    const authz = a.context.authorizer ? new RequestAuthorizer(a.context.authorizer) : undefined;
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
    for (const hook of hooks) {
      const policyName = hook.policy.metadata?.name ?? '';
      const constraints = hook.policy.spec?.matchConstraints as MatchResources | undefined;
      let match;
      try {
        if (!constraints) throw new Error('policy contained no match constraints, a required field');
        match = await matches(constraints, a, this.env);
      } catch (e) {
        configError(hook, undefined, e);
        continue;
      }
      if (!match.matches) continue;
      const paramKind = hook.policy.spec?.paramKind;
      let paramResource: ReturnType<typeof this.paramResource>;
      if (paramKind) {
        paramResource = this.paramResource(paramKind);
        if (typeof paramResource === 'string') {
          configError(hook, undefined, new Error(paramResource));
          continue;
        }
      }
      const collected = new Map<string, string[]>();
      for (const binding of hook.bindings) {
        const bindingName = binding.metadata?.name ?? '';
        const spec = (binding.spec ?? {}) as BindingSpec;
        try {
          if (spec.matchResources && !(await matches(spec.matchResources as MatchResources, a, this.env)).matches) continue;
        } catch (e) {
          configError(hook, bindingName, e);
          continue;
        }
        let params: (KubeObject | null)[];
        try {
          params = await this.collectParams(paramKind ? paramResource! as ParamResource : undefined, spec.paramRef ?? undefined, a.namespace);
        } catch (e) {
          configError(hook, bindingName, e);
          continue;
        }
        if (params.length === 0) continue;
        const nsName = a.kind.group === '' && a.kind.version === 'v1' && a.kind.kind === 'Namespace' ? '' : a.namespace;
        const namespace = nsName && hook.compiled.usesNamespace ? await this.deps.getNamespace(nsName) : undefined;
        const base = this.inputs(a, match.resource, match.kind, namespace, authz);
        for (const param of params) {
          const result = validate(hook.compiled, { ...base, params: param ? jsonValue(param) : null });
          this.collect(out, result, policyName, bindingName, spec, collected);
        }
      }
      for (const [key, values] of collected) out.annotations[`${policyName}/${key}`] = values.join(', ');
    }
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

  private inputs(a: AdmissionAttributes, resource: GVR, kind: GVK, namespace: KubeObject | undefined, authz: RequestAuthorizer | undefined) {
    const req = a.context.request;
    const requestResource = req ? { group: req.group, version: req.version, resource: req.resource } : a.resource;
    const requestKind = req ? this.kindOf(requestResource) ?? a.kind : a.kind;
    const user = a.user;
    const userInfo: Record<string, unknown> = { username: user?.name ?? '' };
    if (user?.uid) userInfo.uid = user.uid;
    if (user?.groups?.length) userInfo.groups = user.groups;
    if (user?.extra && Object.keys(user.extra).length) userInfo.extra = user.extra;
    const request = {
      kind, resource, subResource: a.subresource, requestKind, requestResource, requestSubResource: a.subresource,
      name: a.name || a.object?.metadata?.name || '', namespace: a.namespace, operation: a.operation, userInfo, dryRun: a.dryRun,
      options: a.options ?? null,
    };
    let authorizer: unknown;
    let requestResourceValue: unknown;
    if (authz) {
      authorizer = authorizerValue(user ?? { name: '', groups: [] }, authz);
      requestResourceValue = requestResourceCheck(authorizer as ReturnType<typeof authorizerValue>, {
        group: requestResource.group, resource: requestResource.resource, subresource: a.subresource, namespace: a.namespace, name: a.name,
      });
    }
    return {
      object: a.operation === 'DELETE' ? null : jsonValue(a.object ?? null),
      oldObject: jsonValue(a.oldObject ?? null),
      request: schemaValue(request, REQUEST_TYPE),
      namespaceObject: namespace ? schemaValue(namespaceForCel(namespace), NAMESPACE_TYPE) : null,
      authorizer,
      requestResource: requestResourceValue,
    };
  }

  private kindOf(gvr: GVR): GVK | undefined {
    const r = this.deps.registry.lookup(gvr);
    return r ? { group: gvr.group, version: gvr.version, kind: r.def.kind } : undefined;
  }

  /** The served resource of a paramKind, or kube's error text. */
  private paramResource(paramKind: { apiVersion?: string; kind?: string }): ParamResource | string {
    const gv = parseApiVersion(paramKind.apiVersion ?? '');
    const gvkText = `${gv ? `${gv.group}/${gv.version}` : paramKind.apiVersion}, Kind=${paramKind.kind ?? ''}`;
    if (!gv) return `failed to parse paramKind APIVersion: unexpected GroupVersion string: ${paramKind.apiVersion}`;
    const def = this.deps.registry.all().find((r) => r.group === gv.group && r.version === gv.version && r.kind === paramKind.kind && !r.resource.includes('/'));
    if (!def) return `failed to find resource referenced by paramKind: '${gvkText}'`;
    return { group: def.group, resource: def.resource, namespaced: def.namespaced };
  }

  /** kube's CollectParams: the params a binding selects (one null when the policy or binding uses none). */
  private async collectParams(kind: ParamResource | undefined, ref: BindingSpec['paramRef'] | undefined, namespace: string): Promise<(KubeObject | null)[]> {
    if (!kind || !ref) return [null];
    const store = this.deps.registry.storeFor(kind);
    if (!store) throw new Error(`paramKind kind \`${kind.resource}\` not known`);
    let ns = '';
    if (kind.namespaced) {
      ns = ref.namespace || namespace;
      if (!ns) throw new Error('cannot use namespaced paramRef in policy binding that matches cluster-scoped resources');
    } else if (ref.namespace) {
      throw new Error('paramRef.namespace must not be provided for a cluster-scoped `paramKind`');
    }
    let params: KubeObject[];
    if (ref.name) {
      if (ref.selector) throw new Error('paramRef.name and paramRef.selector are mutually exclusive');
      const p = await this.deps.registry.getObject(kind, ns, ref.name, { consistent: false });
      params = p ? [p] : [];
    } else if (ref.selector) {
      const selector = labelSelectorFromMetaV1(ref.selector as LabelSelectorV1);
      const page = await store.list(ns);
      params = page.items.filter((o) => selector.matches((o.metadata?.labels ?? {}) as Record<string, string>));
    } else {
      throw new Error('one of name or selector must be provided');
    }
    if (params.length === 0 && ref.parameterNotFoundAction === 'Deny') throw new Error('no params found for policy binding with `Deny` parameterNotFoundAction');
    return params;
  }
}

interface ParamResource { group: string; resource: string; namespaced: boolean }

interface Outcome {
  denials: Denial[];
  warnings: string[];
  annotations: Record<string, string>;
}

/** The namespace as CEL sees it: metadata limited to kube's fields, spec and status. */
function namespaceForCel(ns: KubeObject): Record<string, unknown> {
  const m = ns.metadata ?? {};
  const metadata: Record<string, unknown> = {};
  for (const k of ['name', 'generateName', 'namespace', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'finalizers']) {
    const v = (m as Record<string, unknown>)[k];
    if (v !== undefined) metadata[k] = v;
  }
  return { metadata, spec: ns.spec ?? {}, status: ns.status ?? {} };
}
