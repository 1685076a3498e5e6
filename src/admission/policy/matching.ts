// Whether an admission request falls under a policy's matchConstraints or a binding's matchResources (kube's
// admission policy matching): namespace and object selectors, excluded rules, resource rules with operations,
// groups, versions, resources ("*", "res/*", "*/sub"), scopes and resource names, and matchPolicy Equivalent,
// which also tries the other served versions of the request's group-resource.
import type { KubeObject } from '../../api/object.js';
import { internalError, StatusError } from '../../errors/status.js';
import type { AdmissionAttributes } from '../../registry/admission.js';
import { labelSelectorFromMetaV1, type LabelSelector, type LabelSelectorV1 } from '../../selection/label-selector.js';

export interface RuleWithOperations {
  operations?: string[];
  apiGroups?: string[];
  apiVersions?: string[];
  resources?: string[];
  scope?: string;
  resourceNames?: string[];
}

export interface MatchResources {
  namespaceSelector?: LabelSelectorV1 | null;
  objectSelector?: LabelSelectorV1 | null;
  resourceRules?: RuleWithOperations[];
  excludeResourceRules?: RuleWithOperations[];
  matchPolicy?: string;
}

export interface GVR { group: string; version: string; resource: string }
export interface GVK { group: string; version: string; kind: string }

/** Where the matcher reads what it does not find in the request. */
export interface MatchingEnv {
  /** The namespace object, or undefined when it does not exist. */
  getNamespace(name: string): Promise<KubeObject | undefined>;
  /** Other served versions of a group-resource with their kinds (matchPolicy Equivalent). */
  equivalents(gvr: GVR): { resource: GVR; kind: GVK }[];
}

export type MatchResult = { matches: false } | { matches: true; resource: GVR; kind: GVK };

const NO_MATCH: MatchResult = { matches: false };

function exactOrWildcard(items: readonly string[] | undefined, requested: string): boolean {
  for (const item of items ?? []) if (item === '*' || item === requested) return true;
  return false;
}

const isNamespaceResource = (r: GVR) => r.group === '' && r.version === 'v1' && r.resource === 'namespaces';

function ruleMatches(rule: RuleWithOperations, a: AdmissionAttributes, resource: GVR): boolean {
  const scope = rule.scope ?? '*';
  if (scope === 'Namespaced' && (isNamespaceResource(resource) || a.namespace === '')) return false;
  if (scope === 'Cluster' && !(isNamespaceResource(resource) || a.namespace === '')) return false;
  if (scope !== '*' && scope !== 'Namespaced' && scope !== 'Cluster') return false;
  if (!(rule.operations ?? []).some((op) => op === '*' || op === a.operation)) return false;
  if (!exactOrWildcard(rule.apiGroups, resource.group)) return false;
  if (!exactOrWildcard(rule.apiVersions, resource.version)) return false;
  for (const r of rule.resources ?? []) {
    const slash = r.indexOf('/');
    const res = slash < 0 ? r : r.slice(0, slash);
    const sub = slash < 0 ? '' : r.slice(slash + 1);
    if ((res === '*' || res === resource.resource) && (sub === '*' || sub === a.subresource)) return true;
  }
  return false;
}

function namesMatch(rule: RuleWithOperations, a: AdmissionAttributes): boolean {
  const names = rule.resourceNames ?? [];
  return names.length === 0 || names.includes(a.name);
}

function matchRules(rules: readonly RuleWithOperations[] | undefined, matchPolicy: string | undefined, a: AdmissionAttributes, env: MatchingEnv): MatchResult {
  for (const rule of rules ?? []) {
    if (ruleMatches(rule, a, a.resource) && namesMatch(rule, a)) return { matches: true, resource: a.resource, kind: a.kind };
  }
  if (matchPolicy !== 'Equivalent') return NO_MATCH;
  const equivalents = env.equivalents(a.resource);
  for (const rule of rules ?? []) {
    for (const eq of equivalents) {
      if (eq.resource.version === a.resource.version && eq.resource.group === a.resource.group && eq.resource.resource === a.resource.resource) continue;
      if (ruleMatches(rule, a, eq.resource) && namesMatch(rule, a)) return { matches: true, resource: eq.resource, kind: eq.kind };
    }
  }
  return NO_MATCH;
}

/** A null selector matches everything here (kube's admission matchers treat an unset selector as empty). */
function selectorOf(s: LabelSelectorV1 | null | undefined): LabelSelector {
  try {
    return labelSelectorFromMetaV1(s ?? {});
  } catch (e) {
    throw internalError(e);
  }
}

const labelsOf = (o: KubeObject | undefined): Record<string, string> => (o?.metadata?.labels ?? {}) as Record<string, string>;

async function namespaceSelectorMatches(m: MatchResources, a: AdmissionAttributes, env: MatchingEnv): Promise<boolean> {
  if (a.namespace === '' && a.resource.resource !== 'namespaces') return true;
  const selector = selectorOf(m.namespaceSelector);
  if (selector.isEmpty()) return true;
  // A namespace being created or updated is judged by its new labels.
  if (a.resource.group === '' && a.resource.resource === 'namespaces' && a.subresource === '' && (a.operation === 'CREATE' || a.operation === 'UPDATE')) {
    return selector.matches(labelsOf(a.object));
  }
  const name = a.namespace || (a.resource.resource === 'namespaces' ? a.name : '');
  const ns = await env.getNamespace(name);
  if (!ns) throw new StatusError({ code: 404, reason: 'NotFound', message: `namespaces "${name}" not found`, details: { name, kind: 'namespaces' } });
  return selector.matches(labelsOf(ns));
}

function objectSelectorMatches(m: MatchResources, a: AdmissionAttributes): boolean {
  const selector = selectorOf(m.objectSelector);
  if (selector.isEmpty()) return true;
  return (!!a.object && selector.matches(labelsOf(a.object))) || (!!a.oldObject && selector.matches(labelsOf(a.oldObject)));
}

/**
 * Matches a request against match resources. Selector errors only count when the rules match (kube's order);
 * they are thrown as the Status the request then fails with.
 */
export async function matches(m: MatchResources, a: AdmissionAttributes, env: MatchingEnv): Promise<MatchResult> {
  let nsError: unknown;
  let nsMatch = false;
  try {
    nsMatch = await namespaceSelectorMatches(m, a, env);
  } catch (e) {
    nsError = e;
  }
  if (!nsMatch && nsError === undefined) return NO_MATCH;
  let objError: unknown;
  let objMatch = false;
  try {
    objMatch = objectSelectorMatches(m, a);
  } catch (e) {
    objError = e;
  }
  if (!objMatch && objError === undefined) return NO_MATCH;
  if (matchRules(m.excludeResourceRules, m.matchPolicy, a, env).matches) return NO_MATCH;
  const result: MatchResult = (m.resourceRules ?? []).length === 0
    ? { matches: true, resource: a.resource, kind: a.kind }
    : matchRules(m.resourceRules, m.matchPolicy, a, env);
  if (!result.matches) return NO_MATCH;
  if (nsError !== undefined) throw nsError;
  if (objError !== undefined) throw objError;
  return result;
}
