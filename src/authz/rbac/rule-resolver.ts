// kube's RBAC rule resolver: the rules a user holds in a namespace, from every ClusterRoleBinding and every
// RoleBinding of that namespace naming the user, its groups or its service account (auth.md §7.2).
import type { UserInfo } from '../../http/request-context.js';
import { goQuote } from '../../golang/strconv.js';
import { describeSubject, type BindingEntry, type PolicyIndex, type RoleRef } from './policy-index.js';
import type { PolicyRule } from './rules.js';

/** Called for each rule (or each resolution error); returns false to stop visiting. */
export type RuleVisitor = (source: () => string, rule: PolicyRule | undefined, err: string | undefined) => boolean;

export class RuleResolver {
  constructor(readonly index: PolicyIndex) {}

  /** The rules of a role reference as seen from a binding in bindingNamespace ('' for cluster bindings). */
  roleRules(ref: RoleRef, bindingNamespace: string): { rules: PolicyRule[]; error?: string } {
    if (ref.kind === 'ClusterRole') {
      const r = this.index.clusterRoles.get(ref.name);
      return r ? { rules: r.rules ?? [] } : { rules: [], error: `clusterrole.rbac.authorization.k8s.io ${goQuote(ref.name)} not found` };
    }
    if (ref.kind === 'Role') {
      const r = this.index.roles.get(`${bindingNamespace}/${ref.name}`);
      return r ? { rules: r.rules ?? [] } : { rules: [], error: `role.rbac.authorization.k8s.io ${goQuote(ref.name)} not found` };
    }
    return { rules: [], error: `unsupported role reference kind: ${goQuote(ref.kind)}` };
  }

  visitRulesFor(user: UserInfo, namespace: string, visit: RuleVisitor): void {
    if (!this.visitBindings(this.index.clusterBindingsFor(user), '', visit)) return;
    if (namespace) this.visitBindings(this.index.roleBindingsFor(user, namespace), namespace, visit);
  }

  /** The rules of a role reference that resolves, else undefined (roleRules says why). */
  private resolvedRules(ref: RoleRef, bindingNamespace: string): PolicyRule[] | undefined {
    const r = ref.kind === 'ClusterRole' ? this.index.clusterRoles.get(ref.name) : ref.kind === 'Role' ? this.index.roles.get(`${bindingNamespace}/${ref.name}`) : undefined;
    return r ? (r.rules ?? NO_RULES) : undefined;
  }

  private visitBindings(entries: readonly BindingEntry[], namespace: string, visit: RuleVisitor): boolean {
    for (const e of entries) {
      const ref = e.binding.roleRef;
      const rules = this.resolvedRules(ref, namespace);
      if (!rules) {
        if (!visit(NO_SOURCE, undefined, this.roleRules(ref, namespace).error)) return false;
        continue;
      }
      // An entry belongs to one binding in one namespace: its description is made once.
      const source = (e.source ??= describedOnce(e, namespace));
      for (const rule of rules) if (!visit(source, rule, undefined)) return false;
    }
    return true;
  }

  /** Every rule the user holds in the namespace ('' = cluster-wide only), and the resolution errors. */
  rulesFor(user: UserInfo, namespace: string): { rules: PolicyRule[]; errors: string[] } {
    const rules: PolicyRule[] = [];
    const errors: string[] = [];
    this.visitRulesFor(user, namespace, (_s, rule, err) => {
      if (rule) rules.push(rule);
      if (err !== undefined) errors.push(err);
      return true;
    });
    return { rules, errors };
  }
}

const NO_RULES: PolicyRule[] = [];
const NO_SOURCE = (): string => '';

function describedOnce(e: BindingEntry, namespace: string): () => string {
  let text: string | undefined;
  return () => (text ??= describeSource(e, namespace));
}

function describeSource(e: BindingEntry, namespace: string): string {
  const subject = describeSubject(e.binding.subjects![e.subjectIndex], namespace);
  const ref = e.binding.roleRef;
  if (!namespace) return `ClusterRoleBinding ${goQuote(e.binding.metadata.name)} of ${ref.kind} ${goQuote(ref.name)} to ${subject}`;
  return `RoleBinding ${goQuote(`${e.binding.metadata.name}/${namespace}`)} of ${ref.kind} ${goQuote(ref.name)} to ${subject}`;
}

/** kube's aggregate error text: one message as is, several de-duplicated inside brackets. */
export function aggregateMessage(errors: string[]): string {
  const uniq = [...new Set(errors)];
  return uniq.length === 1 ? uniq[0] : `[${uniq.join(', ')}]`;
}
