// What the three access reviews share (kube's SubjectAccessReview, SelfSubjectAccessReview and
// LocalSubjectAccessReview REST, auth.md §9): the spec's validation and the authorizer question it asks.
import { fieldErr, GoValue, type FieldError } from '../../../errors/field-error.js';
import { goQuote } from '../../../golang/strconv.js';
import { invalid } from '../../../errors/status.js';
import type { Attributes, SelectorRequirement } from '../../../authz/authorizer.js';
import { fieldRequirements, labelRequirements } from '../../../authz/selectors.js';
import type { KObject } from '../../../api/object.js';
import type { UserInfo } from '../../../http/request-context.js';
import type { ReviewEnv, ReviewRest } from '../builtin-resource.js';

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
export const nonResourceValue = (n: KObject) => new GoValue(`authorization.NonResourceAttributes{Path:${goQuote(n.path ?? '')}, Verb:${goQuote(n.verb ?? '')}}`);

/** How one access review differs: its kind, whose access it asks about, and its own spec rules. */
export interface AccessReviewRules {
  kind: string;
  /** The review asks about the requester (SelfSubjectAccessReview), not the spec's user and groups. */
  self?: boolean;
  /** Rules beyond kube's ValidateSubjectAccessReviewSpec, and checks before it (the local review's namespace). */
  check?(request: KObject, env: ReviewEnv): void;
  validate?(request: KObject, spec: KObject, env: ReviewEnv): FieldError[];
}

/** kube's ValidateSubjectAccessReviewSpec with the review's own rules, every error at once. */
function validateReview(rules: AccessReviewRules, request: KObject, env: ReviewEnv): void {
  const spec: KObject = request.spec ?? {};
  const errs: FieldError[] = [];
  if (spec.resourceAttributes && spec.nonResourceAttributes) {
    errs.push(fieldErr.invalid('spec.nonResourceAttributes', nonResourceValue(spec.nonResourceAttributes), 'cannot be specified in combination with resourceAttributes'));
  }
  if (!spec.resourceAttributes && !spec.nonResourceAttributes) errs.push(fieldErr.invalid('spec.resourceAttributes', 'null', 'exactly one of nonResourceAttributes or resourceAttributes must be specified'));
  if (!rules.self && !spec.user && !spec.groups?.length) errs.push(fieldErr.invalid('spec.user', '', 'at least one of user or group must be specified'));
  errs.push(...(rules.validate?.(request, spec, env) ?? []));
  if (errs.length) throw invalid({ group: 'authorization.k8s.io', kind: rules.kind }, '', errs);
}

/** An access review: validated, then the authorizer chain's decision for its subject as its status. */
export function accessReview(rules: AccessReviewRules): ReviewRest {
  return {
    async review(request, answer, env) {
      rules.check?.(request, env);
      validateReview(rules, request, env);
      const spec: KObject = request.spec ?? {};
      const subject: UserInfo = rules.self ? env.user : { name: spec.user ?? '', uid: spec.uid, groups: spec.groups ?? [], extra: spec.extra };
      const r = await env.authorizer.authorize(attributesFrom(spec, subject));
      const status: KObject = { allowed: r.decision === 'allow' };
      if (r.decision === 'deny') status.denied = true;
      if (r.reason) status.reason = r.reason;
      if (r.error) status.evaluationError = r.error;
      answer.spec = spec;
      answer.status = status;
    },
  };
}
