// The audit Policy (audit.k8s.io/v1, --audit-policy-file, auth.md §11.1): loading with kube's messages,
// validation, and the first-matching-rule evaluation that gives a request its level and omitted stages.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { aggregateFieldErrors, fieldErr, GoValue, type FieldError } from '../../errors/field-error.js';
import { isDNS1123Subdomain } from '../../validation/names.js';
import type { UserInfo } from '../../http/request-context.js';
import type { RequestInfo } from '../../http/request-info.js';

export type Level = 'None' | 'Metadata' | 'Request' | 'RequestResponse';
export type Stage = 'RequestReceived' | 'ResponseStarted' | 'ResponseComplete' | 'Panic';

export const LEVELS: readonly Level[] = ['None', 'Metadata', 'Request', 'RequestResponse'];
const STAGES: readonly Stage[] = ['RequestReceived', 'ResponseStarted', 'ResponseComplete', 'Panic'];

export interface GroupResources {
  group?: string;
  resources?: string[];
  resourceNames?: string[];
}

export interface PolicyRule {
  level: Level;
  users?: string[];
  userGroups?: string[];
  verbs?: string[];
  resources?: GroupResources[];
  namespaces?: string[];
  nonResourceURLs?: string[];
  omitStages?: Stage[];
  omitManagedFields?: boolean;
}

export interface Policy {
  rules: PolicyRule[];
  omitStages?: Stage[];
  omitManagedFields?: boolean;
}

/** What the policy decides for one request. */
export interface RequestAuditConfig {
  level: Level;
  omitStages: Stage[];
  omitManagedFields: boolean;
}

export class PolicyError extends Error {}

export function loadPolicyFile(path: string): Policy {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new PolicyError(`failed to read file path ${JSON.stringify(path)}: ${(e as Error).message}`);
  }
  try {
    return parsePolicy(text);
  } catch (e) {
    throw new PolicyError(`${(e as Error).message}: from file ${path}`);
  }
}

export function parsePolicy(text: string): Policy {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (e) {
    throw new PolicyError(`failed decoding: ${(e as Error).message}`);
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new PolicyError('failed decoding: Object \'Kind\' is missing in policy');
  const o = doc as Record<string, unknown>;
  const apiVersion = typeof o.apiVersion === 'string' ? o.apiVersion : '';
  const kind = typeof o.kind === 'string' ? o.kind : '';
  if (kind === '') throw new PolicyError(`failed decoding: Object 'Kind' is missing in '${text.trim()}'`);
  if (apiVersion !== 'audit.k8s.io/v1' || kind !== 'Policy') {
    const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
    throw new PolicyError(`unknown group version field ${group}/${version}, Kind=${kind} in policy`);
  }
  const policy: Policy = {
    rules: Array.isArray(o.rules) ? (o.rules as PolicyRule[]) : [],
    omitStages: Array.isArray(o.omitStages) ? (o.omitStages as Stage[]) : undefined,
    omitManagedFields: o.omitManagedFields === true,
  };
  const errs = validatePolicy(policy);
  if (errs.length) throw new PolicyError(aggregateFieldErrors(errs));
  if (policy.rules.length === 0) throw new PolicyError('loaded illegal policy with 0 rules');
  return policy;
}

function validateStages(stages: unknown[] | undefined, path: string, errs: FieldError[]): void {
  (stages ?? []).forEach((s, j) => {
    if (!STAGES.includes(s as Stage)) errs.push(fieldErr.invalid(`${path}[${j}]`, s, `allowed stages are ${STAGES.join(',')}`));
  });
}

export function validatePolicy(p: Policy): FieldError[] {
  const errs: FieldError[] = [];
  p.rules.forEach((r, i) => {
    const path = `rules[${i}]`;
    if (!r || typeof r !== 'object') return errs.push(fieldErr.required(path));
    if (!r.level) errs.push(fieldErr.required(`${path}.level`));
    else if (!LEVELS.includes(r.level)) errs.push(fieldErr.notSupported(`${path}.level`, r.level, [...LEVELS]));
    const urls = r.nonResourceURLs ?? [];
    urls.forEach((u, j) => {
      if (u === '*') return;
      if (!u.startsWith('/')) errs.push(fieldErr.invalid(`${path}.nonResourceURLs[${j}]`, u, "non-resource URL rules must begin with a '/' character"));
      if (u !== '' && u.slice(0, -1).includes('*')) errs.push(fieldErr.invalid(`${path}.nonResourceURLs[${j}]`, u, "non-resource URL wildcards '*' must be the final character of the rule"));
    });
    for (const gr of r.resources ?? []) {
      if (gr.group && gr.group !== '') {
        const msgs = isDNS1123Subdomain(gr.group);
        if (msgs.length) errs.push(fieldErr.invalid(`${path}.resources.group`, gr.group, msgs.join(',')));
      }
      if ((gr.resourceNames ?? []).length && !(gr.resources ?? []).length) {
        errs.push(fieldErr.invalid(`${path}.resources.resourceNames`, new GoValue(`[]string{${gr.resourceNames!.map((n) => JSON.stringify(n)).join(', ')}}`), 'using resourceNames requires at least one resource'));
      }
    }
    if (urls.length && ((r.resources ?? []).length || (r.namespaces ?? []).length)) {
      errs.push(fieldErr.invalid(`${path}.nonResourceURLs`, urls, 'rules cannot apply to both regular resources and non-resource URLs'));
    }
    validateStages(r.omitStages, `${path}.omitStages`, errs);
  });
  validateStages(p.omitStages, 'omitStages', errs);
  return errs;
}

/** The request as the policy sees it: the authenticated user (before impersonation) and its RequestInfo. */
export interface PolicyAttributes {
  user?: UserInfo;
  requestInfo: RequestInfo;
}

export class PolicyEvaluator {
  /** Each rule's resulting config, and the one when no rule matches: built once, shared (read-only) by requests. */
  private readonly configs: RequestAuditConfig[];
  private readonly fallback: RequestAuditConfig;

  constructor(private readonly policy: Policy) {
    this.configs = policy.rules.map((rule) => {
      const omit = new Set<Stage>([...(policy.omitStages ?? []), ...(rule.omitStages ?? [])]);
      return Object.freeze({ level: rule.level, omitStages: Object.freeze([...omit]) as Stage[], omitManagedFields: rule.omitManagedFields ?? policy.omitManagedFields ?? false });
    });
    this.fallback = Object.freeze({ level: 'None', omitStages: Object.freeze([...(policy.omitStages ?? [])]) as Stage[], omitManagedFields: policy.omitManagedFields ?? false });
  }

  evaluate(a: PolicyAttributes): RequestAuditConfig {
    const rules = this.policy.rules;
    for (let i = 0; i < rules.length; i++) if (ruleMatches(rules[i]!, a)) return this.configs[i]!;
    return this.fallback;
  }
}

function ruleMatches(r: PolicyRule, a: PolicyAttributes): boolean {
  const user = a.user;
  if (r.users?.length && (!user || !r.users.includes(user.name))) return false;
  if (r.userGroups?.length && (!user || !user.groups.some((g) => r.userGroups!.includes(g)))) return false;
  const ri = a.requestInfo;
  if (r.verbs?.length && !r.verbs.includes(ri.verb)) return false;
  if (r.namespaces?.length || r.resources?.length) return ri.isResourceRequest && resourceMatches(r, ri);
  if (r.nonResourceURLs?.length) return !ri.isResourceRequest && r.nonResourceURLs.some((u) => pathMatches(ri.path, u));
  return true;
}

function pathMatches(path: string, spec: string): boolean {
  if (spec === '*') return true;
  if (spec === path) return true;
  return spec.endsWith('*') && path.startsWith(spec.slice(0, -1));
}

function resourceMatches(r: PolicyRule, ri: RequestInfo): boolean {
  if (r.namespaces?.length && !r.namespaces.includes(ri.namespace)) return false;
  if (!r.resources?.length) return true;
  const combined = ri.subresource ? `${ri.resource}/${ri.subresource}` : ri.resource;
  for (const gr of r.resources) {
    if ((gr.group ?? '') !== ri.apiGroup) continue;
    if (!gr.resources?.length) return true;
    if (gr.resourceNames?.length && !gr.resourceNames.includes(ri.name)) continue;
    for (const res of gr.resources) {
      if (res === combined || res === '*') return true;
      if (res.startsWith('*/') && res.slice(2) === ri.subresource && ri.subresource !== '') return true;
      if (res.endsWith('/*') && res.slice(0, -2) === ri.resource) return true;
    }
  }
  return false;
}
