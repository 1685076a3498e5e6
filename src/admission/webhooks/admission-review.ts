// AdmissionReview objects (admission.k8s.io v1 and v1beta1): the request kube sends a webhook, in the first
// version the webhook accepts, and the checks kube makes of the webhook's answer (VerifyAdmissionResponse).
import { randomUUID } from 'node:crypto';
import type { KObject } from '../../api/object.js';
import type { AdmissionAttributes } from '../../registry/admission.js';

export interface Invocation {
  /** The resource, sub-resource and kind the webhook matched (an equivalent one under matchPolicy Equivalent). */
  resource: { group: string; version: string; resource: string };
  subresource: string;
  kind: { group: string; version: string; kind: string };
}

export interface VersionedObjects {
  object?: KObject;
  oldObject?: KObject;
}

export interface AdmissionResult {
  allowed: boolean;
  patch?: Buffer;
  patchType?: string;
  result?: KObject;
  warnings: string[];
  auditAnnotations: Record<string, string>;
}

/** The options object kube passes (CreateOptions, UpdateOptions or DeleteOptions), when the store gave none. */
export function operationOptions(a: AdmissionAttributes): KObject | undefined {
  if (a.options) return a.options;
  const dryRun = a.dryRun ? { dryRun: ['All'] } : {};
  const fieldManager = a.context.fieldManager ? { fieldManager: a.context.fieldManager } : {};
  switch (a.operation) {
    case 'CREATE': return { kind: 'CreateOptions', apiVersion: 'meta.k8s.io/v1', ...dryRun, ...fieldManager };
    case 'UPDATE': return { kind: 'UpdateOptions', apiVersion: 'meta.k8s.io/v1', ...dryRun, ...fieldManager };
    case 'DELETE': return { kind: 'DeleteOptions', apiVersion: 'meta.k8s.io/v1', ...dryRun };
    default: return undefined;
  }
}

/** The AdmissionRequest fields (shared by both review versions and by CEL's `request`). */
export function admissionRequest(uid: string, a: AdmissionAttributes, inv: Invocation, objs: VersionedObjects): KObject {
  const user = a.user;
  const userInfo: KObject = { username: user?.name ?? '' };
  if (user?.uid) userInfo.uid = user.uid;
  if (user?.groups?.length) userInfo.groups = [...user.groups];
  if (user?.extra && Object.keys(user.extra).length) userInfo.extra = structuredClone(user.extra);
  const req: KObject = {
    uid,
    kind: { ...inv.kind },
    resource: { ...inv.resource },
  };
  if (inv.subresource) req.subResource = inv.subresource;
  req.requestKind = { ...a.kind };
  req.requestResource = { ...a.resource };
  if (a.subresource) req.requestSubResource = a.subresource;
  if (a.name) req.name = a.name;
  if (a.namespace) req.namespace = a.namespace;
  req.operation = a.operation;
  req.userInfo = userInfo;
  req.object = objs.object ?? null;
  req.oldObject = objs.oldObject ?? null;
  req.dryRun = a.dryRun;
  req.options = operationOptions(a) ?? null;
  return req;
}

export interface BuiltReview {
  uid: string;
  version: 'v1' | 'v1beta1';
  body: KObject;
}

/** The review in the first version of admissionReviewVersions kube knows; undefined when it knows none. */
export function buildAdmissionReview(versions: string[], a: AdmissionAttributes, inv: Invocation, objs: VersionedObjects): BuiltReview | undefined {
  const version = versions.find((v): v is 'v1' | 'v1beta1' => v === 'v1' || v === 'v1beta1');
  if (!version) return undefined;
  const uid = randomUUID();
  return { uid, version, body: { kind: 'AdmissionReview', apiVersion: `admission.k8s.io/${version}`, request: admissionRequest(uid, a, inv, objs) } };
}

function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (v && typeof v === 'object' && !Array.isArray(v)) for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x;
  return out;
}

/** kube's VerifyAdmissionResponse: the answer, or the text of what is wrong with it (thrown as an Error). */
export function verifyAdmissionResponse(review: BuiltReview, mutating: boolean, body: KObject): AdmissionResult {
  const r = body.response;
  if (!r || typeof r !== 'object') throw new Error('webhook response was absent');
  const patchText = typeof r.patch === 'string' ? r.patch : '';
  const patch = patchText ? Buffer.from(patchText, 'base64') : undefined;
  const common = {
    allowed: r.allowed === true,
    result: r.status && typeof r.status === 'object' ? (r.status as KObject) : undefined,
    warnings: Array.isArray(r.warnings) ? r.warnings.filter((w: unknown): w is string => typeof w === 'string') : [],
    auditAnnotations: stringMap(r.auditAnnotations),
  };
  if (review.version === 'v1beta1') {
    // v1beta1 answers are not checked for uid or kind; a patch is a JSON patch.
    return { ...common, ...(mutating && patch?.length ? { patch, patchType: 'JSONPatch' } : {}) };
  }
  const uid = typeof r.uid === 'string' ? r.uid : '';
  if (uid !== review.uid) throw new Error(`expected response.uid=${JSON.stringify(review.uid)}, got ${JSON.stringify(uid)}`);
  const gv = String(body.apiVersion ?? '');
  const slash = gv.indexOf('/');
  const got = `${slash >= 0 ? gv : `/${gv}`}, Kind=${body.kind ?? ''}`;
  if (gv !== 'admission.k8s.io/v1' || body.kind !== 'AdmissionReview') throw new Error(`expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got ${got}`);
  const hasPatchType = r.patchType !== undefined && r.patchType !== null;
  if (mutating) {
    if (patch?.length && !hasPatchType) throw new Error('webhook returned response.patch but not response.patchType');
    if (!patch?.length && hasPatchType) throw new Error('webhook returned response.patchType but not response.patch');
    if (hasPatchType && r.patchType === '') throw new Error('webhook returned invalid response.patchType of ""');
    return { ...common, patch, patchType: hasPatchType ? String(r.patchType) : undefined };
  }
  if (patch?.length) throw new Error('validating webhook may not return response.patch');
  if (hasPatchType) throw new Error('validating webhook may not return response.patchType');
  return common;
}
