// MutatingAdmissionPolicy and MutatingAdmissionPolicyBinding validation (kube 1.33's admissionregistration
// validation of the v1alpha1 kinds): failure policy, paramKind, match constraints, match conditions and variables
// as for ValidatingAdmissionPolicy, then the mutations (patch type, the expression of that type only, compiled with
// its return type) and the reinvocation policy; the binding's policy name, paramRef and match resources.
import { compileMutatingPolicy, type MutatingPolicySpec } from '../../cel/mutating-admission-policy.js';
import { fieldErr, type FieldError } from '../../errors/field-error.js';
import { celError, validatePolicyBindingSpecHead, validatePolicySpecHead } from './kind-admission-policy.js';
import { isSet, list, type Obj, record, str } from './untyped.js';


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
  errs.push(...validatePolicySpecHead(spec, compiled, true));
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
  return validatePolicyBindingSpecHead(record(record(obj).spec), 'spec.matchResources');
}
