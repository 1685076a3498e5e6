// PolicyRule matching as kube's RBAC rule resolver applies it (auth.md §7.2): wildcards, sub-resources,
// resourceNames and non-resource URLs with a trailing `*`.
import type { Attributes } from '../authorizer.js';

export interface PolicyRule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

export const verbMatches = (rule: PolicyRule, verb: string): boolean => rule.verbs.includes('*') || rule.verbs.includes(verb);

export const apiGroupMatches = (rule: PolicyRule, group: string): boolean => {
  const groups = rule.apiGroups ?? [];
  return groups.includes('*') || groups.includes(group);
};

/** `*` covers every resource and sub-resource; `*​/sub` covers that sub-resource of any resource; `pods/*` is no wildcard. */
export function resourceMatches(rule: PolicyRule, resource: string, subresource: string): boolean {
  const combined = subresource ? `${resource}/${subresource}` : resource;
  for (const r of rule.resources ?? []) {
    if (r === '*' || r === combined) return true;
    if (subresource && r.length === subresource.length + 2 && r.startsWith('*/') && r.endsWith(subresource)) return true;
  }
  return false;
}

export const resourceNameMatches = (rule: PolicyRule, name: string): boolean => {
  const names = rule.resourceNames;
  return !names || names.length === 0 || names.includes(name);
};

export function nonResourceURLMatches(rule: PolicyRule, path: string): boolean {
  for (const u of rule.nonResourceURLs ?? []) {
    if (u === '*' || u === path) return true;
    if (u.endsWith('*') && path.startsWith(u.slice(0, -1))) return true;
  }
  return false;
}

/** Whether one rule allows the request. */
export function ruleAllows(a: Attributes, rule: PolicyRule): boolean {
  if (a.isResourceRequest) {
    return verbMatches(rule, a.verb) && apiGroupMatches(rule, a.apiGroup) && resourceMatches(rule, a.resource, a.subresource) && resourceNameMatches(rule, a.name);
  }
  return verbMatches(rule, a.verb) && nonResourceURLMatches(rule, a.path);
}
