// Evaluation of a CRD version's compiled `x-kubernetes-validations` on a custom resource (kube's apiextensions
// cel.Validator): rules top-down per schema node, `self`/`oldSelf` with old values correlated through object
// properties, maps and map-lists, one shared runtime budget, kube's error texts, and ratcheting: an error on
// a value equal to its old value becomes a warning (CRDValidationRatcheting).
import { jsonEqual } from '../../api/object.js';
import { fieldErr, fieldErrorText, type FieldError } from '../../errors/field-error.js';
import { CelCostLimitExceeded, CelOptional, RUNTIME_CEL_COST_BUDGET, schemaValue, type Program } from '../../cel/index.js';
import type { CompiledRule, RuleNode } from './compile-rules.js';
import { resolveFieldPath } from './field-path.js';

const MAX_MESSAGE_EXPRESSION_BYTES = 5 * 1024;
const NIL_PATH = '<nil>';

export interface RuleResult { errors: FieldError[]; warnings: string[] }

interface EvalState {
  remaining: number;
  errors: FieldError[];
  warnings: string[];
  stopped: boolean;
  /** Time-sliced runs: asked during comprehensions; true abandons the run (an evaluation that took too long). */
  interrupt?: () => boolean;
  /** Set when `interrupt` said stop: the run is abandoned (SliceExceeded), not reported as a CEL error. */
  interrupted?: boolean;
}

/** An evaluation outgrew its time slice; the whole object is evaluated again off the event loop. */
export class SliceExceeded extends Error {}

const ruleErrorString = (c: CompiledRule) => ((c.spec.message ?? '').length > 0 ? c.spec.message!.trim() : (c.spec.rule ?? '').trim());
const ruleMessageOrDefault = (c: CompiledRule) => ((c.spec.message ?? '').length > 0 ? c.spec.message!.trim() : `failed rule: ${ruleErrorString(c)}`);

const child = (path: string | undefined, name: string) => (path === undefined ? name : `${path}.${name}`);
const indexed = (path: string | undefined, key: string | number) => `${path ?? ''}[${key}]`;

function errorForReason(field: string, typeName: string, detail: string, reason: string | undefined): FieldError {
  switch (reason) {
    case 'FieldValueForbidden': return fieldErr.forbidden(field, detail);
    case 'FieldValueRequired': return fieldErr.required(field, detail);
    case 'FieldValueDuplicate': return fieldErr.duplicate(field, typeName);
    default: return fieldErr.invalid(field, typeName, detail);
  }
}

/** Charges a run's cost to the budget; false (and the budget error) when it ran out. */
function charge(st: EvalState, cost: number, field: string, typeName: string, text: string): boolean {
  if (cost > st.remaining) {
    st.errors.push(fieldErr.invalid(field, typeName, text));
    st.stopped = true;
    return false;
  }
  st.remaining -= cost;
  return true;
}

function runRule(c: CompiledRule, program: Program, vars: Record<string, unknown>, field: string, typeName: string, ratchet: () => boolean, st: EvalState): void {
  const res = program.evalWithCost(vars, undefined, st.interrupt);
  if (st.interrupted) throw new SliceExceeded();
  if (!charge(st, res.cost, field, typeName, 'validation failed due to running out of cost budget, no further validation rules will be run')) return;
  if (res.error instanceof CelCostLimitExceeded) {
    st.errors.push(fieldErr.invalid(field, typeName, `'${res.error.message}': no further validation rules will be run due to call cost exceeds limit for rule: ${ruleErrorString(c)}`));
    st.stopped = true;
    return;
  }
  if (res.error) {
    const text = res.error.message.startsWith('no such overload')
      ? `'no such overload': call arguments did not match a supported operator, function or macro signature for rule: ${ruleErrorString(c)}`
      : `${res.error.message} evaluating rule: ${ruleErrorString(c)}`;
    st.errors.push(fieldErr.invalid(field, typeName, text));
    return;
  }
  if (res.value === true) return;
  let errField = field;
  if (c.spec.fieldPath) {
    for (const seg of resolveFieldPath(c.node.schema, c.spec.fieldPath) ?? []) {
      const base = errField === NIL_PATH ? undefined : errField;
      errField = seg.kind === 'child' ? child(base, seg.name) : indexed(base, seg.name);
    }
  }
  let detail = ruleMessageOrDefault(c);
  if (c.messageProgram) {
    const m = c.messageProgram.evalWithCost(vars, undefined, st.interrupt);
    if (st.interrupted) throw new SliceExceeded();
    if (!charge(st, m.cost, errField, typeName, 'messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run')) return;
    if (m.error instanceof CelCostLimitExceeded) {
      st.errors.push(fieldErr.invalid(errField, typeName, `no further validation rules will be run due to call cost exceeds limit for messageExpression: ${JSON.stringify(c.spec.messageExpression)}`));
      st.stopped = true;
      return;
    }
    // Errors, blank, oversized or multi-line results fall back to the message (kube logs them).
    if (!m.error && typeof m.value === 'string') {
      const text = m.value.trim();
      if (text && Buffer.byteLength(text) <= MAX_MESSAGE_EXPRESSION_BYTES && !text.includes('\n')) detail = text;
    }
  }
  const err = errorForReason(errField, typeName, detail, c.spec.reason);
  if (!c.usesOldSelf && ratchet()) st.warnings.push(fieldErrorText(err));
  else st.errors.push(err);
}

/**
 * `parentUnchanged` tells whether the nearest correlated ancestor equals its old value: errors under lists that
 * cannot correlate items ratchet on it.
 */
// A generator: it yields before each rule evaluation, so that a driver can give the event loop a turn between them.
function* validateNode(node: RuleNode, value: unknown, old: unknown, path: string | undefined, st: EvalState, parentUnchanged: () => boolean): Generator<void, void, void> {
  if (value === null || value === undefined || st.stopped) return;
  let cached: boolean | undefined;
  const unchanged = () => (cached ??= old === undefined || old === null ? parentUnchanged() : jsonEqual(value, old));
  if (node.rules.length > 0 && node.decl) {
    const field = path ?? NIL_PATH;
    const typeName = node.schema.type ?? '';
    let self: unknown;
    let oldSelf: unknown;
    try {
      self = schemaValue(value, node.decl);
      oldSelf = old === undefined || old === null ? undefined : schemaValue(old, node.decl);
    } catch {
      return;
    }
    for (const c of node.rules) {
      if (st.stopped) return;
      if (!c.program) continue;
      const optional = c.spec.optionalOldSelf === true;
      if (c.usesOldSelf && oldSelf === undefined && !optional) continue;
      const vars = { self, oldSelf: optional ? (oldSelf === undefined ? CelOptional.NONE : CelOptional.of(oldSelf)) : oldSelf };
      yield;
      if (st.stopped) return;
      runRule(c, c.program, vars, field, typeName, unchanged, st);
    }
  }
  if (typeof value !== 'object') return;
  const obj = value as Record<string, unknown>;
  const oldObj = old && typeof old === 'object' && !Array.isArray(old) ? (old as Record<string, unknown>) : undefined;
  for (const [name, n] of node.properties ?? []) yield* validateNode(n, obj[name], oldObj?.[name], child(path, name), st, unchanged);
  if (node.additionalProperties && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(obj)) yield* validateNode(node.additionalProperties, v, oldObj?.[k], indexed(path, k), st, unchanged);
  }
  if (node.items && Array.isArray(value)) {
    const keys = node.schema['x-kubernetes-list-type'] === 'map' ? node.schema['x-kubernetes-list-map-keys'] ?? [] : undefined;
    const oldList = Array.isArray(old) ? old : [];
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      let oldItem: unknown;
      if (keys && keys.length > 0 && item && typeof item === 'object') {
        const it = item as Record<string, unknown>;
        oldItem = oldList.find((o) => o && typeof o === 'object' && keys.every((k) => jsonEqual((o as Record<string, unknown>)[k], it[k])));
      }
      yield* validateNode(node.items!, item, oldItem, indexed(path, i), st, unchanged);
    }
  }
}

/** Evaluates every rule on `obj` (and `old` on updates) within kube's per-object runtime budget. */
export function evaluateRules(root: RuleNode, obj: unknown, old: unknown): RuleResult {
  const st: EvalState = { remaining: RUNTIME_CEL_COST_BUDGET, errors: [], warnings: [], stopped: false };
  for (const _ of validateNode(root, obj, old, undefined, st, () => false));
  return { errors: st.errors, warnings: st.warnings };
}

/** How long the event loop is held at most between turns (between rule evaluations). */
export const SLICE_MS = 2;
/** How long one evaluation may run on the event loop before the object goes to the worker. */
export const EVALUATION_MS = 3;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * evaluateRules without holding the event loop: the rules run in slices of about SLICE_MS with a turn of the event
 * loop between them, and when one evaluation alone outgrows EVALUATION_MS (a runaway within kube's cost limits takes
 * tens of milliseconds) the run is abandoned and `offload` evaluates the whole object elsewhere (a worker thread).
 * Results are those of evaluateRules: the same rules, the same order, the same budget.
 */
export async function evaluateRulesSliced(root: RuleNode, obj: unknown, old: unknown, offload: () => Promise<RuleResult>): Promise<RuleResult> {
  let evalStart = 0;
  const st: EvalState = { remaining: RUNTIME_CEL_COST_BUDGET, errors: [], warnings: [], stopped: false };
  st.interrupt = () => (st.interrupted = performance.now() - evalStart > EVALUATION_MS);
  const steps = validateNode(root, obj, old, undefined, st, () => false);
  let sliceStart = performance.now();
  try {
    for (;;) {
      evalStart = performance.now();
      if (evalStart - sliceStart > SLICE_MS) {
        await nextTurn();
        sliceStart = evalStart = performance.now();
      }
      if (steps.next().done) break;
    }
  } catch (e) {
    if (e instanceof SliceExceeded) return offload();
    throw e;
  }
  return { errors: st.errors, warnings: st.warnings };
}
