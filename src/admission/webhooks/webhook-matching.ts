// Which webhooks a request calls (kube's ShouldCallHook): namespaceSelector, objectSelector, the rules (kube's
// rules.Matcher: operations, groups, versions, `resource/subresource` with wildcards, scope), matchPolicy
// Equivalent (the same objects served under another group or version), then matchConditions.
import { forbidden, internalError, notFound, StatusError } from '../../errors/status.js';
import type { KObject } from '../../api/object.js';
import type { AdmissionAttributes } from '../../registry/admission.js';
import type { LabelSelector } from '../../selection/label-selector.js';
import { admissionRequest, type Invocation, type VersionedObjects } from './admission-review.js';
import { evaluateMatchConditions } from './match-conditions.js';
import { requestAuthorizerOf } from '../request-authorizer.js';
import type { WebhookAccessor, WebhookRule } from './config-source.js';

export interface GVR {
  group: string;
  version: string;
  resource: string;
}

/** What matching needs from the server. */
export interface MatchingDeps {
  /** The labels of a namespace; undefined when it does not exist. */
  namespaceLabels(name: string): Promise<Record<string, string> | undefined>;
  /** The other served versions of the same objects (same storage), with their kinds. */
  equivalents(resource: GVR, subresource: string): { resource: GVR; kind: { group: string; version: string; kind: string } }[];
  /** The request's objects in the version of an invocation. */
  versioned(a: AdmissionAttributes, inv: Invocation): VersionedObjects;
}

const ADMISSION_CONFIG_KINDS = new Set([
  'ValidatingWebhookConfiguration', 'MutatingWebhookConfiguration', 'ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding',
  'MutatingAdmissionPolicy', 'MutatingAdmissionPolicyBinding',
]);

/** Writes of admission configuration are never sent to webhooks (so no webhook can lock itself in). */
export function isExemptAdmissionConfiguration(a: AdmissionAttributes): boolean {
  return a.kind.group === 'admissionregistration.k8s.io' && ADMISSION_CONFIG_KINDS.has(a.kind.kind);
}

const isNamespaceResource = (r: GVR): boolean => r.group === '' && r.version === 'v1' && r.resource === 'namespaces';
const listed = (items: string[], v: string): boolean => items.includes('*') || items.includes(v);

export function ruleMatches(rule: WebhookRule, a: AdmissionAttributes, resource: GVR): boolean {
  switch (rule.scope) {
    case '*': break;
    case 'Namespaced': if (isNamespaceResource(resource) || !a.namespace) return false; break;
    case 'Cluster': if (!isNamespaceResource(resource) && a.namespace) return false; break;
    default: return false;
  }
  if (!rule.operations.includes('*') && !rule.operations.includes(a.operation)) return false;
  if (!listed(rule.apiGroups, resource.group) || !listed(rule.apiVersions, resource.version)) return false;
  return rule.resources.some((r) => {
    const slash = r.indexOf('/');
    const res = slash >= 0 ? r.slice(0, slash) : r;
    const sub = slash >= 0 ? r.slice(slash + 1) : '';
    return (res === '*' || res === resource.resource) && (sub === '*' || sub === a.subresource);
  });
}

async function matchNamespace(h: WebhookAccessor, a: AdmissionAttributes, deps: MatchingDeps): Promise<boolean | StatusError> {
  const isNamespace = a.resource.group === '' && a.resource.resource === 'namespaces';
  if (!a.namespace && !isNamespace) return true; // cluster-scoped resources are never exempted
  const sel = h.namespaceSelector;
  if (sel instanceof Error) return internalError(sel);
  if (sel.isEmpty()) return true;
  let labels: Record<string, string> | undefined;
  if (isNamespace && !a.subresource && (a.operation === 'CREATE' || a.operation === 'UPDATE')) {
    labels = a.object?.metadata?.labels ?? {};
  } else {
    const name = isNamespace ? a.namespace || a.name : a.namespace;
    labels = await deps.namespaceLabels(name);
    if (!labels) return notFound({ group: '', resource: 'namespaces' }, name);
  }
  return (sel as LabelSelector).matches(labels);
}

function matchObject(h: WebhookAccessor, a: AdmissionAttributes): boolean | StatusError {
  const sel = h.objectSelector;
  if (sel instanceof Error) return internalError(sel);
  if (sel.isEmpty()) return true;
  const labelsOf = (o: KObject | undefined) => (o ? (o.metadata?.labels ?? {}) : undefined);
  const o = labelsOf(a.object);
  const old = labelsOf(a.oldObject);
  return (o !== undefined && sel.matches(o)) || (old !== undefined && sel.matches(old));
}

/** The invocation of `h` for the request, undefined when it is not called; throws kube's error when matching fails. */
export async function shouldCallHook(h: WebhookAccessor, a: AdmissionAttributes, deps: MatchingDeps): Promise<Invocation | undefined> {
  const ns = await matchNamespace(h, a, deps);
  if (ns === false) return undefined;
  const obj = matchObject(h, a);
  if (obj === false) return undefined;
  let inv: Invocation | undefined;
  if (h.rules.some((r) => ruleMatches(r, a, a.resource))) inv = { resource: a.resource, subresource: a.subresource, kind: a.kind };
  if (!inv && h.matchPolicy === 'Equivalent') {
    const equivalents = deps.equivalents(a.resource, a.subresource).filter((e) => !sameGVR(e.resource, a.resource));
    outer: for (const r of h.rules) {
      for (const e of equivalents) {
        if (ruleMatches(r, a, e.resource)) {
          inv = { resource: e.resource, subresource: a.subresource, kind: e.kind };
          break outer;
        }
      }
    }
  }
  if (!inv) return undefined;
  if (ns instanceof StatusError) throw ns;
  if (obj instanceof StatusError) throw obj;
  if (h.matchConditions.conditions.length) {
    const objs = deps.versioned(a, inv);
    const authorizer = requestAuthorizerOf(a.context);
    const input = {
      request: admissionRequest('', a, inv, objs),
      object: objs.object,
      oldObject: objs.oldObject,
      authorizer,
      user: a.user,
      resource: { group: a.resource.group, resource: a.resource.resource, subresource: a.subresource, namespace: a.namespace, name: a.name },
    };
    let r = evaluateMatchConditions(h.matchConditions, input);
    // An authorizer that answers asynchronously is asked between evaluations: evaluate again once it answered.
    while (authorizer && (await authorizer.settle())) r = evaluateMatchConditions(h.matchConditions, input);
    if ('error' in r) throw forbidden({ group: a.resource.group, resource: a.resource.resource }, a.name, r.error);
    if (!r.matches) return undefined;
  }
  return inv;
}

const sameGVR = (x: GVR, y: GVR): boolean => x.group === y.group && x.version === y.version && x.resource === y.resource;
