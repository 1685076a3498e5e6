// The fixed object types Kubernetes declares for admission policies, authentication and authorization
// expressions (apiserver pkg/admission/plugin/cel/compile.go, pkg/authentication/cel, pkg/authorization/cel):
// kubernetes.AdmissionRequest, kubernetes.Namespace, kubernetes.UserInfo, kubernetes.SubjectAccessReviewSpec.
// Values are made from their JSON with schemaValue(json, type).
import type { DeclField, DeclType } from './schema-types.js';
import { SchemaTypeProvider } from './schema-types.js';
import { T, type CelType } from './types.js';

const simple = (celType: CelType, format?: string): DeclType => ({ celType, schema: format ? { format } : {}, maxElements: 0, minSerializedSize: 1 });
const STRING = simple(T.string);
const BOOL = simple(T.bool);
const INT = simple(T.int);
const TIMESTAMP = simple(T.timestamp, 'date-time');
const DYN = simple(T.dyn);
const list = (elem: DeclType): DeclType => ({ celType: T.list(elem.celType), schema: {}, elem, maxElements: 0, minSerializedSize: 2 });
const map = (elem: DeclType): DeclType => ({ celType: T.map(T.string, elem.celType), schema: {}, elem, maxElements: 0, minSerializedSize: 2 });

function object(name: string, fields: [string, DeclType, boolean][]): DeclType {
  const m = new Map<string, DeclField>();
  for (const [field, type, required] of fields) m.set(field, { name: field, type, required });
  return { celType: T.object(name), schema: { type: 'object' }, fields: m, maxElements: 0, minSerializedSize: 2 };
}

const userInfoFields: [string, DeclType, boolean][] = [
  ['username', STRING, false], ['uid', STRING, false], ['groups', list(STRING), false], ['extra', map(list(STRING)), false],
];

/** `request` of ValidatingAdmissionPolicy and admission webhook match conditions. */
export function admissionRequestType(): DeclType {
  const gvk = object('kubernetes.GroupVersionKind', [['group', STRING, true], ['version', STRING, true], ['kind', STRING, true]]);
  const gvr = object('kubernetes.GroupVersionResource', [['group', STRING, true], ['version', STRING, true], ['resource', STRING, true]]);
  return object('kubernetes.AdmissionRequest', [
    ['kind', gvk, true], ['resource', gvr, true], ['subResource', STRING, false], ['requestKind', gvk, true], ['requestResource', gvr, true],
    ['requestSubResource', STRING, false], ['name', STRING, true], ['namespace', STRING, false], ['operation', STRING, true],
    ['userInfo', object('kubernetes.UserInfo', userInfoFields), true], ['dryRun', BOOL, false], ['options', DYN, false],
  ]);
}

/** `namespaceObject` of ValidatingAdmissionPolicy. */
export function namespaceType(): DeclType {
  const condition = object('kubernetes.NamespaceCondition', [
    ['status', STRING, true], ['type', STRING, true], ['lastTransitionTime', TIMESTAMP, true], ['message', STRING, true], ['reason', STRING, true],
  ]);
  return object('kubernetes.Namespace', [
    ['metadata', object('kubernetes.NamespaceMetadata', [
      ['name', STRING, true], ['generateName', STRING, true], ['namespace', STRING, true], ['labels', map(STRING), true],
      ['annotations', map(STRING), true], ['UID', STRING, true], ['creationTimestamp', TIMESTAMP, true], ['deletionGracePeriodSeconds', INT, true],
      ['deletionTimestamp', TIMESTAMP, true], ['generation', INT, true], ['resourceVersion', STRING, true], ['finalizers', list(STRING), true],
    ]), true],
    ['spec', object('kubernetes.NamespaceSpec', [['finalizers', list(STRING), true]]), true],
    ['status', object('kubernetes.NamespaceStatus', [['conditions', list(condition), true], ['phase', STRING, true]]), true],
  ]);
}

/** `user` of authentication configuration expressions. */
export function userInfoType(): DeclType {
  return object('kubernetes.UserInfo', userInfoFields);
}

/** `request` of authorization webhook match conditions; selectors only with AuthorizeWithSelectors. */
export function subjectAccessReviewSpecType(withSelectors = true): DeclType {
  const requirement = object('kubernetes.SelectorRequirement', [['key', STRING, false], ['operator', STRING, false], ['values', list(STRING), false]]);
  const selector = (name: string) => object(name, [['rawSelector', STRING, false], ['requirements', list(requirement), false]]);
  const resourceFields: [string, DeclType, boolean][] = [
    ['namespace', STRING, false], ['verb', STRING, false], ['group', STRING, false], ['version', STRING, false], ['resource', STRING, false],
    ['subresource', STRING, false], ['name', STRING, false],
  ];
  if (withSelectors) {
    resourceFields.push(['fieldSelector', selector('kubernetes.FieldSelectorAttributes'), false]);
    resourceFields.push(['labelSelector', selector('kubernetes.LabelSelectorAttributes'), false]);
  }
  return object('kubernetes.SubjectAccessReviewSpec', [
    ['resourceAttributes', object('kubernetes.ResourceAttributes', resourceFields), false],
    ['nonResourceAttributes', object('kubernetes.NonResourceAttributes', [['path', STRING, false], ['verb', STRING, false]]), false],
    ['user', STRING, false], ['groups', list(STRING), false], ['extra', map(list(STRING)), false], ['uid', STRING, false],
  ]);
}

/** A type provider that knows these types (and any schema types added after). */
export function kubeTypeProvider(...more: DeclType[]): SchemaTypeProvider {
  return new SchemaTypeProvider(admissionRequestType(), namespaceType(), userInfoType(), subjectAccessReviewSpecType(), ...more);
}
