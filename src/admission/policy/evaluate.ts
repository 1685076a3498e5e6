// Evaluates a compiled ValidatingAdmissionPolicy for one request, binding and param (kube's validating policy
// validator): match conditions, validations with their messages, audit annotations; variables are evaluated
// lazily, once per expression group, and charged to the group's budget. Errors follow the failure policy.
import { matchConditionsOutcome } from '../match-conditions-outcome.js';
import {
  CelError, RUNTIME_CEL_COST_BUDGET, RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS, type ObjectValue,
} from '../../cel/index.js';
import { VARIABLES_TYPE, type CompiledExpression, type CompiledPolicy, type ValidationSpec } from '../../cel/admission-policy.js';

const MAX_MESSAGE_BYTES = 5 * 1024;
export const OUT_OF_BUDGET = 'validation failed due to running out of cost budget, no further validation rules will be run';

export interface Decision {
  action: 'admit' | 'deny';
  evaluation: 'admit' | 'deny' | 'error';
  message: string;
  reason?: string;
}

export type AuditAnnotationResult =
  | { action: 'publish'; key: string; value: string }
  | { action: 'error'; key: string; error: string }
  | { action: 'exclude'; key: string };

export interface ValidateResult {
  decisions: Decision[];
  auditAnnotations: AuditAnnotationResult[];
}

export class OutOfBudget extends Error {}

/** `variables`: each variable evaluated on first use within one expression group. */
class LazyVariables implements ObjectValue {
  readonly celTypeName = VARIABLES_TYPE;
  private readonly values = new Map<string, { value?: unknown; error?: CelError }>();
  /** Cost of variable evaluations not yet charged. */
  pendingCost = 0;
  activation!: Record<string, unknown>;

  constructor(private readonly defs: Map<string, CompiledExpression>) {}

  getField(name: string): unknown {
    let v = this.values.get(name);
    if (!v) {
      v = this.evaluate(name);
      this.values.set(name, v);
    }
    if (v.error) throw v.error;
    return v.value;
  }

  private evaluate(name: string): { value?: unknown; error?: CelError } {
    const def = this.defs.get(name);
    if (!def) return { value: undefined };
    if (!def.program) return { error: new CelError(`composited variable "${name}" fails to compile: ${def.error}`) };
    const r = def.program.evalWithCost(this.activation);
    this.pendingCost += r.cost;
    if (r.error) return { error: new CelError(`composited variable "${name}" fails to evaluate: ${r.error.message}`) };
    return { value: r.value };
  }

  hasField(name: string): boolean { return this.defs.has(name); }
  fieldNames(): string[] { return [...this.defs.keys()]; }
}

export interface Inputs {
  object: unknown;
  oldObject: unknown;
  request: unknown;
  namespaceObject: unknown;
  /** Absent when the policy has no paramKind; null when the binding has no paramRef. */
  params?: unknown;
  authorizer?: unknown;
  requestResource?: unknown;
}

export interface Evaluation { value?: unknown; error?: string }

/** What evaluation needs of a compiled policy (validating or mutating). */
export type PolicyCore = Pick<CompiledPolicy, 'hasParams' | 'variables' | 'matchConditions' | 'failurePolicy'>;

/** One expression group (kube's ForInput): its own lazy variables and a shared budget. */
export class Group {
  private readonly vars: LazyVariables;
  private readonly activation: Record<string, unknown>;

  constructor(policy: PolicyCore, inputs: Inputs, withAuthorizer: boolean, public remaining: number) {
    this.vars = new LazyVariables(policy.variables);
    this.activation = {
      object: inputs.object, oldObject: inputs.oldObject, request: inputs.request, namespaceObject: inputs.namespaceObject, variables: this.vars,
    };
    if (policy.hasParams) this.activation.params = inputs.params ?? null;
    if (withAuthorizer && inputs.authorizer !== undefined) {
      this.activation.authorizer = inputs.authorizer;
      this.activation['authorizer.requestResource'] = inputs.requestResource;
    }
    this.vars.activation = this.activation;
  }

  /** Evaluates; throws OutOfBudget when the group's budget runs out. */
  run(c: CompiledExpression): Evaluation {
    if (!c.program) return { error: `compilation error: ${c.error}` };
    const r = c.program.evalWithCost(this.activation);
    const cost = r.cost + this.vars.pendingCost;
    this.vars.pendingCost = 0;
    if (cost > this.remaining) throw new OutOfBudget();
    this.remaining -= cost;
    if (r.error) return { error: `expression '${c.expression}' resulted in error: ${r.error.message}` };
    return { value: r.value };
  }
}

const errorDecision = (failurePolicy: string, message: string): Decision => ({
  action: failurePolicy === 'Ignore' ? 'admit' : 'deny', evaluation: 'error', message,
});

/** Match conditions: false when one is false; errors follow the failure policy (an Error to report, or no match). */
export function matchConditions(policy: PolicyCore, inputs: Inputs): { matches: boolean; error?: string } {
  if (policy.matchConditions.length === 0) return { matches: true };
  const g = new Group(policy, inputs, true, RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS);
  try {
    return matchConditionsOutcome(policy.matchConditions, (m) => g.run(m.compiled), policy.failurePolicy);
  } catch (e) {
    if (!(e instanceof OutOfBudget)) throw e;
    if (policy.failurePolicy === 'Ignore') return { matches: false };
    return { matches: false, error: OUT_OF_BUDGET };
  }
}

function failureMessage(spec: ValidationSpec, messageResult: Evaluation | undefined): string {
  let message = '';
  if (messageResult && messageResult.error === undefined && typeof messageResult.value === 'string') {
    message = messageResult.value.trim();
    if (Buffer.byteLength(message) > MAX_MESSAGE_BYTES || message.includes('\n')) message = '';
  }
  if (message === '' && spec.message) message = spec.message.trim();
  if (message === '') message = `failed expression: ${(spec.expression ?? '').trim()}`;
  return message;
}

/** Runs a policy for one binding and param. */
export function validate(policy: CompiledPolicy, inputs: Inputs): ValidateResult {
  const f = policy.failurePolicy;
  const match = matchConditions(policy, inputs);
  if (match.error !== undefined) return { decisions: [errorDecision(f, match.error)], auditAnnotations: [] };
  if (!match.matches) return { decisions: [], auditAnnotations: [] };

  const validations = new Group(policy, inputs, true, RUNTIME_CEL_COST_BUDGET);
  let results: Evaluation[];
  try {
    results = policy.validations.map((v) => validations.run(v.compiled));
  } catch (e) {
    if (!(e instanceof OutOfBudget)) throw e;
    return { decisions: [errorDecision(f, OUT_OF_BUDGET)], auditAnnotations: [] };
  }
  // Message expressions run without the authorizer, on what the validations left of the budget.
  const messages = new Group(policy, inputs, false, validations.remaining);
  let messageBudgetExceeded = false;
  const messageResults: (Evaluation | undefined)[] = [];
  for (const v of policy.validations) {
    if (!v.message || messageBudgetExceeded) { messageResults.push(undefined); continue; }
    try {
      messageResults.push(messages.run(v.message));
    } catch (e) {
      if (!(e instanceof OutOfBudget)) throw e;
      messageBudgetExceeded = true;
      messageResults.push(undefined);
    }
  }
  const decisions: Decision[] = results.map((r, i) => {
    const v = policy.validations[i];
    if (r.error !== undefined) return errorDecision(f, r.error);
    if (messageBudgetExceeded) return errorDecision(f, `failed messageExpression: ${OUT_OF_BUDGET}`);
    if (r.value === true) return { action: 'admit', evaluation: 'admit', message: '' };
    return { action: 'deny', evaluation: 'deny', message: failureMessage(v.spec, messageResults[i]), reason: v.spec.reason || 'Invalid' };
  });

  const annotations = new Group(policy, { ...inputs, authorizer: undefined }, false, RUNTIME_CEL_COST_BUDGET);
  const auditAnnotations: AuditAnnotationResult[] = [];
  try {
    for (const a of policy.auditAnnotations) {
      const key = a.spec.key;
      const r = annotations.run(a.compiled);
      if (r.error !== undefined) {
        auditAnnotations.push(f === 'Ignore' ? { action: 'exclude', key } : { action: 'error', key, error: r.error });
      } else if (typeof r.value === 'string') {
        const value = r.value.trim();
        auditAnnotations.push(value === '' ? { action: 'exclude', key } : { action: 'publish', key, value });
      } else if (r.value === null) {
        auditAnnotations.push({ action: 'exclude', key });
      } else {
        auditAnnotations.push({ action: 'error', key, error: `valueExpression '${a.spec.valueExpression}' resulted in unsupported return type: ${typeof r.value}. Return type must be either string or null.` });
      }
    }
  } catch (e) {
    if (!(e instanceof OutOfBudget)) throw e;
    return { decisions: [errorDecision(f, OUT_OF_BUDGET)], auditAnnotations: [] };
  }
  return { decisions, auditAnnotations };
}

