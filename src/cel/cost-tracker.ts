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

/** A library's override of a call's cost; undefined keeps cel-go's default. */
export type CallCostEstimator = (fn: string, overloadId: string, args: unknown[], result: unknown) => number | undefined;

export function defaultCallCost(_fn: string, overloadId: string, args: unknown[]): number {
  switch (overloadId) {
    case 'starts_with_string': case 'ends_with_string': case 'string_to_bytes': case 'bytes_to_string':
    case 'strings_quote': case 'string_format':
      return Math.ceil(actualSize(args[0]) * STRING_TRAVERSAL);
    case 'in_list':
      return actualSize(args[1]);
    case 'less_string': case 'greater_string': case 'less_equals_string': case 'greater_equals_string':
    case 'less_bytes': case 'greater_bytes': case 'less_equals_bytes': case 'greater_equals_bytes':
    case 'equals': case 'not_equals':
      return Math.ceil(Math.min(actualSize(args[0]), actualSize(args[1])) * STRING_TRAVERSAL);
    case 'add_string': case 'add_bytes':
      return Math.ceil((actualSize(args[0]) + actualSize(args[1])) * STRING_TRAVERSAL);
    case 'matches_string': {
      const str = Math.ceil((1 + actualSize(args[0])) * STRING_TRAVERSAL);
      return str * Math.ceil(actualSize(args[1]) * REGEX_LENGTH);
    }
    case 'contains_string':
      return Math.ceil(actualSize(args[0]) * STRING_TRAVERSAL) * Math.ceil(actualSize(args[1]) * STRING_TRAVERSAL);
    default:
      return 1;
  }
}

export function callCostWith(estimator?: CallCostEstimator) {
  if (!estimator) return defaultCallCost;
  return (fn: string, overloadId: string, args: unknown[], result: unknown): number =>
    estimator(fn, overloadId, args, result) ?? defaultCallCost(fn, overloadId, args);
}
