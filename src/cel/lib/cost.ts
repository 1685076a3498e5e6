// Kubernetes' runtime call costs (apiserver pkg/cel/library CostEstimator.CallCost, 1.33) as a pure
// function of argument sizes. Dispatch is by function name, as in Kubernetes, so the strings-extension
// functions named indexOf, lowerAscii, replace, split, join, substring and trim get these costs too.
// Functions not listed return undefined: the engine then charges cel-go's default.

import { costOf, REGEX_STRING_LENGTH_COST_FACTOR, STRING_TRAVERSAL_COST_FACTOR } from './overloads.js';

/** One argument (receiver first) as the cost function sees it. */
export interface CostArg {
  /** cel-go actualSize: runes of a string, bytes, elements of a list or map, Size() of IP/CIDR, else 1. */
  readonly size: number;
  /** Kubernetes' traversalCost of the value (see traversalCost), needed by the lists functions. */
  readonly traversal?: number;
  /** The format's maxRegexSize when the argument is a kubernetes.NamedFormat. */
  readonly formatMaxRegexSize?: number;
}

const encoder = new TextEncoder();

/**
 * Kubernetes' traversalCost over plain values: strings and bytes ⌊0.1·bytes⌋ (UTF-8 bytes, truncated),
 * lists the sum of their elements, maps (Map or plain object) keys plus values, anything else 1.
 */
export function traversalCost(v: unknown): number {
  if (typeof v === 'string') return Math.floor(encoder.encode(v).length * STRING_TRAVERSAL_COST_FACTOR);
  if (v instanceof Uint8Array) return Math.floor(v.length * STRING_TRAVERSAL_COST_FACTOR);
  if (Array.isArray(v)) return v.reduce((n: number, x) => n + traversalCost(x), 0);
  if (v instanceof Map) {
    let n = 0;
    for (const [k, x] of v) n += traversalCost(k) + traversalCost(x);
    return n;
  }
  if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    let n = 0;
    for (const [k, x] of Object.entries(v)) n += traversalCost(k) + traversalCost(x);
    return n;
  }
  return 1;
}

const factor = (size: number, f: number): number => costOf(size, f);

/** The selector parse cost Kubernetes charges for fieldSelector/labelSelector (L = selector length). */
export function selectorCost(length: number): number {
  // 10 (list creation) + ⌈0.1·L⌉ + ⌈⌈0.5·L⌉·(10 + 40)⌉
  return 10 + factor(length, STRING_TRAVERSAL_COST_FACTOR) + factor(factor(length, 0.5), 50);
}

/**
 * CostEstimator.CallCost: the runtime cost Kubernetes charges for a call, or undefined where it defers
 * to cel-go. `args` has the receiver first for member calls; `result` is the call's result.
 */
export function kubernetesCallCost(fn: string, overloadId: string, args: readonly CostArg[], result?: CostArg): number | undefined {
  const a0 = args[0];
  const a1 = args[1];
  switch (fn) {
    case 'check':
      return 350_000;
    case 'serviceAccount':
    case 'path':
    case 'group':
    case 'resource':
    case 'subresource':
    case 'namespace':
    case 'name':
    case 'allowed':
    case 'reason':
    case 'error':
    case 'errored':
      return 1;
    case 'fieldSelector':
    case 'labelSelector':
      return a1 ? selectorCost(a1.size) : undefined;
    case 'isSorted':
    case 'sum':
    case 'max':
    case 'min':
    case 'indexOf':
    case 'lastIndexOf':
      return a0 ? (a0.traversal ?? 0) : 0;
    case 'url':
    case 'lowerAscii':
    case 'upperAscii':
    case 'substring':
    case 'trim':
    case 'jsonpatch.escapeKey':
      return a0 ? factor(a0.size, STRING_TRAVERSAL_COST_FACTOR) : undefined;
    case 'replace':
    case 'split':
      return a0 ? factor(a0.size, 2 * STRING_TRAVERSAL_COST_FACTOR) : undefined;
    case 'join':
      return a0 && result ? factor(result.size, 2 * STRING_TRAVERSAL_COST_FACTOR) : undefined;
    case 'find':
    case 'findAll':
      if (!a0 || !a1) return undefined;
      return factor(1 + a0.size, STRING_TRAVERSAL_COST_FACTOR) * factor(a1.size, REGEX_STRING_LENGTH_COST_FACTOR);
    case 'cidr':
    case 'isIP':
    case 'isCIDR':
      return a0 ? factor(a0.size, STRING_TRAVERSAL_COST_FACTOR) : undefined;
    case 'ip':
      if (!a0) return undefined;
      return overloadId === 'cidr_ip' ? 1 : factor(a0.size, STRING_TRAVERSAL_COST_FACTOR);
    case 'ip.isCanonical':
      return a0 ? factor(a0.size, 2 * STRING_TRAVERSAL_COST_FACTOR) : undefined;
    case 'masked':
    case 'prefixLength':
    case 'family':
    case 'isUnspecified':
    case 'isLoopback':
    case 'isLinkLocalMulticast':
    case 'isLinkLocalUnicast':
    case 'isGlobalUnicast':
      return 1;
    case 'containsIP': {
      if (!a0 || !a1) return undefined;
      const cost = factor(a0.size + a0.size, STRING_TRAVERSAL_COST_FACTOR);
      return overloadId === 'cidr_contains_ip_string' ? cost + factor(a1.size, STRING_TRAVERSAL_COST_FACTOR) : cost;
    }
    case 'containsCIDR': {
      if (!a0 || !a1) return undefined;
      let cost = factor(a0.size + a0.size, STRING_TRAVERSAL_COST_FACTOR) + factor(a0.size, STRING_TRAVERSAL_COST_FACTOR) + 1;
      if (overloadId === 'cidr_contains_cidr_string') cost += factor(a1.size, STRING_TRAVERSAL_COST_FACTOR);
      return cost;
    }
    case 'quantity':
    case 'isQuantity':
    case 'semver':
    case 'isSemver':
      return a0 ? factor(a0.size, STRING_TRAVERSAL_COST_FACTOR) : undefined;
    case 'validate':
      if (!a0 || !a1 || a0.formatMaxRegexSize === undefined) return undefined;
      return factor(1 + a1.size, STRING_TRAVERSAL_COST_FACTOR) * factor(a0.formatMaxRegexSize, REGEX_STRING_LENGTH_COST_FACTOR);
    case 'format.named':
      return 1;
    case 'sign':
    case 'asInteger':
    case 'isInteger':
    case 'asApproximateFloat':
    case 'isGreaterThan':
    case 'isLessThan':
    case 'compareTo':
    case 'add':
    case 'sub':
    case 'major':
    case 'minor':
    case 'patch':
      return 1;
    case 'getScheme':
    case 'getHostname':
    case 'getHost':
    case 'getPort':
    case 'getEscapedPath':
    case 'getQuery':
      return 1;
  }
  return undefined;
}

/** Kubernetes types whose `==` costs 1 at runtime (the engine checks the left operand's type). */
export const UNIT_COST_EQUALITY_TYPES: ReadonlySet<string> = new Set([
  'kubernetes.Quantity',
  'net.IP',
  'net.CIDR',
  'kubernetes.NamedFormat',
  'kubernetes.URL',
  'kubernetes.Semver',
  'kubernetes.authorization.Authorizer',
  'kubernetes.authorization.PathCheck',
  'kubernetes.authorization.GroupCheck',
  'kubernetes.authorization.ResourceCheck',
  'kubernetes.authorization.Decision',
]);
