// ABAC (auth.md §8.4): a policy file of one JSON object per line, versioned (abac.authorization.kubernetes.io/v1beta1
// Policy) or legacy unversioned; the first matching policy allows, otherwise no opinion "No policy matched.".
import { readFileSync } from 'node:fs';
import type { Attributes, Authorizer, AuthorizerResult } from './authorizer.js';
import type { PolicyRule } from './rbac/rules.js';
import type { RuleResolverLike, UserRules } from './rule-resolution.js';
import type { UserInfo } from '../http/request-context.js';

export interface AbacPolicy {
  user: string;
  group: string;
  readonly: boolean;
  apiGroup: string;
  resource: string;
  namespace: string;
  nonResourcePath: string;
}

const READONLY_VERBS = new Set(['get', 'list', 'watch']);

function fromSpec(spec: Record<string, unknown>): AbacPolicy {
  const str = (k: string) => (typeof spec[k] === 'string' ? (spec[k] as string) : '');
  return { user: str('user'), group: str('group'), readonly: spec.readonly === true, apiGroup: str('apiGroup'), resource: str('resource'), namespace: str('namespace'), nonResourcePath: str('nonResourcePath') };
}

/** One line of the policy file as a policy (converted as kube converts v1beta1 and legacy lines). */
export function parsePolicyLine(line: string): AbacPolicy {
  const v = JSON.parse(line) as Record<string, unknown>;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Error('json: cannot unmarshal into Go value of type abac.Policy');
  if (v.apiVersion === undefined && v.kind === undefined) {
    // Legacy form: the policy fields at the top level.
    const p = fromSpec(v);
    if ((!p.user && !p.group) || p.user === '*' || p.group === '*') {
      p.group = 'system:authenticated';
      if (p.user === '*') p.user = '';
    }
    if (!p.namespace) p.namespace = '*';
    if (!p.resource) p.resource = '*';
    p.apiGroup = '*';
    if (v.namespace === undefined && v.resource === undefined) p.nonResourcePath = '*';
    return p;
  }
  if (v.apiVersion !== 'abac.authorization.kubernetes.io/v1beta1' && v.apiVersion !== 'abac.authorization.kubernetes.io/v0') {
    throw new Error(`no kind "${String(v.kind)}" is registered for version "${String(v.apiVersion)}"`);
  }
  const p = fromSpec((v.spec ?? {}) as Record<string, unknown>);
  if (p.user === '*' || p.group === '*') {
    p.group = 'system:authenticated';
    p.user = '';
  }
  return p;
}

export function loadPolicyFile(path: string): AbacPolicy[] {
  const out: AbacPolicy[] = [];
  const lines = readFileSync(path, 'utf8').split('\n');
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    try {
      out.push(parsePolicyLine(line));
    } catch (e) {
      throw new Error(`error reading policy file ${path}, line ${i + 1}: ${line}: ${(e as Error).message}`);
    }
  });
  return out;
}

function subjectMatches(p: AbacPolicy, user: UserInfo): boolean {
  let matched = false;
  if (p.user) {
    if (p.user !== '*' && p.user !== user.name) return false;
    matched = true;
  }
  if (p.group) {
    if (p.group !== '*' && !user.groups.includes(p.group)) return false;
    matched = true;
  }
  return matched;
}

const wild = (value: string, want: string) => value === '*' || value === want;

function matches(p: AbacPolicy, a: Attributes): boolean {
  if (!subjectMatches(p, a.user)) return false;
  if (p.readonly && !READONLY_VERBS.has(a.verb)) return false;
  if (a.isResourceRequest) return wild(p.namespace, a.namespace) && wild(p.resource, a.resource) && wild(p.apiGroup, a.apiGroup);
  return p.nonResourcePath === '*' || p.nonResourcePath === a.path || (p.nonResourcePath.endsWith('*') && a.path.startsWith(p.nonResourcePath.slice(0, -1)));
}

export class AbacAuthorizer implements Authorizer, RuleResolverLike {
  readonly name = 'ABAC';
  constructor(private readonly policies: AbacPolicy[]) {}

  authorize(a: Attributes): AuthorizerResult {
    return this.policies.some((p) => matches(p, a)) ? { decision: 'allow', reason: '' } : { decision: 'noOpinion', reason: 'No policy matched.' };
  }

  rulesFor(user: UserInfo, namespace: string): UserRules {
    const resourceRules: PolicyRule[] = [];
    const nonResourceRules: PolicyRule[] = [];
    for (const p of this.policies) {
      if (!subjectMatches(p, user)) continue;
      const verbs = p.readonly ? ['get', 'list', 'watch'] : ['*'];
      if (p.resource && wild(p.namespace, namespace)) resourceRules.push({ verbs, apiGroups: [p.apiGroup], resources: [p.resource] });
      if (p.nonResourcePath) nonResourceRules.push({ verbs, nonResourceURLs: [p.nonResourcePath] });
    }
    return { resourceRules, nonResourceRules, incomplete: false, errors: [] };
  }
}
