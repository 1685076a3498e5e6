// Applies one compiled MutatingAdmissionPolicy mutation to an object (kube's JSONPatch and ApplyConfiguration
// patchers): the expression's JSONPatch list applied as a JSON patch (a failed `test` leaves the object as it is),
// or its `Object{...}` merged into the object with structured merge semantics after the checks kube makes (type
// names along field paths, the schema, no atomic lists, maps or structs). Errors carry kube's texts.
import type { KObject } from '../../api/object.js';
import { mergeValues } from '../../apply/merge.js';
import type { MergeType } from '../../apply/merge-type.js';
import { validateApplied } from '../../apply/validate-applied.js';
import { CelError } from '../../cel/index.js';
import type { CompiledMutation } from '../../cel/mutating-admission-policy.js';
import { JSONPatchValue, MutationObject, checkObjectTypeNames, mutationToJson } from '../../cel/mutation-types.js';
import { StatusError } from '../../errors/status.js';
import { applyJsonPatch, JsonPatchOperationError } from '../../patch/json-patch.js';
import { decodeJsonPatchBytes } from '../../patch/decoded-patch.js';
import { OUT_OF_BUDGET, OutOfBudget, type Group } from './evaluate.js';

export type MutationOutcome = { object: KObject } | { error: string };

/** Runs `m` in `group` (whose `object` is `object`) and returns the mutated copy, or the error's text. */
export function applyMutation(m: CompiledMutation, group: Group, object: KObject, mergeType: MergeType | undefined): MutationOutcome {
  if (!m.compiled.program) return { error: m.compiled.error ?? '' };
  let r;
  try {
    r = group.run(m.compiled);
  } catch (e) {
    if (e instanceof OutOfBudget) return { error: OUT_OF_BUDGET };
    throw e;
  }
  if (r.error !== undefined) return { error: r.error };
  return m.patchType === 'JSONPatch' ? jsonPatch(r.value, object) : applyConfiguration(r.value, object, mergeType);
}

function jsonPatch(value: unknown, object: KObject): MutationOutcome {
  if (!Array.isArray(value)) return { error: 'type mismatch: JSONPatchType.expression should evaluate to array' };
  const ops: Record<string, unknown>[] = [];
  for (const v of value) {
    if (!(v instanceof JSONPatchValue)) return { error: 'type mismatch: JSONPatchType.expression should evaluate to array of JSONPatch: cannot convert to native type' };
    const op: Record<string, unknown> = { op: v.op, path: v.path };
    if (v.from.length > 0) op.from = v.from;
    if (v.value !== undefined) {
      if (v.value instanceof MutationObject) {
        const errs = checkObjectTypeNames(v.value);
        if (errs.length) return { error: `type mismatch: ${errs.join('\n')}` };
      }
      try {
        op.value = mutationToJson(v.value);
      } catch (e) {
        if (e instanceof CelError) return { error: `JSONPath valueExpression evaluated to a type that could not marshal to JSON: ${e.message}` };
        throw e;
      }
    }
    ops.push(op);
  }
  try {
    return { object: applyJsonPatch(structuredClone(object), decodeJsonPatchBytes(JSON.stringify(ops)), { fieldValidation: 'Ignore', operationErrors: true }).result as KObject };
  } catch (e) {
    if (e instanceof JsonPatchOperationError) return e.testFailed ? { object } : { error: `JSON Patch: ${operationErrorText(e)}` };
    if (e instanceof StatusError) return { error: `JSON Patch: ${e.status.message ?? ''}` };
    throw e;
  }
}

function applyConfiguration(value: unknown, object: KObject, type: MergeType | undefined): MutationOutcome {
  if (!(value instanceof MutationObject)) return { error: 'unsupported return type from ApplyConfiguration expression' };
  const errs = checkObjectTypeNames(value);
  if (errs.length) return { error: `type mismatch: ${errs.join('\n')}` };
  let patch: KObject;
  try {
    patch = mutationToJson(value) as KObject;
  } catch (e) {
    if (e instanceof CelError) return { error: `invalid return type: ${e.message}` };
    throw e;
  }
  patch.apiVersion = object.apiVersion;
  patch.kind = object.kind;
  if (!type) return { error: 'error applying patch: type converter must not be nil' };
  const invalid = validateApplied(patch, type);
  if (invalid.length) {
    const detail = invalid.length === 1 ? invalid[0] : `errors:\n  ${invalid.join('\n  ')}`;
    return { error: `error applying patch: failed to convert patch object to typed object: ${detail}` };
  }
  const atomics = findAtomics(patch, type, '');
  if (atomics.length) return { error: `error applying patch: invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: ${atomics.join(', ')}` };
  return { object: (mergeValues(object, patch, type) ?? {}) as KObject };
}

/** Paths of atomic maps, structs and lists the patch sets (structured-merge-diff path syntax). */
function findAtomics(v: unknown, t: MergeType, path: string): string[] {
  const out: string[] = [];
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && t.map) {
    if (t.map.atomic) out.push(path);
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      const ft = t.map.field(k);
      if (ft) out.push(...findAtomics(x, ft, `${path}.${k}`));
    }
  }
  if (Array.isArray(v) && t.list) {
    if (t.list.relationship === 'atomic') out.push(path);
    v.forEach((x, i) => out.push(...findAtomics(x, t.list!.elem, `${path}[${i}]`)));
  }
  return out;
}

/** json-patch v4's text for an operation whose path (or from) does not exist; others keep the library's text. */
function operationErrorText(e: JsonPatchOperationError): string {
  const missing = /^missing path (.*)$/s.exec(e.message)?.[1];
  if (missing === undefined) return e.message;
  switch (e.op) {
    case 'add': case 'remove': return `${e.op} operation does not apply: doc is missing path: ${JSON.stringify(missing)}: missing value`;
    case 'replace': return `replace operation does not apply: doc is missing path: ${missing}: missing value`;
    case 'test': return `test operation does not apply: is missing path: ${missing}: missing value`;
    case 'move': case 'copy':
      return `${e.op} operation does not apply: doc is missing ${missing === e.from ? 'from' : 'destination'} path: ${missing}: missing value`;
    default: return e.message;
  }
}
