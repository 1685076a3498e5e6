// The type and name labels of apiserver_authorization_decisions_total for a member of the authorizer chain (kube
// counts the configured authorizers, not its built-in system:masters shortcut).
import type { Authorizer } from '../../authz/authorizer.js';

const BUILTIN_TYPES = new Set(['AlwaysAllow', 'AlwaysDeny', 'ABAC', 'RBAC', 'Node']);

export function authorizerLabels(member: Authorizer): { type: string; name: string } | undefined {
  if (member.name === 'privileged-groups') return undefined;
  if (BUILTIN_TYPES.has(member.name)) return { type: member.name, name: member.name.toLowerCase() };
  return { type: 'Webhook', name: member.name };
}

type DecisionLabels = Readonly<{ type: string; name: string; decision: 'allowed' | 'denied' }>;

const decisionLabels = new WeakMap<Authorizer, { allowed: DecisionLabels; denied: DecisionLabels } | null>();

/**
 * The frozen label set of one decision of `member` (undefined for the system:masters shortcut), made once per member:
 * the metric finds its series by the label set's identity instead of building a key on every request.
 */
export function decisionLabelsOf(member: Authorizer, decision: 'allowed' | 'denied'): DecisionLabels | undefined {
  let sets = decisionLabels.get(member);
  if (sets === undefined) {
    const labels = authorizerLabels(member);
    sets = labels ? { allowed: Object.freeze({ ...labels, decision: 'allowed' }), denied: Object.freeze({ ...labels, decision: 'denied' }) } : null;
    decisionLabels.set(member, sets);
  }
  return sets?.[decision];
}
