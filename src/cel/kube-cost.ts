// Kubernetes' cost model on top of cel-go's (apiserver pkg/cel/library/cost.go): per-function runtime costs
// (CallCost), per-function estimates (EstimateCallCost) and the size estimator that resolves field paths in a
// schema's declared type. Functions are matched by name, as Kubernetes does, so strings-extension functions
// with the same names get these costs too.
import { actualSize, defaultCallCost, type CallCostFactory } from './cost-tracker.js';
import {
  MAX_U64, UNKNOWN_SIZE, est, fixed, mulFactor, type AstNode, type CallEstimate, type CostEstimatorHooks, type Estimate,
} from './cost-estimator.js';
import type { DeclType } from './schema-types.js';
import { CelMap, isObjectValue, runtimeTypeName } from './values.js';

const STRING_TRAVERSAL = 0.1;
const REGEX_LENGTH = 0.25;
const LIST_CREATE = 10;
const STRUCT_CREATE = 40;
/** cel.MaxNameFormatRegexSize. */
const MAX_NAME_FORMAT_REGEX_SIZE = 128;
const MAX_FORMAT_SIZE = 64;

const ceilCost = (size: number, factor: number) => Math.ceil(size * factor);

function selectorCost(length: Estimate): Estimate {
  const parse = est.factor(length, STRING_TRAVERSAL);
  const requirements = est.factor(length, 0.5);
  const reqCost = est.factor(requirements, LIST_CREATE + STRUCT_CREATE);
  return est.add(est.add(fixed(LIST_CREATE), parse), reqCost);
}

const utf8 = new TextEncoder();

/** Kubernetes' traversalCost: strings and bytes 0.1 per byte (truncated), lists and maps summed, scalars 1. */
function traversalCost(v: unknown): number {
  if (typeof v === 'string') return Math.floor(utf8.encode(v).length * STRING_TRAVERSAL);
  if (v instanceof Uint8Array) return Math.floor(v.length * STRING_TRAVERSAL);
  if (Array.isArray(v)) { let c = 0; for (const x of v) c += traversalCost(x); return c; }
  if (v instanceof CelMap) { let c = 0; for (let i = 0; i < v.keys.length; i++) c += traversalCost(v.keys[i]) + traversalCost(v.vals[i]); return c; }
  if (isObjectValue(v)) { let c = 0; for (const f of v.fieldNames()) c += traversalCost(f) + traversalCost(v.getField(f)); return c; }
  return 1;
}

/** Library types whose equality Kubernetes charges 1 (Quantity, IP, CIDR, Format, URL, Semver, authz values). */
const UNIT_EQUALITY_TYPES = new Set(['kubernetes.Quantity', 'net.IP', 'net.CIDR', 'kubernetes.NamedFormat', 'kubernetes.URL', 'kubernetes.Semver',
  'kubernetes.authorization.Authorizer', 'kubernetes.authorization.PathCheck', 'kubernetes.authorization.GroupCheck',
  'kubernetes.authorization.ResourceCheck', 'kubernetes.authorization.Decision']);

const sizeCost = (i: number, factor: number) => (args: unknown[]) => ceilCost(actualSize(args[i]), factor);

/**
 * The runtime cost of calls as Kubernetes' CostEstimator.CallCost charges them, resolved per call site (by
 * function name, as kube does); undefined keeps cel-go's default. `arity` counts the receiver.
 */
export const kubeCallCost: CallCostFactory = (fn, overloadId, arity) => {
  switch (fn) {
    case 'check': return 350000;
    case 'serviceAccount': case 'path': case 'group': case 'resource': case 'subresource': case 'namespace': case 'name':
    case 'allowed': case 'reason': case 'error': case 'errored':
      return 1;
    case 'fieldSelector': case 'labelSelector':
      if (arity >= 2) return (args) => { const n = BigInt(actualSize(args[1])); return Number(selectorCost({ min: n, max: n }).max); };
      return undefined;
    case 'isSorted': case 'sum': case 'max': case 'min': case 'indexOf': case 'lastIndexOf':
      return arity > 0 ? (args) => traversalCost(args[0]) : 0;
    case 'url': case 'lowerAscii': case 'upperAscii': case 'substring': case 'trim': case 'jsonpatch.escapeKey':
      return arity >= 1 ? sizeCost(0, STRING_TRAVERSAL) : undefined;
    case 'replace': case 'split':
      return arity >= 1 ? sizeCost(0, 2 * STRING_TRAVERSAL) : undefined;
    case 'join':
      return arity >= 1 ? (_args, result) => ceilCost(actualSize(result), 2 * STRING_TRAVERSAL) : undefined;
    case 'find': case 'findAll':
      if (arity >= 2) return (args) => ceilCost(1 + actualSize(args[0]), STRING_TRAVERSAL) * ceilCost(actualSize(args[1]), REGEX_LENGTH);
      return undefined;
    case 'cidr': case 'isIP': case 'isCIDR':
      return arity >= 1 ? sizeCost(0, STRING_TRAVERSAL) : undefined;
    case 'ip':
      if (arity >= 1) return overloadId === 'cidr_ip' ? 1 : sizeCost(0, STRING_TRAVERSAL);
      return undefined;
    case 'ip.isCanonical':
      return arity >= 1 ? sizeCost(0, 2 * STRING_TRAVERSAL) : undefined;
    case 'masked': case 'prefixLength': case 'family': case 'isUnspecified': case 'isLoopback': case 'isLinkLocalMulticast':
    case 'isLinkLocalUnicast': case 'isGlobalUnicast':
      return 1;
    case 'containsIP':
      if (arity >= 2) {
        return (args) => {
          const cidrSize = actualSize(args[0]);
          let c = ceilCost(cidrSize + cidrSize, STRING_TRAVERSAL);
          if (overloadId === 'cidr_contains_ip_string') c += ceilCost(actualSize(args[1]), STRING_TRAVERSAL);
          return c;
        };
      }
      return undefined;
    case 'containsCIDR':
      if (arity >= 2) {
        return (args) => {
          const cidrSize = actualSize(args[0]);
          let c = ceilCost(cidrSize + cidrSize, STRING_TRAVERSAL) + ceilCost(cidrSize, STRING_TRAVERSAL) + 1;
          if (overloadId === 'cidr_contains_cidr_string') c += ceilCost(actualSize(args[1]), STRING_TRAVERSAL);
          return c;
        };
      }
      return undefined;
    case 'quantity': case 'isQuantity': case 'semver': case 'isSemver':
      return arity >= 1 ? sizeCost(0, STRING_TRAVERSAL) : undefined;
    case 'validate':
      if (arity >= 2) {
        return (args) => {
          const regexSize = (args[0] as { maxRegexSize?: number } | null)?.maxRegexSize;
          if (typeof regexSize === 'number') return ceilCost(1 + actualSize(args[1]), STRING_TRAVERSAL) * ceilCost(regexSize, REGEX_LENGTH);
          return 1;
        };
      }
      return undefined;
    case 'format.named':
    case 'sign': case 'asInteger': case 'isInteger': case 'asApproximateFloat': case 'isGreaterThan': case 'isLessThan': case 'compareTo':
    case 'add': case 'sub': case 'major': case 'minor': case 'patch':
    case 'getScheme': case 'getHostname': case 'getHost': case 'getPort': case 'getEscapedPath': case 'getQuery':
      return 1;
    case '_==_': {
      if (arity !== 2) return undefined;
      const fallback = defaultCallCost(overloadId);
      return (args, result) => {
        const lhs = args[0];
        if (lhs !== null && typeof lhs === 'object' && UNIT_EQUALITY_TYPES.has(runtimeTypeName(lhs))) return 1;
        return typeof fallback === 'number' ? fallback : fallback(args, result);
      };
    }
    default:
      return undefined;
  }
};

/** Finds the declared type at a field path (self, self.spec, self.spec.items.@items, …). */
export function declTypeAtPath(root: DeclType, path: string[]): DeclType | undefined {
  let cur: DeclType | undefined = root;
  for (const name of path) {
    if (!cur) return undefined;
    if (name === '@items' || name === '@values') cur = cur.elem;
    else if (name === '@keys') cur = cur.celType.kind === 'map' ? { celType: { kind: 'string' }, schema: {}, maxElements: 0, minSerializedSize: 2 } : undefined;
    else cur = cur.fields?.get(name)?.type;
  }
  return cur;
}

/**
 * Kubernetes' cost-estimator hooks. `root` is the declared type of the rule's `self`; like kube's size
 * estimator, any path is resolved from it after dropping its first element, whatever variable that names.
 */
export function kubeEstimatorHooks(root?: DeclType): CostEstimatorHooks {
  const estimateSize = (node: AstNode): Estimate | undefined => {
    const path = node.path;
    if (!path || path.length === 0 || !root) return undefined;
    const t = declTypeAtPath(root, path.slice(1));
    if (!t) return undefined;
    return { min: 0n, max: BigInt(t.maxElements) };
  };
  const sizeOf = (n: AstNode | undefined): Estimate => (n?.computedSize ?? (n ? estimateSize(n) : undefined) ?? UNKNOWN_SIZE);
  const elementNode = (list: AstNode): AstNode | undefined => {
    const t = list.type;
    const elem = t.kind === 'list' ? t.elem : t.kind === 'map' ? t.key : undefined;
    if (!elem) return undefined;
    return { path: list.path ? [...list.path, '@items'] : undefined, type: elem };
  };
  const unit: CallEstimate = { cost: fixed(1) };
  const estimateCallCost = (fn: string, overloadId: string, target: AstNode | undefined, args: AstNode[]): CallEstimate | undefined => {
    switch (fn) {
      case 'check': return { cost: fixed(350000) };
      case 'serviceAccount': case 'path': case 'group': case 'resource': case 'subresource': case 'namespace': case 'name':
      case 'allowed': case 'reason': case 'error': case 'errored':
        return unit;
      case 'fieldSelector': case 'labelSelector':
        return args.length === 1 ? { cost: selectorCost(sizeOf(args[0])) } : undefined;
      case 'isSorted': case 'sum': case 'max': case 'min': case 'indexOf': case 'lastIndexOf': {
        if (!target) return undefined;
        const el = elementNode(target);
        if (el) {
          let elCost = fixed(1);
          if (el.type.kind === 'string' || el.type.kind === 'bytes') elCost = est.add(elCost, est.factor(sizeOf(el), STRING_TRAVERSAL));
          return { cost: est.mul(sizeOf(target), elCost) };
        }
        return { cost: est.factor(sizeOf(target), STRING_TRAVERSAL) };
      }
      case 'url': case 'jsonpatch.escapeKey':
        if (args.length === 1) { const sz = sizeOf(args[0]); return { cost: est.factor(sz, STRING_TRAVERSAL), resultSize: sz }; }
        return undefined;
      case 'lowerAscii': case 'upperAscii': case 'substring': case 'trim': {
        if (!target) return undefined;
        const sz = sizeOf(target);
        return { cost: est.factor(sz, STRING_TRAVERSAL), resultSize: sz };
      }
      case 'replace': {
        if (!target || args.length < 2) return undefined;
        const sz = sizeOf(target);
        const toReplace = sizeOf(args[0]);
        const replaceWith = sizeOf(args[1]);
        const count: Estimate = { min: 0n, max: 0n };
        const retained: Estimate = { min: 0n, max: 0n };
        if (toReplace.min === 0n) {
          count.max = sz.max < MAX_U64 ? sz.max + 1n : sz.max;
          retained.max = sz.max;
        } else if (replaceWith.max <= toReplace.min) {
          count.max = 0n;
          retained.max = sz.max;
        } else {
          count.max = BigInt(Math.ceil(Number(sz.max) / Number(toReplace.min)));
        }
        if (toReplace.max === 0n) {
          count.min = sz.min < MAX_U64 ? sz.min + 1n : sz.min;
          retained.min = sz.min;
        } else if (toReplace.max <= replaceWith.min) {
          count.min = 0n;
          retained.min = sz.min;
        } else {
          count.min = BigInt(Math.ceil(Number(sz.min) / Number(toReplace.max)));
        }
        return { cost: est.factor(sz, 2 * STRING_TRAVERSAL), resultSize: est.add(est.mul(count, replaceWith), retained) };
      }
      case 'split': {
        if (!target) return undefined;
        const sz = sizeOf(target);
        let max = sz.max;
        const lim = args[1]?.expr;
        if (lim?.kind === 'const' && lim.value.kind === 'int') max = BigInt.asUintN(64, lim.value.value);
        return { cost: est.factor(sz, 2 * STRING_TRAVERSAL), resultSize: { min: 0n, max } };
      }
      case 'join': {
        if (!target) return undefined;
        let sz: Estimate = fixed(0);
        const listSize = sizeOf(target);
        const el = elementNode(target);
        if (el) sz = est.mul(listSize, sizeOf(el));
        if (args.length > 0) {
          const sep = sizeOf(args[0]);
          const seps: Estimate = { min: listSize.min > 0n ? listSize.min - 1n : 0n, max: listSize.max > 0n ? listSize.max - 1n : 0n };
          sz = est.add(sz, est.mul(sep, seps));
        }
        return { cost: est.factor(sz, STRING_TRAVERSAL), resultSize: sz };
      }
      case 'find': case 'findAll': {
        if (!target || args.length < 1) return undefined;
        const sz = sizeOf(target);
        const strCost = est.factor(est.add(sz, fixed(1)), STRING_TRAVERSAL);
        const regexCost = est.factor(sizeOf(args[0]), REGEX_LENGTH);
        return { cost: est.mul(strCost, regexCost), resultSize: { min: 0n, max: sz.max } };
      }
      // Kubernetes tests `target != nil` on a pointer cel-go always passes, so global calls qualify too.
      case 'cidr': case 'isIP': case 'isCIDR': case 'quantity': case 'isQuantity': case 'semver': case 'isSemver':
        return args.length >= 1 ? { cost: est.factor(sizeOf(args[0]), STRING_TRAVERSAL) } : undefined;
      case 'ip':
        if (args.length >= 1) return overloadId === 'cidr_ip' ? unit : { cost: est.factor(sizeOf(args[0]), STRING_TRAVERSAL) };
        return unit;
      case 'ip.isCanonical':
        return args.length >= 1 ? { cost: est.factor(sizeOf(args[0]), 2 * STRING_TRAVERSAL) } : undefined;
      case 'masked': case 'prefixLength': case 'family': case 'isUnspecified': case 'isLoopback': case 'isLinkLocalMulticast':
      case 'isLinkLocalUnicast': case 'isGlobalUnicast':
        return unit;
      case 'containsIP': case 'containsCIDR': {
        if (args.length < 1) return undefined;
        const sz: Estimate = { min: 4n, max: 16n };
        let c = est.factor(est.add(sz, sz), STRING_TRAVERSAL);
        if (fn === 'containsCIDR') c = est.add(est.add(c, est.factor(sz, STRING_TRAVERSAL)), fixed(1));
        if (overloadId === 'cidr_contains_ip_string' || overloadId === 'cidr_contains_cidr_string') c = est.add(c, est.factor(sizeOf(args[0]), STRING_TRAVERSAL));
        return { cost: c };
      }
      case 'validate':
        return args.length >= 1 ? { cost: est.factor(est.factor(sizeOf(args[0]), STRING_TRAVERSAL), MAX_NAME_FORMAT_REGEX_SIZE * REGEX_LENGTH) } : undefined;
      case 'format.named':
      case 'sign': case 'asInteger': case 'isInteger': case 'asApproximateFloat': case 'isGreaterThan': case 'isLessThan': case 'compareTo':
      case 'add': case 'sub': case 'major': case 'minor': case 'patch':
      case 'getScheme': case 'getHostname': case 'getHost': case 'getPort': case 'getEscapedPath': case 'getQuery':
        return unit;
      case '_==_': {
        if (args.length !== 2) return undefined;
        const t = args[0].type;
        if (t.kind !== 'opaque' || args[1].type.kind !== 'opaque' || t.name !== args[1].type.name) return undefined;
        if (t.name === 'kubernetes.NamedFormat') return { cost: est.factor({ min: 1n, max: BigInt(MAX_FORMAT_SIZE) }, STRING_TRAVERSAL) };
        if (t.name === 'kubernetes.URL') {
          const rs = args[1].computedSize;
          const size = rs ? est.union(rs, rs) : fixed(1);
          return { cost: est.factor({ min: 1n, max: size.max }, STRING_TRAVERSAL) };
        }
        if (UNIT_EQUALITY_TYPES.has(t.name)) return unit;
        return undefined;
      }
      default:
        return undefined;
    }
  };
  return { estimateSize, estimateCallCost };
}

export { mulFactor };
