// ValidatingAdmissionPolicy and ValidatingAdmissionPolicyBinding validation (kube's admissionregistration
// validation): failure policy, paramKind, match resources and their rules, match conditions, variables,
// validations and audit annotations, with every CEL expression compiled as the plug-in compiles it
// (NewExpressions for expressions the stored policy did not already have), and the binding's policy name,
// paramRef, match resources and validation actions.
import { compilePolicy, type CompiledExpression, type PolicySpec } from '../../cel/admission-policy.js';
import { fieldErr, GoValue, type FieldError } from '../../errors/field-error.js';
import { isDNS1035Label, isDNS1123Subdomain, isQualifiedName, isValidPathSegmentName } from '../../validation/names.js';
import { validateLabelSelector } from './label-selector.js';
import { validateMatchConditions, validateRuleWithOperations, type RuleValuePrinter } from './admission-rules.js';
import { isSet, list, type Obj, record, str } from './untyped.js';


const FAILURE_POLICIES = ['Fail', 'Ignore'];
const MATCH_POLICIES = ['Equivalent', 'Exact'];
const REASONS = ['Forbidden', 'Invalid', 'RequestEntityTooLarge'];
const ACTIONS = ['Audit', 'Deny', 'Warn'];
const MAX_AUDIT_ANNOTATIONS = 20;
const MAX_VALUE_EXPRESSION_LENGTH = 5 * 1024;

const goStrings = (type: string, v: unknown[]) => new GoValue(`[]${type}{${v.map((x) => JSON.stringify(str(x))).join(', ')}}`);

/** Policies print a list value as Go's %#v of the typed slice. */
const POLICY_VALUES: RuleValuePrinter = { list: goStrings, scope: str };

function validateNamedRule(rule: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  list(rule.resourceNames).forEach((n, i) => {
    const name = str(n);
    for (const msg of isValidPathSegmentName(name)) errs.push(fieldErr.invalid(`${path}.resourceNames[${i}]`, name, msg));
    if (seen.has(name)) errs.push(fieldErr.duplicate(`${path}.resourceNames[${i}]`, name));
    seen.add(name);
  });
  return [...errs, ...validateRuleWithOperations(rule, path, POLICY_VALUES)];
}

export function validateMatchResources(v: unknown, path: string): FieldError[] {
  if (!isSet(v)) return [];
  const m = record(v);
  const errs: FieldError[] = [];
  if (!isSet(m.matchPolicy)) errs.push(fieldErr.required(`${path}.matchPolicy`, ''));
  else if (!MATCH_POLICIES.includes(str(m.matchPolicy))) errs.push(fieldErr.notSupported(`${path}.matchPolicy`, str(m.matchPolicy), MATCH_POLICIES));
  if (!isSet(m.namespaceSelector)) errs.push(fieldErr.required(`${path}.namespaceSelector`, ''));
  else errs.push(...validateLabelSelector(m.namespaceSelector, `${path}.namespaceSelector`));
  if (!isSet(m.objectSelector)) errs.push(fieldErr.required(`${path}.objectSelector`, ''));
  else errs.push(...validateLabelSelector(m.objectSelector, `${path}.objectSelector`));
  list(m.resourceRules).forEach((r, i) => errs.push(...validateNamedRule(record(r), `${path}.resourceRules[${i}]`)));
  list(m.excludeResourceRules).forEach((r, i) => errs.push(...validateNamedRule(record(r), `${path}.excludeResourceRules[${i}]`)));
  return errs;
}

export function validateParamKind(v: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const apiVersion = str(v.apiVersion);
  if (apiVersion === '') errs.push(fieldErr.required(`${path}.apiVersion`, ''));
  else {
    const slashes = apiVersion.split('/').length - 1;
    if (slashes > 1) errs.push(fieldErr.invalid(`${path}.apiVersion`, apiVersion, `unexpected GroupVersion string: ${apiVersion}`));
    else {
      const [group, version] = apiVersion === '/' ? ['', ''] : slashes === 0 ? ['', apiVersion] : apiVersion.split('/') as [string, string];
      if (group) {
        const e = isDNS1123Subdomain(group);
        if (e.length) errs.push(fieldErr.invalid(`${path}.apiVersion`, group, e.join(',')));
      }
      if (!version) errs.push(fieldErr.invalid(`${path}.apiVersion`, apiVersion, 'version must be specified'));
      else {
        const e = isDNS1035Label(version);
        if (e.length) errs.push(fieldErr.invalid(`${path}.apiVersion`, version, e.join(',')));
      }
    }
  }
  const kind = str(v.kind);
  if (kind === '') errs.push(fieldErr.required(`${path}.kind`, ''));
  else {
    const e = isDNS1035Label(kind.toLowerCase());
    if (e.length) errs.push(fieldErr.invalid(`${path}.kind`, kind, `may have mixed case, but should otherwise match: ${e.join(',')}`));
  }
  return errs;
}

/** A compilation result as kube's field error (the expression as the value). */
export const celError = (path: string, c: CompiledExpression | undefined): FieldError[] => (c?.error ? [fieldErr.invalid(path, c.expression, c.error)] : []);

export const isCELIdentifier = (name: string) => /^[_a-zA-Z][_a-zA-Z0-9]*$/.test(name) && !['true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while'].includes(name);

/** Compilation results of a policy's match conditions and variables, in spec order. */
interface CompiledHead {
  matchConditions: readonly ({ compiled?: CompiledExpression } | undefined)[];
  variables: ReadonlyMap<string, CompiledExpression>;
}

/**
 * What ValidatingAdmissionPolicy and MutatingAdmissionPolicy specs share: failure policy, paramKind, match
 * constraints, match conditions (`checkConditions` false: not checked again) and variables.
 */
export function validatePolicySpecHead(spec: Obj, compiled: CompiledHead, checkConditions: boolean): FieldError[] {
  const errs: FieldError[] = [];
  if (!isSet(spec.failurePolicy)) errs.push(fieldErr.required('spec.failurePolicy', ''));
  else if (!FAILURE_POLICIES.includes(str(spec.failurePolicy))) errs.push(fieldErr.notSupported('spec.failurePolicy', str(spec.failurePolicy), FAILURE_POLICIES));
  if (isSet(spec.paramKind)) errs.push(...validateParamKind(record(spec.paramKind), 'spec.paramKind'));
  if (!isSet(spec.matchConstraints)) errs.push(fieldErr.required('spec.matchConstraints', ''));
  else {
    errs.push(...validateMatchResources(spec.matchConstraints, 'spec.matchConstraints'));
    if (list(record(spec.matchConstraints).resourceRules).length === 0) errs.push(fieldErr.required('spec.matchConstraints.resourceRules', ''));
  }
  if (checkConditions) {
    errs.push(...validateMatchConditions(list(spec.matchConditions), 'spec.matchConditions', (_e, i) => celError(`spec.matchConditions[${i}].expression`, compiled.matchConditions[i]?.compiled)));
  }
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
  return errs;
}

/** What both policy bindings' specs share: the policy name, paramRef and match resources (at `matchResourcesPath`). */
export function validatePolicyBindingSpecHead(spec: Obj, matchResourcesPath: string): FieldError[] {
  const errs: FieldError[] = [];
  const policyName = str(spec.policyName);
  if (policyName === '') errs.push(fieldErr.required('spec.policyName', ''));
  else for (const msg of isDNS1123Subdomain(policyName)) errs.push(fieldErr.invalid('spec.policyName', policyName, msg));
  errs.push(...validateParamRef(spec.paramRef, 'spec.paramRef'));
  errs.push(...validateMatchResources(spec.matchResources, matchResourcesPath));
  return errs;
}

/** Expressions of the stored policy (compiled in the StoredExpressions environment on update). */
function preexisting(old: unknown): Set<string> {
  const spec = record(record(old).spec);
  const out = new Set<string>();
  for (const m of list(spec.matchConditions)) out.add(str(record(m).expression));
  for (const v of list(spec.validations)) {
    out.add(str(record(v).expression));
    if (str(record(v).messageExpression)) out.add(str(record(v).messageExpression));
  }
  for (const a of list(spec.auditAnnotations)) out.add(str(record(a).valueExpression));
  return out;
}

/** ValidateValidatingAdmissionPolicy's spec checks (`old` on update: its expressions compile as stored ones). */
export function validateValidatingAdmissionPolicySpec(obj: unknown, old?: unknown): FieldError[] {
  const o = record(obj);
  const spec = record(o.spec);
  const name = str(record(o.metadata).name);
  const errs: FieldError[] = [];
  const stored = old === undefined ? new Set<string>() : preexisting(old);
  const compiled = compilePolicy(spec as PolicySpec, (e) => (stored.has(e) ? 'StoredExpressions' : 'NewExpressions'));
  // Match conditions are not checked again on an update that changes neither them nor the paramKind.
  const oldSpec = record(record(old).spec);
  const sameConditions = old !== undefined && JSON.stringify(oldSpec.matchConditions ?? null) === JSON.stringify(spec.matchConditions ?? null)
    && JSON.stringify(oldSpec.paramKind ?? null) === JSON.stringify(spec.paramKind ?? null);
  errs.push(...validatePolicySpecHead(spec, compiled, !sameConditions));
  const validations = list(spec.validations);
  const annotations = list(spec.auditAnnotations);
  if (validations.length === 0 && annotations.length === 0) {
    errs.push(fieldErr.required('spec.validations', 'validations or auditAnnotations must contain at least one item'));
    errs.push(fieldErr.required('spec.auditAnnotations', 'validations or auditAnnotations must contain at least one item'));
    return errs;
  }
  validations.forEach((v, i) => {
    const r = record(v);
    const path = `spec.validations[${i}]`;
    const c = compiled.validations[i];
    if (str(r.expression).trim() === '') errs.push(fieldErr.required(`${path}.expression`, 'expression is not specified'));
    else errs.push(...celError(`${path}.expression`, c?.compiled));
    const me = str(r.messageExpression);
    if (me.length > 0 && me.trim() === '') errs.push(fieldErr.invalid(`${path}.messageExpression`, me, 'must be non-empty if specified'));
    else if (me.trim() !== '') errs.push(...celError(`${path}.messageExpression`, c?.message));
    const msg = str(r.message);
    if (msg.length > 0 && msg.trim() === '') errs.push(fieldErr.invalid(`${path}.message`, msg, 'message must be non-empty if specified'));
    else if (/[\n\r]/.test(msg.trim())) errs.push(fieldErr.invalid(`${path}.message`, msg, 'message must not contain line breaks'));
    if (isSet(r.reason) && !REASONS.includes(str(r.reason))) errs.push(fieldErr.notSupported(`${path}.reason`, str(r.reason), REASONS));
  });
  if (annotations.length > MAX_AUDIT_ANNOTATIONS) {
    errs.push(fieldErr.invalid('spec.auditAnnotations', new GoValue('[]admissionregistration.AuditAnnotation{...}'), `must not have more than ${MAX_AUDIT_ANNOTATIONS} auditAnnotations`));
  }
  const keys = new Set<string>();
  annotations.forEach((a, i) => {
    const r = record(a);
    const path = `spec.auditAnnotations[${i}]`;
    const key = str(r.key);
    if (name) for (const msg of isQualifiedName(`${name}/${key}`)) errs.push(fieldErr.invalid(`${path}.key`, `${name}/${key}`, msg));
    else errs.push(fieldErr.invalid(`${path}.key`, key, 'requires metadata.name be non-empty'));
    const ve = str(r.valueExpression);
    if (ve.trim() === '') errs.push(fieldErr.required(`${path}.valueExpression`, 'valueExpression is not specified'));
    else if (ve.trim().length > MAX_VALUE_EXPRESSION_LENGTH) errs.push(fieldErr.required(`${path}.valueExpression`, `must not exceed ${MAX_VALUE_EXPRESSION_LENGTH} bytes in length`));
    else {
      const c = compiled.auditAnnotations[i]?.compiled;
      if (c?.error) errs.push(fieldErr.invalid(`${path}.valueExpression`, ve, c.error));
    }
    if (keys.has(key)) errs.push(fieldErr.duplicate(`${path}.key`, key));
    keys.add(key);
  });
  return errs;
}

/** ValidateValidatingAdmissionPolicyBinding's spec checks. */
export function validateValidatingAdmissionPolicyBindingSpec(obj: unknown): FieldError[] {
  const spec = record(record(obj).spec);
  // kube's path has this spelling.
  const errs = validatePolicyBindingSpecHead(spec, 'spec.matchResouces');
  const actions = list(spec.validationActions).map(str);
  const seen = new Set<string>();
  actions.forEach((a, i) => {
    if (!ACTIONS.includes(a)) errs.push(fieldErr.notSupported(`spec.validationActions[${i}]`, a, ACTIONS));
    if (seen.has(a)) errs.push(fieldErr.duplicate(`spec.validationActions[${i}]`, a));
    seen.add(a);
  });
  if (seen.has('Deny') && seen.has('Warn')) {
    errs.push(fieldErr.invalid('spec.validationActions', goStrings('admissionregistration.ValidationAction', actions), 'must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)'));
  }
  if (seen.size === 0) errs.push(fieldErr.required('spec.validationActions', 'at least one validation action is required'));
  return errs;
}

/** kube's validateParamRef. */
export function validateParamRef(v: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!isSet(v)) return errs;
  const pr = record(v);
  const name = str(pr.name);
  if (name.length > 0) {
    for (const msg of isValidPathSegmentName(name)) errs.push(fieldErr.invalid(`${path}.name`, name, msg));
    if (isSet(pr.selector)) errs.push(fieldErr.forbidden(`${path}.name`, 'name and selector are mutually exclusive'));
  }
  if (isSet(pr.selector)) {
    errs.push(...validateLabelSelector(pr.selector, `${path}.selector`));
    if (name.length > 0) errs.push(fieldErr.forbidden(`${path}.selector`, 'name and selector are mutually exclusive'));
  }
  if (name.length === 0 && !isSet(pr.selector)) errs.push(fieldErr.required(path, 'one of name or selector must be specified'));
  const action = str(pr.parameterNotFoundAction);
  if (action === '') errs.push(fieldErr.required(`${path}.parameterNotFoundAction`, ''));
  else if (action !== 'Deny' && action !== 'Allow') errs.push(fieldErr.notSupported(`${path}.parameterNotFoundAction`, action, ['Deny', 'Allow']));
  return errs;
}
