// Create-only virtual resources: the access reviews and SelfSubjectReview (auth.md §9). Nothing is stored;
// the answer is 201 with the request's spec and a computed status.
import { operationFor } from '../operation.js';
import { fieldErr, GoValue, type FieldError } from '../../errors/field-error.js';
import { goQuote } from '../../golang/strconv.js';
import { badRequest, internalError, invalid, routeMethodNotAllowed } from '../../errors/status.js';
import type { ResourceInfo } from '../../api/resource-info.js';
import type { Attributes, SelectorRequirement } from '../../authz/authorizer.js';
import { fieldRequirements, labelRequirements } from '../../authz/selectors.js';
import { aggregateMessage } from '../../authz/rbac/rule-resolver.js';
import { isRuleResolver, unresolvable, type UserRules } from '../../authz/rule-resolution.js';
import type { KObject } from '../../api/object.js';
import { nowRFC3339 } from '../../api/object.js';
import { apiVersionOf } from '../../registry/resource-def.js';
import { decodeBody } from '../negotiation/decode-body.js';
import { cborServed, negotiate } from '../negotiation/negotiate.js';
import { readBody } from '../negotiation/read-body.js';
import { writeEncoded } from '../negotiation/write-object.js';
import { parseWriteQuery } from '../query-options.js';
import { type ResourceScope, protobufServed } from '../resource-scope.js';
import type { HandlerDeps } from '../handler-deps.js';
import type { UserInfo } from '../../http/request-context.js';

const VIRTUAL = new Set([
  'authentication.k8s.io/selfsubjectreviews',
  'authentication.k8s.io/tokenreviews',
  'authorization.k8s.io/subjectaccessreviews',
  'authorization.k8s.io/selfsubjectaccessreviews',
  'authorization.k8s.io/localsubjectaccessreviews',
  'authorization.k8s.io/selfsubjectrulesreviews',
]);

export function isVirtualResource(def: ResourceInfo): boolean {
  return VIRTUAL.has(`${def.group}/${def.resource}`) || (def.verbs.length === 1 && def.verbs[0] === 'create' && !def.listKind);
}

/** A review's selector attribute: its requirements as given, or its rawSelector parsed. */
function selectorOf(sel: KObject | undefined, parse: (raw: string) => SelectorRequirement[] | undefined): SelectorRequirement[] | undefined {
  if (!sel) return undefined;
  if (Array.isArray(sel.requirements) && sel.requirements.length) return sel.requirements as SelectorRequirement[];
  return typeof sel.rawSelector === 'string' ? parse(sel.rawSelector) : undefined;
}

function attributesFrom(spec: KObject, user: UserInfo): Attributes {
  const ra = spec.resourceAttributes;
  const nra = spec.nonResourceAttributes;
  if (ra) {
    const attrs: Attributes = {
      user,
      verb: ra.verb ?? '',
      isResourceRequest: true,
      path: '',
      namespace: ra.namespace ?? '',
      apiGroup: ra.group ?? '',
      apiVersion: ra.version || '*',
      resource: ra.resource ?? '',
      subresource: ra.subresource ?? '',
      name: ra.name ?? '',
    };
    const fs = selectorOf(ra.fieldSelector, fieldRequirements);
    const ls = selectorOf(ra.labelSelector, labelRequirements);
    if (fs) attrs.fieldSelector = fs;
    if (ls) attrs.labelSelector = ls;
    return attrs;
  }
  return { user, verb: nra?.verb ?? '', isResourceRequest: false, path: nra?.path ?? '', namespace: '', apiGroup: '', apiVersion: '', resource: '', subresource: '', name: '' };
}

/** Go's %#v of a NonResourceAttributes, as kube's field errors print it. */
const nonResourceValue = (n: KObject) => new GoValue(`authorization.NonResourceAttributes{Path:${goQuote(n.path ?? '')}, Verb:${goQuote(n.verb ?? '')}}`);

/** kube's ValidateSubjectAccessReviewSpec (and the local review's extra rules), every error at once. */
function validateReview(resource: string, obj: KObject, urlNamespace: string): void {
  const spec: KObject = obj.spec ?? {};
  const errs: FieldError[] = [];
  if (spec.resourceAttributes && spec.nonResourceAttributes) {
    errs.push(fieldErr.invalid('spec.nonResourceAttributes', nonResourceValue(spec.nonResourceAttributes), 'cannot be specified in combination with resourceAttributes'));
  }
  if (!spec.resourceAttributes && !spec.nonResourceAttributes) errs.push(fieldErr.invalid('spec.resourceAttributes', 'null', 'exactly one of nonResourceAttributes or resourceAttributes must be specified'));
  if (resource !== 'selfsubjectaccessreviews' && !spec.user && !spec.groups?.length) errs.push(fieldErr.invalid('spec.user', '', 'at least one of user or group must be specified'));
  if (resource === 'localsubjectaccessreviews') {
    const ns = obj.metadata?.namespace ?? urlNamespace;
    if (spec.resourceAttributes && (spec.resourceAttributes.namespace ?? '') !== ns) errs.push(fieldErr.invalid('spec.resourceAttributes.namespace', spec.resourceAttributes.namespace ?? '', 'must match metadata.namespace'));
    if (spec.nonResourceAttributes) errs.push(fieldErr.invalid('spec.nonResourceAttributes', nonResourceValue(spec.nonResourceAttributes), 'disallowed on this kind of request'));
  }
  if (errs.length) throw invalid({ group: 'authorization.k8s.io', kind: KINDS[resource] }, '', errs);
}

const KINDS: Record<string, string> = {
  subjectaccessreviews: 'SubjectAccessReview',
  localsubjectaccessreviews: 'LocalSubjectAccessReview',
  selfsubjectaccessreviews: 'SelfSubjectAccessReview',
};

/** SelfSubjectRulesReview's status: the chain's rule resolvers in order (auth.md §9.4). */
async function rulesReviewStatus(authorizer: unknown, user: UserInfo, namespace: string): Promise<KObject> {
  const rules: UserRules = isRuleResolver(authorizer) ? await authorizer.rulesFor(user, namespace) : unresolvable('no rule resolver');
  const status: KObject = {
    resourceRules: rules.resourceRules.map((r) => {
      const o: KObject = { verbs: r.verbs };
      if (r.apiGroups?.length) o.apiGroups = r.apiGroups;
      if (r.resources?.length) o.resources = r.resources;
      if (r.resourceNames?.length) o.resourceNames = r.resourceNames;
      return o;
    }),
    nonResourceRules: rules.nonResourceRules.map((r) => {
      const o: KObject = { verbs: r.verbs };
      if (r.nonResourceURLs?.length) o.nonResourceURLs = r.nonResourceURLs;
      return o;
    }),
    incomplete: rules.incomplete,
  };
  if (rules.errors.length) status.evaluationError = aggregateMessage(rules.errors);
  return status;
}

export async function handleVirtualCreate(api: HandlerDeps, scope: ResourceScope): Promise<void> {
  const { ctx, def } = scope;
  const rep = negotiate(ctx, { list: false, transforms: false, protobuf: protobufServed(scope) });
  const format = rep.as === 'object' ? rep.format : 'json';
  const q = parseWriteQuery(ctx.query, 'CreateOptions');
  const body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  const obj = await decodeBody(ctx.req.headers['content-type'], body, { apiVersion: apiVersionOf(def), kind: def.kind }, cborServed(ctx));
  const admitted = scope.store.admissionAttributes('CREATE', scope.namespace, obj.metadata?.name ?? '', obj, undefined, operationFor(scope, q));
  await scope.store.deps.admission.admit(admitted);
  const user = ctx.user ?? { name: '', groups: [] };
  const spec: KObject = obj.spec ?? {};
  const out: KObject = { kind: def.kind, apiVersion: apiVersionOf(def), metadata: { ...(obj.metadata ?? {}), creationTimestamp: null } };
  switch (`${def.group}/${def.resource}`) {
    case 'authentication.k8s.io/selfsubjectreviews': {
      const userInfo: KObject = { username: user.name };
      if (user.uid) userInfo.uid = user.uid;
      if (user.groups.length) userInfo.groups = user.groups;
      if (user.extra && Object.keys(user.extra).length) userInfo.extra = user.extra;
      out.metadata.creationTimestamp = nowRFC3339();
      out.status = { userInfo };
      break;
    }
    case 'authentication.k8s.io/tokenreviews': {
      if (!spec.token) throw badRequest('token is required for TokenReview in authentication');
      if (!api.authn) throw routeMethodNotAllowed();
      const audiences: string[] = Array.isArray(spec.audiences) ? spec.audiences : [];
      const { result } = await api.authn.reviewToken(spec.token, audiences);
      const status: KObject = {};
      if (result.kind === 'user') {
        if (audiences.length && !(result.audiences ?? []).some((a) => audiences.includes(a))) throw internalError(new Error('error validating audiences'));
        status.authenticated = true;
        const u: KObject = { username: result.user.name };
        if (result.user.uid) u.uid = result.user.uid;
        if (result.user.groups.length) u.groups = result.user.groups;
        if (result.user.extra && Object.keys(result.user.extra).length) u.extra = result.user.extra;
        status.user = u;
        if (result.audiences?.length) status.audiences = result.audiences;
      } else {
        status.user = {};
        if (result.kind === 'error') status.error = result.error.message;
      }
      out.spec = spec;
      out.status = status;
      break;
    }
    case 'authorization.k8s.io/selfsubjectaccessreviews':
    case 'authorization.k8s.io/subjectaccessreviews':
    case 'authorization.k8s.io/localsubjectaccessreviews': {
      if (def.resource === 'localsubjectaccessreviews') {
        // kube's create handler puts the URL namespace on an object without one and refuses another one.
        if (obj.metadata?.namespace && obj.metadata.namespace !== scope.namespace) throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
      }
      validateReview(def.resource, obj, scope.namespace);
      let subject: UserInfo = user;
      if (def.resource !== 'selfsubjectaccessreviews') subject = { name: spec.user ?? '', uid: spec.uid, groups: spec.groups ?? [], extra: spec.extra };
      const r = await api.authorizer.authorize(attributesFrom(spec, subject));
      const status: KObject = { allowed: r.decision === 'allow' };
      if (r.decision === 'deny') status.denied = true;
      if (r.reason) status.reason = r.reason;
      if (r.error) status.evaluationError = r.error;
      out.spec = spec;
      out.status = status;
      break;
    }
    case 'authorization.k8s.io/selfsubjectrulesreviews': {
      if (!spec.namespace) throw badRequest('no namespace on request');
      out.metadata = { creationTimestamp: null }; // kube answers a new object, not the request's metadata
      out.spec = {};
      out.status = await rulesReviewStatus(api.authorizer, user, spec.namespace);
      break;
    }
    default:
      throw routeMethodNotAllowed();
  }
  await scope.store.deps.admission.validate(admitted);
  await writeEncoded(ctx, 201, out, format);
}
