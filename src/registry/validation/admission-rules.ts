// What the admission configuration kinds validate alike (kube's admissionregistration validation): the rules with
// operations (webhooks' `rules`, policies' resource rules) and the match conditions. The two print a list value in
// a field error differently (webhooks as the list, policies as Go's %#v of the typed slice), so the caller says how.
import { fieldErr, type FieldError } from '../../errors/field-error.js';
import { isQualifiedName } from '../../validation/names.js';
import { isSet, list, type Obj, record, str } from './untyped.js';

const OPERATIONS = ['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE'];
const SCOPES = ['*', 'Cluster', 'Namespaced'];

/** How a kind's field errors print a list value (`goType`: the Go element type kube's %#v names) and a scope. */
export interface RuleValuePrinter {
  list(goType: string, values: string[]): unknown;
  scope(value: unknown): unknown;
}

function validateResources(resources: string[], path: string, print: RuleValuePrinter): FieldError[] {
  const errs: FieldError[] = [];
  if (resources.length === 0) errs.push(fieldErr.required(path, ''));
  const withWildcardSub = new Set<string>();
  const subWithWildcardRes = new Set<string>();
  let doubleWildcard = false;
  let singleWildcard = false;
  let withoutSub = false;
  resources.forEach((resSub, i) => {
    if (resSub === '') {
      errs.push(fieldErr.required(`${path}[${i}]`, ''));
      return;
    }
    if (resSub === '*/*') doubleWildcard = true;
    if (resSub === '*') singleWildcard = true;
    const slash = resSub.indexOf('/');
    if (slash < 0) {
      withoutSub = resSub !== '*';
      return;
    }
    const res = resSub.slice(0, slash);
    const sub = resSub.slice(slash + 1);
    if (withWildcardSub.has(res)) errs.push(fieldErr.invalid(`${path}[${i}]`, resSub, `if '${res}/*' is present, must not specify ${resSub}`));
    if (subWithWildcardRes.has(sub)) errs.push(fieldErr.invalid(`${path}[${i}]`, resSub, `if '*/${sub}' is present, must not specify ${resSub}`));
    if (sub === '*') withWildcardSub.add(res);
    if (res === '*') subWithWildcardRes.add(sub);
  });
  if (resources.length > 1 && doubleWildcard) errs.push(fieldErr.invalid(path, print.list('string', resources), "if '*/*' is present, must not specify other resources"));
  if (singleWildcard && withoutSub) errs.push(fieldErr.invalid(path, print.list('string', resources), "if '*' is present, must not specify other resources without subresources"));
  return errs;
}

/** kube's validateRuleWithOperations: operations, API groups and versions, resources and scope. */
export function validateRuleWithOperations(rule: Obj, path: string, print: RuleValuePrinter): FieldError[] {
  const errs: FieldError[] = [];
  const ops = list(rule.operations).map(str);
  if (ops.length === 0) errs.push(fieldErr.required(`${path}.operations`, ''));
  if (ops.length > 1 && ops.includes('*')) errs.push(fieldErr.invalid(`${path}.operations`, print.list('admissionregistration.OperationType', ops), "if '*' is present, must not specify other operations"));
  ops.forEach((op, i) => {
    if (!OPERATIONS.includes(op)) errs.push(fieldErr.notSupported(`${path}.operations[${i}]`, op, OPERATIONS));
  });
  const groups = list(rule.apiGroups).map(str);
  if (groups.length === 0) errs.push(fieldErr.required(`${path}.apiGroups`, ''));
  if (groups.length > 1 && groups.includes('*')) errs.push(fieldErr.invalid(`${path}.apiGroups`, print.list('string', groups), "if '*' is present, must not specify other API groups"));
  const versions = list(rule.apiVersions).map(str);
  if (versions.length === 0) errs.push(fieldErr.required(`${path}.apiVersions`, ''));
  if (versions.length > 1 && versions.includes('*')) errs.push(fieldErr.invalid(`${path}.apiVersions`, print.list('string', versions), "if '*' is present, must not specify other API versions"));
  versions.forEach((v, i) => {
    if (v === '') errs.push(fieldErr.required(`${path}.apiVersions[${i}]`, ''));
  });
  errs.push(...validateResources(list(rule.resources).map(str), `${path}.resources`, print));
  if (isSet(rule.scope) && !SCOPES.includes(str(rule.scope))) errs.push(fieldErr.notSupported(`${path}.scope`, print.scope(rule.scope), SCOPES));
  return errs;
}

/**
 * kube's validateMatchConditions: at most 64, each with an expression (`compile` gives its compilation errors, the
 * expression trimmed) and a unique qualified name.
 */
export function validateMatchConditions(conditions: unknown[], path: string, compile: (expression: string, index: number) => FieldError[]): FieldError[] {
  const errs: FieldError[] = [];
  if (conditions.length > 64) errs.push(fieldErr.tooMany(path, conditions.length, 64));
  const names = new Set<string>();
  conditions.forEach((c, i) => {
    const m = record(c);
    const p = `${path}[${i}]`;
    const expression = str(m.expression).trim();
    if (expression === '') errs.push(fieldErr.required(`${p}.expression`, ''));
    else errs.push(...compile(expression, i));
    const n = str(m.name);
    if (n === '') errs.push(fieldErr.required(`${p}.name`, ''));
    else for (const msg of isQualifiedName(n)) errs.push(fieldErr.invalid(`${p}.name`, n, msg));
    if (n && names.has(n)) errs.push(fieldErr.duplicate(`${p}.name`, n));
    if (n) names.add(n);
  });
  return errs;
}
