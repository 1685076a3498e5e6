// Create-only virtual resources: the access reviews and SelfSubjectReview (auth.md §9). Nothing is stored;
// the answer is 201 with the request's spec and a computed status.
import { operationFor } from '../operation.js';
import { fieldErr } from '../../errors/field-error.js';
import { badRequest, invalid, routeMethodNotAllowed } from '../../errors/status.js';
import type { ResourceInfo } from '../../api/resource-info.js';
import type { Attributes } from '../../authz/authorizer.js';
import type { KObject } from '../../api/object.js';
import { nowRFC3339 } from '../../api/object.js';
import { apiVersionOf } from '../../registry/resource-def.js';
import { decodeBody } from '../negotiation/decode-body.js';
import { negotiate } from '../negotiation/negotiate.js';
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

function attributesFrom(spec: KObject, user: UserInfo): Attributes {
  const ra = spec.resourceAttributes;
  const nra = spec.nonResourceAttributes;
  if (ra) {
    return {
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
  }
  return { user, verb: nra?.verb ?? '', isResourceRequest: false, path: nra?.path ?? '', namespace: '', apiGroup: '', apiVersion: '', resource: '', subresource: '', name: '' };
}

function validateAttributes(kind: string, spec: KObject): void {
  const gk = { group: 'authorization.k8s.io', kind };
  if (spec.resourceAttributes && spec.nonResourceAttributes) {
    throw invalid(gk, '', [fieldErr.invalid('spec.nonResourceAttributes', spec.nonResourceAttributes, 'cannot be specified in combination with resourceAttributes')]);
  }
  if (!spec.resourceAttributes && !spec.nonResourceAttributes) {
    throw invalid(gk, '', [fieldErr.invalid('spec.resourceAttributes', 'null', 'exactly one of nonResourceAttributes or resourceAttributes must be specified')]);
  }
}

export async function handleVirtualCreate(api: HandlerDeps, scope: ResourceScope): Promise<void> {
  const { ctx, def } = scope;
  const rep = negotiate(ctx, { list: false, transforms: false, protobuf: protobufServed(scope) });
  const format = rep.as === 'object' ? rep.format : 'json';
  const q = parseWriteQuery(ctx.query, 'CreateOptions');
  const body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  const obj = await decodeBody(ctx.req.headers['content-type'], body, { apiVersion: apiVersionOf(def), kind: def.kind });
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
    case 'authorization.k8s.io/selfsubjectaccessreviews':
    case 'authorization.k8s.io/subjectaccessreviews':
    case 'authorization.k8s.io/localsubjectaccessreviews': {
      validateAttributes(def.kind, spec);
      let subject: UserInfo = user;
      if (def.resource !== 'selfsubjectaccessreviews') {
        if (!spec.user && !(spec.groups?.length)) {
          throw invalid({ group: 'authorization.k8s.io', kind: def.kind }, '', [fieldErr.invalid('spec.user', '', 'at least one of user or group must be specified')]);
        }
        subject = { name: spec.user ?? '', uid: spec.uid, groups: spec.groups ?? [], extra: spec.extra };
      }
      if (def.resource === 'localsubjectaccessreviews' && spec.resourceAttributes?.namespace !== scope.namespace) {
        throw badRequest(`spec.resourceAttributes.namespace must match namespace: ${scope.namespace}`);
      }
      const r = await api.authorizer.authorize(attributesFrom(spec, subject));
      const status: KObject = { allowed: r.decision === 'allow' };
      if (r.decision === 'deny') status.denied = true;
      if (r.reason) status.reason = r.reason;
      out.spec = spec;
      out.status = status;
      break;
    }
    case 'authorization.k8s.io/selfsubjectrulesreviews': {
      if (!spec.namespace) throw badRequest('no namespace on request');
      out.spec = {};
      out.status = { resourceRules: [], nonResourceRules: [], incomplete: true, evaluationError: 'rule resolution is not supported by the configured authorizers yet' };
      break;
    }
    default:
      throw routeMethodNotAllowed();
  }
  await scope.store.deps.admission.validate(admitted);
  await writeEncoded(ctx, 201, out, format);
}
