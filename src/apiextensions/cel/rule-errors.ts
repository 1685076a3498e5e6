// The errors a CRD write gets for its `x-kubernetes-validations` (kube's apiextensions validation): the
// shape of each rule, then compilation, output types, estimated costs per rule and per schema, transition
// rules on uncorrelatable lists and optionalOldSelf without oldSelf.
import type { JSONSchemaProps } from '../../api/json-schema-props.js';
import { fieldErr, GoValue, type FieldError } from '../../errors/field-error.js';
import { estimatedRuleCostMessage, STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT, budgetFactor } from '../../cel/index.js';
import { ESTIMATED_COST_HINT } from '../../cel/kube-env.js';
import { compileSchemaRules, type RuleNode, type ValidationRuleSpec } from './compile-rules.js';
import { resolveFieldPath } from './field-path.js';

const REASONS = ['FieldValueDuplicate', 'FieldValueForbidden', 'FieldValueInvalid', 'FieldValueRequired'];
const hasNewlines = (s: string) => /[\n\r]/.test(s);

/** Go's %#v of an apiextensions.ValidationRule, as field.Invalid prints a struct value. */
function goRule(r: ValidationRuleSpec): GoValue {
  const q = (s: string | undefined) => JSON.stringify(s ?? '');
  const reason = r.reason === undefined ? '(*apiextensions.FieldValueErrorReason)(nil)' : `(*apiextensions.FieldValueErrorReason)(${q(r.reason)})`;
  const opt = r.optionalOldSelf === undefined ? '(*bool)(nil)' : `(*bool)(${r.optionalOldSelf})`;
  return new GoValue(`apiextensions.ValidationRule{Rule:${q(r.rule)}, Message:${q(r.message)}, MessageExpression:${q(r.messageExpression)}, Reason:${reason}, FieldPath:${q(r.fieldPath)}, OptionalOldSelf:${opt}}`);
}

/** The shape checks of every rule in the schema (kube's SchemaErrors for x-kubernetes-validations). */
function shapeErrors(schema: JSONSchemaProps, path: string, errs: FieldError[]): void {
  const specs = (schema['x-kubernetes-validations'] ?? []) as ValidationRuleSpec[];
  specs.forEach((r, i) => {
    const p = `${path}.x-kubernetes-validations[${i}]`;
    const rule = (r.rule ?? '').trim();
    const msg = (r.message ?? '').trim();
    if (!rule) errs.push(fieldErr.required(`${p}.rule`, 'rule is not specified'));
    else if ((r.message ?? '').length > 0 && !msg) errs.push(fieldErr.invalid(`${p}.message`, r.message, 'message must be non-empty if specified'));
    else if (hasNewlines(msg)) errs.push(fieldErr.invalid(`${p}.message`, r.message, 'message must not contain line breaks'));
    else if (hasNewlines(rule) && !msg) errs.push(fieldErr.required(`${p}.message`, 'message must be specified if rule contains line breaks'));
    if ((r.messageExpression ?? '').length > 0 && !(r.messageExpression ?? '').trim()) {
      errs.push(fieldErr.required(`${p}.messageExpression`, 'messageExpression must be non-empty if specified'));
    }
    if (r.reason !== undefined && !REASONS.includes(r.reason)) errs.push(fieldErr.notSupported(`${p}.reason`, r.reason, REASONS));
    const fp = r.fieldPath ?? '';
    if (fp.length > 0 && !fp.trim()) errs.push(fieldErr.invalid(`${p}.fieldPath`, fp, 'fieldPath must be non-empty if specified'));
    if (hasNewlines(fp)) errs.push(fieldErr.invalid(`${p}.fieldPath`, fp, 'fieldPath must not contain line breaks'));
    if (fp.length > 0 && resolveFieldPath(schema, fp) === undefined) errs.push(fieldErr.invalid(`${p}.fieldPath`, fp, 'fieldPath must be a valid path'));
  });
  for (const [name, prop] of Object.entries(schema.properties ?? {})) shapeErrors(prop, `${path}.properties[${name}]`, errs);
  if (schema.items && !Array.isArray(schema.items)) shapeErrors(schema.items, `${path}.items`, errs);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') shapeErrors(schema.additionalProperties, `${path}.additionalProperties`, errs);
}

interface Observed { path: string; cost: number }

function celErrors(node: RuleNode, path: string, errs: FieldError[], observed: Observed[]): void {
  // kube checks a node's rules after its children's (property order: sorted, where kube's map order is random).
  for (const [name, child] of [...(node.properties ?? [])].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) celErrors(child, `${path}.properties[${name}]`, errs, observed);
  if (node.items) celErrors(node.items, `${path}.items`, errs, observed);
  if (node.additionalProperties) celErrors(node.additionalProperties, `${path}.additionalProperties`, errs, observed);
  node.rules.forEach((c, i) => {
    const p = `${path}.x-kubernetes-validations[${i}]`;
    if (c.cost > STATIC_ESTIMATED_COST_LIMIT) errs.push(fieldErr.forbidden(`${p}.rule`, estimatedRuleCostMessage(c.cost)));
    observed.push({ path: `${p}.rule`, cost: c.cost });
    if (c.error) errs.push(fieldErr.invalid(`${p}.rule`, goRule(c.spec), c.error));
    if (c.messageError) errs.push(fieldErr.invalid(`${p}.messageExpression`, goRule(c.spec), c.messageError));
    else if (c.messageProgram) {
      if (c.messageCost > STATIC_ESTIMATED_COST_LIMIT) errs.push(fieldErr.forbidden(`${p}.messageExpression`, estimatedRuleCostMessage(c.messageCost, STATIC_ESTIMATED_COST_LIMIT, 'messageExpression')));
      observed.push({ path: `${p}.messageExpression`, cost: c.messageCost });
    }
    if (c.usesOldSelf) {
      if (node.uncorrelatable !== undefined) errs.push(fieldErr.invalid(`${p}.rule`, c.spec.rule, `oldSelf cannot be used on the uncorrelatable portion of the schema within ${node.uncorrelatable}`));
    } else if (c.program && c.spec.optionalOldSelf !== undefined) {
      errs.push(fieldErr.invalid(`${p}.optionalOldSelf`, c.spec.optionalOldSelf, 'may not be set if oldSelf is not used in rule'));
    }
  });
}

/**
 * All rule errors of one schema at `path` (e.g. `spec.versions[0].schema.openAPIV3Schema`). CEL is compiled
 * only when the rules' shapes and the schema itself (`schemaValid`) are sound.
 */
export function validationRuleErrors(schema: JSONSchemaProps, path: string, schemaValid: boolean, existing?: ReadonlySet<string>, observeCompilation?: (seconds: number) => void): FieldError[] {
  const errs: FieldError[] = [];
  shapeErrors(schema, path, errs);
  if (errs.length || !schemaValid) return errs;
  const root = compileSchemaRules(schema, path, existing, observeCompilation);
  if (!root) return errs;
  const observed: Observed[] = [];
  celErrors(root, path, errs, observed);
  const total = observed.reduce((a, o) => a + o.cost, 0);
  if (total > STATIC_ESTIMATED_CRD_COST_LIMIT) {
    for (const o of observed) {
      if (o.cost >= total / 100) errs.push(fieldErr.forbidden(o.path, 'contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema'));
    }
    errs.push(fieldErr.forbidden(path, `x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of ${budgetFactor(total, STATIC_ESTIMATED_CRD_COST_LIMIT)} ${ESTIMATED_COST_HINT}`));
  }
  return errs;
}
