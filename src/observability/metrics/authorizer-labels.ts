// The type and name labels of apiserver_authorization_decisions_total for a member of the authorizer chain (kube
// counts the configured authorizers, not its built-in system:masters shortcut).
import type { Authorizer } from '../../authz/authorizer.js';

const BUILTIN_TYPES = new Set(['AlwaysAllow', 'AlwaysDeny', 'ABAC', 'RBAC', 'Node']);

export function authorizerLabels(member: Authorizer): { type: string; name: string } | undefined {
  if (member.name === 'privileged-groups') return undefined;
  if (BUILTIN_TYPES.has(member.name)) return { type: member.name, name: member.name.toLowerCase() };
  return { type: 'Webhook', name: member.name };
}
