// Escalation prevention (auth.md §7.4): whether the rules a user holds cover the rules it tries to grant, and
// kube's message listing what is missing.
import type { UserInfo } from '../../http/request-context.js';
import { goQuote } from '../../golang/strconv.js';
import type { PolicyRule } from './rules.js';
import { aggregateMessage } from './rule-resolver.js';

/** kube's BreakdownRule: one group × resource × verb (× name), or one URL × verb. */
export function breakdownRule(rule: PolicyRule): PolicyRule[] {
  const out: PolicyRule[] = [];
  for (const group of rule.apiGroups ?? []) {
    for (const resource of rule.resources ?? []) {
      for (const verb of rule.verbs) {
        if (rule.resourceNames?.length) {
          for (const name of rule.resourceNames) out.push({ apiGroups: [group], resources: [resource], verbs: [verb], resourceNames: [name] });
        } else out.push({ apiGroups: [group], resources: [resource], verbs: [verb] });
      }
    }
  }
  for (const url of rule.nonResourceURLs ?? []) for (const verb of rule.verbs) out.push({ nonResourceURLs: [url], verbs: [verb] });
  return out;
}

const has = (set: readonly string[] | undefined, v: string) => !!set && set.includes(v);
const hasAll = (set: readonly string[] | undefined, vs: readonly string[] | undefined) => (vs ?? []).every((v) => has(set, v));

function resourcesCoverAll(owner: readonly string[] | undefined, wanted: readonly string[] | undefined): boolean {
  if (has(owner, '*') || hasAll(owner, wanted)) return true;
  for (const path of wanted ?? []) {
    if (has(owner, path)) continue;
    const slash = path.indexOf('/');
    if (slash < 0 || !has(owner, `*/${path.slice(slash + 1)}`)) return false;
  }
  return true;
}

function urlsCoverAll(owner: readonly string[] | undefined, wanted: readonly string[] | undefined): boolean {
  return (wanted ?? []).every((u) => (owner ?? []).some((o) => o === u || (o.endsWith('*') && u.startsWith(o.slice(0, -1)))));
}

export function ruleCovers(owner: PolicyRule, sub: PolicyRule): boolean {
  const verbs = has(owner.verbs, '*') || hasAll(owner.verbs, sub.verbs);
  const groups = has(owner.apiGroups, '*') || hasAll(owner.apiGroups, sub.apiGroups);
  const names = sub.resourceNames?.length ? !owner.resourceNames?.length || hasAll(owner.resourceNames, sub.resourceNames) : !owner.resourceNames?.length;
  return verbs && groups && resourcesCoverAll(owner.resources, sub.resources) && names && urlsCoverAll(owner.nonResourceURLs, sub.nonResourceURLs);
}

/** The atomic rules of `wanted` that no rule of `owner` covers. */
export function uncoveredRules(owner: readonly PolicyRule[], wanted: readonly PolicyRule[]): PolicyRule[] {
  return wanted.flatMap(breakdownRule).filter((sub) => !owner.some((o) => ruleCovers(o, sub)));
}

/** kube's CompactRules: atomic rules on one group, one resource and the same (zero or one) name merge their verbs. */
export function compactRules(rules: readonly PolicyRule[]): PolicyRule[] {
  const out: PolicyRule[] = [];
  const simple = new Map<string, PolicyRule>();
  for (const r of rules) {
    const isSimple = (r.resourceNames?.length ?? 0) <= 1 && !r.nonResourceURLs?.length && r.apiGroups?.length === 1 && r.resources?.length === 1;
    if (!isSimple) {
      out.push(r);
      continue;
    }
    const key = JSON.stringify([r.apiGroups![0], r.resources![0], r.resourceNames?.[0] ?? null]);
    const prev = simple.get(key);
    if (prev) prev.verbs = [...prev.verbs, ...r.verbs];
    else simple.set(key, { ...r, verbs: [...r.verbs] });
  }
  return [...out, ...simple.values()];
}

const goList = (vs: readonly string[]) => `[${vs.map(goQuote).join(' ')}]`;

/** kube's CompactString of a PolicyRule. */
export function compactString(r: PolicyRule): string {
  const parts: string[] = [];
  if (r.apiGroups?.length) parts.push(`APIGroups:${goList(r.apiGroups)}`);
  if (r.resources?.length) parts.push(`Resources:${goList(r.resources)}`);
  if (r.nonResourceURLs?.length) parts.push(`NonResourceURLs:${goList(r.nonResourceURLs)}`);
  if (r.resourceNames?.length) parts.push(`ResourceNames:${goList(r.resourceNames)}`);
  if (r.verbs?.length) parts.push(`Verbs:${goList(r.verbs)}`);
  return `{${parts.join(', ')}}`;
}

const byteOrder = (a: string, b: string) => (Buffer.compare(Buffer.from(a), Buffer.from(b)));

/** The escalation error text (without the "<resource> "<name>" is forbidden: " prefix), or undefined when covered. */
export function escalationMessage(user: UserInfo, owner: { rules: PolicyRule[]; errors: string[] }, wanted: readonly PolicyRule[]): string | undefined {
  const missing = uncoveredRules(owner.rules, wanted);
  if (missing.length === 0) return undefined;
  const lines = [...new Set(compactRules(missing).map(compactString))].sort(byteOrder);
  let msg = `user ${goQuote(user.name)} (groups=${goList(user.groups)}) is attempting to grant RBAC permissions not currently held:\n${lines.join('\n')}`;
  if (owner.errors.length) msg += `; resolution errors: [${aggregateMessage(owner.errors)}]`;
  return msg;
}

/** What only cluster-admin holds: needed to set an aggregationRule. */
export const FULL_AUTHORITY: PolicyRule[] = [
  { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
  { verbs: ['*'], nonResourceURLs: ['*'] },
];
