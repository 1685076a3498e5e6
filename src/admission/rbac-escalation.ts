// Escalation prevention on writes of Roles, ClusterRoles, RoleBindings and ClusterRoleBindings (auth.md §7.4).
// kube checks in the RBAC storage before admission; kubelite runs the same check as the first step of admission,
// which the store calls at the same point. system:masters and the `escalate` / `bind` verbs skip the check;
// writes the server makes itself (no user) are not checked.
import type { Attributes, Authorizer } from '../authz/authorizer.js';
import { escalationMessage, FULL_AUTHORITY } from '../authz/rbac/escalation.js';
import type { RuleResolver } from '../authz/rbac/rule-resolver.js';
import type { PolicyRule } from '../authz/rbac/rules.js';
import { forbidden, notFound } from '../errors/status.js';
import type { UserInfo } from '../http/request-context.js';
import type { AdmissionAttributes, AdmissionOperation } from '../registry/admission.js';
import type { KObject } from '../api/object.js';
import type { AdmissionPlugin } from './chain.js';

const RBAC = 'rbac.authorization.k8s.io';

export interface EscalationDeps {
  authorizer: Authorizer;
  resolver: RuleResolver;
  /** A consistent read of a Role or ClusterRole (kube reads roles from storage here, not from the informer). */
  getRole(resource: 'roles' | 'clusterroles', namespace: string, name: string): Promise<KObject | undefined>;
}

export class RbacEscalationCheck implements AdmissionPlugin {
  readonly name = 'RBACEscalation';
  readonly operations = new Set<AdmissionOperation>(['CREATE', 'UPDATE']);
  readonly resources = [['rbac.authorization.k8s.io', '*']] as const;

  constructor(private readonly deps: EscalationDeps) {}

  async admit(a: AdmissionAttributes): Promise<void> {
    if (a.resource.group !== RBAC || a.subresource || !a.object || !a.user) return;
    const user = a.user;
    if (user.groups.includes('system:masters')) return;
    const kind = a.resource.resource;
    if (kind === 'roles' || kind === 'clusterroles') return this.checkRole(a, user, kind);
    if (kind === 'rolebindings' || kind === 'clusterrolebindings') return this.checkBinding(a, user, kind);
  }

  private async allowed(attrs: Attributes): Promise<boolean> {
    return (await this.deps.authorizer.authorize(attrs)).decision === 'allow';
  }

  private async checkRole(a: AdmissionAttributes, user: UserInfo, resource: 'roles' | 'clusterroles'): Promise<void> {
    const req = a.context.request;
    const escalate: Attributes = {
      user,
      verb: 'escalate',
      isResourceRequest: true,
      path: '',
      namespace: req?.namespace ?? a.namespace,
      apiGroup: RBAC,
      apiVersion: '*',
      resource,
      subresource: '',
      name: req?.name ?? a.name,
    };
    if (await this.allowed(escalate)) return;
    const obj = a.object!;
    if (a.operation === 'UPDATE' && a.oldObject && onlyGCFieldsChange(obj, a.oldObject)) return;
    const gr = { group: RBAC, resource };
    const name: string = obj.metadata?.name ?? '';
    const owner = this.deps.resolver.rulesFor(user, a.namespace);
    const msg = escalationMessage(user, owner, (obj.rules ?? []) as PolicyRule[]);
    if (msg) throw forbidden(gr, name, msg);
    if (resource === 'clusterroles' && (obj.aggregationRule || (a.operation === 'UPDATE' && a.oldObject?.aggregationRule))) {
      if (escalationMessage(user, owner, FULL_AUTHORITY)) throw forbidden(gr, name, 'must have cluster-admin privileges to use the aggregationRule');
    }
  }

  private async checkBinding(a: AdmissionAttributes, user: UserInfo, resource: 'rolebindings' | 'clusterrolebindings'): Promise<void> {
    const obj = a.object!;
    const ref = obj.roleRef ?? {};
    const namespace = resource === 'rolebindings' ? a.namespace : '';
    const roleResource = ref.kind === 'Role' ? 'roles' : 'clusterroles';
    const bind: Attributes = {
      user,
      verb: 'bind',
      isResourceRequest: true,
      path: '',
      namespace,
      apiGroup: ref.apiGroup ?? '',
      apiVersion: '',
      resource: roleResource,
      subresource: '',
      name: ref.name ?? '',
    };
    if (ref.kind === 'Role' || ref.kind === 'ClusterRole') {
      if (await this.allowed(bind)) return;
    }
    if (a.operation === 'UPDATE' && a.oldObject && onlyGCFieldsChange(obj, a.oldObject)) return;
    let rules: PolicyRule[];
    if (ref.kind === 'Role' || ref.kind === 'ClusterRole') {
      const role = await this.deps.getRole(roleResource, ref.kind === 'Role' ? namespace : '', ref.name ?? '');
      if (!role) throw notFound({ group: RBAC, resource: roleResource }, ref.name ?? '');
      rules = role.rules ?? [];
    } else {
      throw forbidden({ group: RBAC, resource }, obj.metadata?.name ?? '', `unsupported role reference kind: "${ref.kind}"`);
    }
    const msg = escalationMessage(user, this.deps.resolver.rulesFor(user, namespace), rules);
    if (msg) throw forbidden({ group: RBAC, resource }, obj.metadata?.name ?? '', msg);
  }
}

/** kube's IsOnlyMutatingGCFields: the update changes nothing but owner references and finalizers. */
function onlyGCFieldsChange(obj: KObject, old: KObject): boolean {
  const strip = (o: KObject) => {
    const { ownerReferences: _o, finalizers: _f, managedFields: _m, resourceVersion: _r, ...md } = o.metadata ?? {};
    const { metadata: _md, ...rest } = o;
    return JSON.stringify(sortKeys({ ...rest, metadata: md }));
  };
  return strip(obj) === strip(old);
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
  return v;
}
