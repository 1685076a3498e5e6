// The Node authorizer (auth.md §8.1) for the objects that exist without a node agent: a node identity
// (user system:node:<name> in group system:nodes) may read and write its own Node and Lease and CSINode, and
// otherwise holds the system:node role's static rules except where the graph of pods bound to it decides, which
// kubelite answers from the objects themselves (node-graph.ts). Everyone else gets no opinion.
import type { Attributes, Authorizer, AuthorizerResult } from '../authorizer.js';
import { NODE_RULES } from '../rbac/bootstrap-policy.js';
import { ruleAllows } from '../rbac/rules.js';
import { unresolvable, type RuleResolverLike, type UserRules } from '../rule-resolution.js';

const NODE_PREFIX = 'system:node:';
const NODES_GROUP = 'system:nodes';

/** The node name of a node identity, '' for a node identity without a name, undefined for anyone else. */
export function nodeIdentity(user: { name: string; groups: string[] }): string | undefined {
  if (!user.name.startsWith(NODE_PREFIX) || !user.groups.includes(NODES_GROUP)) return undefined;
  return user.name.slice(NODE_PREFIX.length);
}

/** What the authorizer asks of the objects: whether an object is reachable from the node. */
export interface NodeGraph {
  /** Whether the node has a path to the object (secrets, configmaps, PVCs, PVs, service accounts, pods...). */
  related(node: string, resource: string, namespace: string, name: string): Promise<boolean>;
}

const noOpinion = (reason: string): AuthorizerResult => ({ decision: 'noOpinion', reason });
const allow: AuthorizerResult = { decision: 'allow', reason: '' };
/** Everyone but a node identity: no opinion (one shared answer; nobody changes an answer). */
const NOT_A_NODE: AuthorizerResult = Object.freeze(noOpinion(''));
const READS = new Set(['get', 'list', 'watch']);
const LEASE_VERBS = new Set(['get', 'create', 'update', 'patch', 'delete']);

export class NodeAuthorizer implements Authorizer, RuleResolverLike {
  readonly name = 'Node';
  constructor(private readonly graph: NodeGraph) {}

  authorize(a: Attributes): AuthorizerResult | Promise<AuthorizerResult> {
    const node = nodeIdentity(a.user);
    if (node === undefined) return NOT_A_NODE;
    if (node === '') return noOpinion(`unknown node for user ${JSON.stringify(a.user.name)}`);
    if (!a.isResourceRequest) return this.static(a);
    const gr = `${a.apiGroup}/${a.resource}`;
    switch (gr) {
      case '/secrets':
      case '/configmaps':
        return this.readRelated(a, node);
      case '/persistentvolumeclaims':
        if (a.subresource === 'status') {
          if (a.verb !== 'update' && a.verb !== 'patch') return noOpinion('can only get/update/patch this type');
          return this.related(a, node);
        }
        if (a.subresource) return noOpinion('cannot get subresource');
        if (a.verb !== 'get') return noOpinion('can only get individual resources of this type');
        return this.related(a, node);
      case '/persistentvolumes':
      case 'resource.k8s.io/resourceclaims':
      case 'storage.k8s.io/volumeattachments':
        if (a.verb !== 'get') return noOpinion('can only get individual resources of this type');
        if (a.subresource) return noOpinion('cannot get subresource');
        return this.related(a, node);
      case '/serviceaccounts':
        if (a.verb !== 'create' || !a.name) return noOpinion('can only create tokens for individual service accounts');
        if (a.subresource !== 'token') return noOpinion('can only create token subresource of serviceaccount');
        return this.related(a, node);
      case 'coordination.k8s.io/leases':
        if (!LEASE_VERBS.has(a.verb)) return noOpinion('can only get, create, update, patch, or delete a node lease');
        if (a.namespace !== 'kube-node-lease') return noOpinion('can only access leases in the "kube-node-lease" system namespace');
        if (a.verb !== 'create' && a.name !== node) return noOpinion('can only access node lease with the same name as the requesting node');
        return allow;
      case 'storage.k8s.io/csinodes':
        if (!LEASE_VERBS.has(a.verb)) return noOpinion('can only get, create, update, patch, or delete a CSINode');
        if (a.subresource) return noOpinion('cannot authorize CSINode subresources');
        if (a.verb !== 'create' && a.name !== node) return noOpinion('can only access CSINode with the same name as the requesting node');
        return allow;
      case '/pods':
        if (a.subresource) return this.static(a);
        if (a.verb === 'get') return this.related(a, node);
        if (a.verb === 'list' || a.verb === 'watch') {
          if (a.fieldSelector?.some((r) => r.key === 'spec.nodeName' && r.operator === 'In' && r.values?.length === 1 && r.values[0] === node)) return allow;
          if (a.name) return this.related(a, node);
          return noOpinion('can only list/watch pods with spec.nodeName field selector');
        }
        return this.static(a);
      case '/nodes':
        if (READS.has(a.verb) && !a.subresource) {
          if (!a.name) return noOpinion(`node '${node}' cannot read all nodes, only its own Node object`);
          if (a.name !== node) return noOpinion(`node '${node}' cannot read '${a.name}', only its own Node object`);
        }
        return this.static(a);
      default:
        return this.static(a);
    }
  }

  private static(a: Attributes): AuthorizerResult {
    return NODE_RULES.some((r) => ruleAllows(a, r)) ? allow : noOpinion('');
  }

  private readRelated(a: Attributes, node: string): AuthorizerResult | Promise<AuthorizerResult> {
    if (!READS.has(a.verb)) return noOpinion('can only read resources of this type');
    if (a.subresource) return noOpinion('cannot read subresource');
    if (!a.namespace) return noOpinion('can only read namespaced object of this type');
    return this.related(a, node);
  }

  private async related(a: Attributes, node: string): Promise<AuthorizerResult> {
    if (!a.name) return noOpinion('No Object name found');
    return (await this.graph.related(node, a.resource, a.namespace, a.name)) ? allow : noOpinion(`no relationship found between node '${node}' and this object`);
  }

  rulesFor(user: { name: string; groups: string[] }): UserRules {
    if (nodeIdentity(user) === undefined) return { resourceRules: [], nonResourceRules: [], incomplete: false, errors: [] };
    return unresolvable('node authorizer does not support user rule resolution');
  }
}
