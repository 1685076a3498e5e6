// RBAC checks of kube-apiserver 1.33 (pkg/apis/rbac/validation): policy rules, role references, subjects.
import { fieldErr, GoValue, type FieldError } from '../../errors/field-error.js';
import { isValidPathSegmentName, nameIsDNSSubdomain } from '../../validation/names.js';
import { list, type Obj, record, str } from './untyped.js';

const RBAC_GROUP = 'rbac.authorization.k8s.io';
const strings = (v: unknown): string[] => list(v).map(str);

function validatePolicyRule(rule: unknown, namespaced: boolean, p: string): FieldError[] {
  const r = record(rule);
  const errs: FieldError[] = [];
  if (!list(r.verbs).length) errs.push(fieldErr.required(`${p}.verbs`, 'verbs must contain at least one value'));
  const urls = strings(r.nonResourceURLs);
  if (urls.length) {
    if (namespaced) errs.push(fieldErr.invalid(`${p}.nonResourceURLs`, urls, 'namespaced rules cannot apply to non-resource URLs'));
    if (list(r.apiGroups).length || list(r.resources).length || list(r.resourceNames).length) {
      errs.push(fieldErr.invalid(`${p}.nonResourceURLs`, urls, 'rules cannot apply to both regular resources and non-resource URLs'));
    }
    return errs;
  }
  if (!list(r.apiGroups).length) errs.push(fieldErr.required(`${p}.apiGroups`, 'resource rules must supply at least one api group'));
  if (!list(r.resources).length) errs.push(fieldErr.required(`${p}.resources`, 'resource rules must supply at least one resource'));
  if (list(r.resourceNames).length && list(r.resources).length > 1) {
    errs.push(fieldErr.required(`${p}.resourceNames`, 'resource names cannot apply to multiple resources'));
  }
  return errs;
}

/** Rules of a Role (namespaced) or ClusterRole. */
export function validateRoleRules(role: unknown, namespaced: boolean): FieldError[] {
  return list(record(role).rules).flatMap((rule, i) => validatePolicyRule(rule, namespaced, `rules[${i}]`));
}

function validateSubject(subject: unknown, namespaced: boolean, p: string): FieldError[] {
  const s = record(subject);
  const name = str(s.name);
  const apiGroup = str(s.apiGroup);
  const errs: FieldError[] = [];
  if (!name) errs.push(fieldErr.required(`${p}.name`));
  switch (str(s.kind)) {
    case 'ServiceAccount':
      if (name) errs.push(...nameIsDNSSubdomain(name, false).map((m) => fieldErr.invalid(`${p}.name`, name, m)));
      if (apiGroup) errs.push(fieldErr.notSupported(`${p}.apiGroup`, apiGroup, ['']));
      if (!namespaced && !str(s.namespace)) errs.push(fieldErr.required(`${p}.namespace`));
      break;
    case 'User':
    case 'Group':
      if (!name) errs.push(fieldErr.invalid(`${p}.name`, name, `${str(s.kind).toLowerCase()} name cannot be empty`));
      if (apiGroup !== RBAC_GROUP) errs.push(fieldErr.notSupported(`${p}.apiGroup`, apiGroup, [RBAC_GROUP]));
      break;
    default:
      errs.push(fieldErr.notSupported(`${p}.kind`, str(s.kind), ['ServiceAccount', 'User', 'Group']));
  }
  return errs;
}

/** roleRef and subjects of a RoleBinding (namespaced) or ClusterRoleBinding. */
export function validateBinding(binding: unknown, namespaced: boolean): FieldError[] {
  const b = record(binding);
  const ref = record(b.roleRef);
  const errs: FieldError[] = [];
  if (str(ref.apiGroup) !== RBAC_GROUP) errs.push(fieldErr.notSupported('roleRef.apiGroup', str(ref.apiGroup), [RBAC_GROUP]));
  const kinds = namespaced ? ['Role', 'ClusterRole'] : ['ClusterRole'];
  if (!kinds.includes(str(ref.kind))) errs.push(fieldErr.notSupported('roleRef.kind', str(ref.kind), kinds));
  const refName = str(ref.name);
  if (!refName) errs.push(fieldErr.required('roleRef.name'));
  else errs.push(...isValidPathSegmentName(refName).map((m) => fieldErr.invalid('roleRef.name', refName, m)));
  list(b.subjects).forEach((s, i) => errs.push(...validateSubject(s, namespaced, `subjects[${i}]`)));
  return errs;
}

/** %#v of the internal rbac.RoleRef. */
const goRoleRef = (ref: Obj): GoValue =>
  new GoValue(`rbac.RoleRef{APIGroup:${JSON.stringify(str(ref.apiGroup))}, Kind:${JSON.stringify(str(ref.kind))}, Name:${JSON.stringify(str(ref.name))}}`);

/** A binding's roleRef never changes. */
export function validateRoleRefUnchanged(binding: unknown, old: unknown): FieldError[] {
  const n = record(record(binding).roleRef);
  const o = record(record(old).roleRef);
  const same = ['apiGroup', 'kind', 'name'].every((k) => str(n[k]) === str(o[k]));
  return same ? [] : [fieldErr.invalid('roleRef', goRoleRef(n), 'cannot change roleRef')];
}
