// Runtime cost of calls as cel-go's CostTracker charges them (interpreter/runtimecost.go), with room for a
// library estimator (Kubernetes' CallCost) that overrides the defaults by function name.
import { codePointLength } from './stdlib.js';
import { CelMap, CelOptional } from './values.js';

const STRING_TRAVERSAL = 0.1;
const REGEX_LENGTH = 0.25;

/** cel-go's actualSize: size of strings (code points), bytes, lists and maps; 1 for anything else. */
export function actualSize(v: unknown): number {
  if (typeof v === 'string') return codePointLength(v);
  if (Array.isArray(v) || v instanceof Uint8Array) return v.length;
  if (v instanceof CelMap) return v.size;
  if (v instanceof CelOptional && v.has) return actualSize(v.value);
  const sz = (v as { celSize?: () => number } | null)?.celSize;
  if (typeof sz === 'function') return sz.call(v);
  return 1;
}

/** A call's runtime cost: a constant, or computed from the argument values and the result. */
export type CallCostFn = number | ((args: unknown[], result: unknown) => number);

/**
 * A library's override of call costs, resolved once per call site when planning: the cost function for a
 * function name, overload id and argument count (receiver included), or undefined to keep cel-go's default.
 */
export type CallCostFactory = (fn: string, overloadId: string, arity: number) => CallCostFn | undefined;

const traversal = (i: number) => (args: unknown[]) => Math.ceil(actualSize(args[i]) * STRING_TRAVERSAL);

/** cel-go's default costs by overload id (interpreter/runtimecost.go). */
export function defaultCallCost(overloadId: string): CallCostFn {
  switch (overloadId) {
    case 'starts_with_string': case 'ends_with_string': case 'string_to_bytes': case 'bytes_to_string':
    case 'strings_quote': case 'string_format':
      return traversal(0);
    case 'in_list':
      return (args) => actualSize(args[1]);
    case 'less_string': case 'greater_string': case 'less_equals_string': case 'greater_equals_string':
    case 'less_bytes': case 'greater_bytes': case 'less_equals_bytes': case 'greater_equals_bytes':
    case 'equals': case 'not_equals':
      return (args) => Math.ceil(Math.min(actualSize(args[0]), actualSize(args[1])) * STRING_TRAVERSAL);
    case 'add_string': case 'add_bytes':
      return (args) => Math.ceil((actualSize(args[0]) + actualSize(args[1])) * STRING_TRAVERSAL);
    case 'matches_string':
      return (args) => Math.ceil((1 + actualSize(args[0])) * STRING_TRAVERSAL) * Math.ceil(actualSize(args[1]) * REGEX_LENGTH);
    case 'contains_string':
      return (args) => Math.ceil(actualSize(args[0]) * STRING_TRAVERSAL) * Math.ceil(actualSize(args[1]) * STRING_TRAVERSAL);
    default:
      return 1;
  }
}

/** Combines library factories (first that answers wins) with cel-go's defaults. */
export function callCostResolver(factories: CallCostFactory[]) {
  return (fn: string, overloadId: string, arity: number): CallCostFn => {
    for (const f of factories) {
      const c = f(fn, overloadId, arity);
      if (c !== undefined) return c;
    }
    return defaultCallCost(overloadId);
  };
}
