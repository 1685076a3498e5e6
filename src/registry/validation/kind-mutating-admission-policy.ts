// MutatingAdmissionPolicy and MutatingAdmissionPolicyBinding validation (kube 1.33's admissionregistration
// validation of the v1alpha1 kinds): failure policy, paramKind, match constraints, match conditions and variables
// as for ValidatingAdmissionPolicy, then the mutations (patch type, the expression of that type only, compiled with
// its return type) and the reinvocation policy; the binding's policy name, paramRef and match resources.
import { compileMutatingPolicy, type MutatingPolicySpec } from '../../cel/mutating-admission-policy.js';
import { fieldErr, type FieldError } from '../../errors/field-error.js';
import { isDNS1123Subdomain, isQualifiedName } from '../../validation/names.js';
import { celError, isCELIdentifier, validateMatchResources, validateParamKind, validateParamRef } from './kind-admission-policy.js';
import { isSet, list, type Obj, record, str } from './untyped.js';


const FAILURE_POLICIES = ['Fail', 'Ignore'];
const PATCH_TYPES = ['ApplyConfiguration', 'JSONPatch'];
const REINVOCATION_POLICIES = ['IfNeeded', 'Never'];

function preexisting(old: unknown): Set<string> {
  const spec = record(record(old).spec);
  const out = new Set<string>();
  for (const m of list(spec.matchConditions)) out.add(str(record(m).expression));
  for (const v of list(spec.variables)) out.add(str(record(v).expression));
  for (const m of list(spec.mutations)) {
    out.add(str(record(record(m).applyConfiguration).expression));
    out.add(str(record(record(m).jsonPatch).expression));
  }
  return out;
}

/** The spec checks of a MutatingAdmissionPolicy (`old` on update: its expressions compile as stored ones). */
export function validateMutatingAdmissionPolicySpec(obj: unknown, old?: unknown): FieldError[] {
  const spec = record(record(obj).spec);
  const errs: FieldError[] = [];
  const stored = old === undefined ? new Set<string>() : preexisting(old);
  const compiled = compileMutatingPolicy(spec as MutatingPolicySpec, (e) => (stored.has(e) ? 'StoredExpressions' : 'NewExpressions'));
  if (!isSet(spec.failurePolicy)) errs.push(fieldErr.required('spec.failurePolicy', ''));
  else if (!FAILURE_POLICIES.includes(str(spec.failurePolicy))) errs.push(fieldErr.notSupported('spec.failurePolicy', str(spec.failurePolicy), FAILURE_POLICIES));
  if (isSet(spec.paramKind)) errs.push(...validateParamKind(record(spec.paramKind), 'spec.paramKind'));
  if (!isSet(spec.matchConstraints)) errs.push(fieldErr.required('spec.matchConstraints', ''));
  else {
    errs.push(...validateMatchResources(spec.matchConstraints, 'spec.matchConstraints'));
    if (list(record(spec.matchConstraints).resourceRules).length === 0) errs.push(fieldErr.required('spec.matchConstraints.resourceRules', ''));
  }
  const conditions = list(spec.matchConditions);
  if (conditions.length > 64) errs.push(fieldErr.tooMany('spec.matchConditions', conditions.length, 64));
  const names = new Set<string>();
  conditions.forEach((c, i) => {
    const m = record(c);
    const path = `spec.matchConditions[${i}]`;
    if (str(m.expression).trim() === '') errs.push(fieldErr.required(`${path}.expression`, ''));
    else errs.push(...celError(`${path}.expression`, compiled.matchConditions[i]?.compiled));
    const n = str(m.name);
    if (n === '') errs.push(fieldErr.required(`${path}.name`, ''));
    else for (const msg of isQualifiedName(n)) errs.push(fieldErr.invalid(`${path}.name`, n, msg));
    if (n && names.has(n)) errs.push(fieldErr.duplicate(`${path}.name`, n));
    if (n) names.add(n);
  });
  const variableResults = [...compiled.variables.values()];
  list(spec.variables).forEach((v, i) => {
    const r = record(v);
    const path = `spec.variables[${i}]`;
    const n = str(r.name);
    if (n.trim() === '') errs.push(fieldErr.required(`${path}.name`, 'name is not specified'));
    else if (!isCELIdentifier(n)) errs.push(fieldErr.invalid(`${path}.name`, n, 'name is not a valid CEL identifier'));
    if (str(r.expression).trim() === '') errs.push(fieldErr.required(`${path}.expression`, 'expression is not specified'));
    else errs.push(...celError(`${path}.expression`, variableResults[i]));
  });
  const mutations = list(spec.mutations);
  if (mutations.length === 0) errs.push(fieldErr.required('spec.mutations', 'mutations must contain at least one item'));
  let compiledIndex = 0;
  mutations.forEach((m, i) => {
    const r = record(m);
    const path = `spec.mutations[${i}]`;
    const patchType = str(r.patchType);
    const apply = r.applyConfiguration;
    const patch = r.jsonPatch;
    const own = patchType === 'ApplyConfiguration' ? { name: 'applyConfiguration', v: apply, other: 'jsonPatch', otherV: patch }
      : patchType === 'JSONPatch' ? { name: 'jsonPatch', v: patch, other: 'applyConfiguration', otherV: apply } : undefined;
    if (patchType === '') errs.push(fieldErr.required(`${path}.patchType`, ''));
    else if (!own) errs.push(fieldErr.notSupported(`${path}.patchType`, patchType, PATCH_TYPES));
    if (!own) return;
    if (isSet(own.otherV)) errs.push(fieldErr.forbidden(`${path}.${own.other}`, `must not be specified when patchType is ${patchType}`));
    if (!isSet(own.v)) {
      errs.push(fieldErr.required(`${path}.${own.name}`, `must be specified when patchType is ${patchType}`));
      return;
    }
    const c = compiled.mutations[compiledIndex++]?.compiled;
    const expression = str(record(own.v).expression);
    if (expression.trim() === '') errs.push(fieldErr.required(`${path}.${own.name}.expression`, 'expression is not specified'));
    else errs.push(...celError(`${path}.${own.name}.expression`, c));
  });
  const reinvocation = str(spec.reinvocationPolicy);
  if (reinvocation === '') errs.push(fieldErr.required('spec.reinvocationPolicy', ''));
  else if (!REINVOCATION_POLICIES.includes(reinvocation)) errs.push(fieldErr.notSupported('spec.reinvocationPolicy', reinvocation, REINVOCATION_POLICIES));
  return errs;
}

/** The spec checks of a MutatingAdmissionPolicyBinding. */
export function validateMutatingAdmissionPolicyBindingSpec(obj: unknown): FieldError[] {
  const spec = record(record(obj).spec);
  const errs: FieldError[] = [];
  const policyName = str(spec.policyName);
  if (policyName === '') errs.push(fieldErr.required('spec.policyName', ''));
  else for (const msg of isDNS1123Subdomain(policyName)) errs.push(fieldErr.invalid('spec.policyName', policyName, msg));
  errs.push(...validateParamRef(spec.paramRef, 'spec.paramRef'));
  errs.push(...validateMatchResources(spec.matchResources, 'spec.matchResources'));
  return errs;
}
