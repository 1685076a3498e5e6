// Binding of the value-level libraries (./lib/) into the engine: declarations from their overload tables,
// runtime implementations per overload id (dispatched on runtime types when the checker left several),
// CelLibraryError turned into CEL errors with the same text, library types registered for equality and size.
import type { FunctionDecl, OverloadDecl as EngineOverload } from './decls.js';
import type { CelLibrary } from './env.js';
import * as lib from './lib/index.js';
import { checkFormatCall, type FormatArg, type FormatArgType } from './lib/strings-format.js';
import { forEachExpr, type Expr } from './ast.js';
import type { CheckedAst } from './checker.js';
import type { Issues } from './issues.js';
import { add as celAdd, compare as celCompare, type RuntimeLibrary, type RuntimeOverload } from './stdlib.js';
import { formatDuration, formatTimestamp } from './time.js';
import { T, typeName, type CelType } from './types.js';
import {
  CelDuration, CelError, CelMap, CelOptional, CelTimestamp, CelType as CelTypeValue, CelUint, celEquals, registerOpaqueType, runtimeTypeName,
} from './values.js';
import { setsCost } from './lib/sets.js';
import { authzLibrary, authzSelectorsLibrary } from './authz.js';
import { UNKNOWN_SIZE, est, fixed, type AstNode } from './cost-estimator.js';

export type KubeLibraryName =
  | 'lists' | 'regex' | 'urls' | 'authz' | 'authzSelectors' | 'quantity' | 'ip' | 'cidr' | 'format' | 'semver'
  | 'strings' | 'stringsV0' | 'sets';

registerOpaqueType(lib.Quantity, lib.QUANTITY_TYPE, (a, b) => (a as lib.Quantity).equals(b as lib.Quantity));
registerOpaqueType(lib.URLValue, lib.URL_TYPE, (a, b) => (a as lib.URLValue).equals(b as lib.URLValue));
registerOpaqueType(lib.IP, lib.IP_TYPE, (a, b) => (a as lib.IP).equals(b as lib.IP));
registerOpaqueType(lib.CIDR, lib.CIDR_TYPE, (a, b) => (a as lib.CIDR).equals(b as lib.CIDR));
registerOpaqueType(lib.Semver, lib.SEMVER_TYPE, (a, b) => (a as lib.Semver).equals(b as lib.Semver));
registerOpaqueType(lib.NamedFormat, lib.FORMAT_TYPE, (a, b) => (a as lib.NamedFormat).equals(b as lib.NamedFormat));
// IPs and CIDRs are sizers in Kubernetes (their byte length), which call costs use.
for (const C of [lib.IP, lib.CIDR]) {
  Object.defineProperty(C.prototype, 'celSize', { value(this: { size(): number }) { return this.size(); } });
}

/** Parses a type name as cel-go prints it: `list(string)`, `map(string, list(string))`, `optional_type(T)`, … */
export function parseTypeName(name: string): CelType {
  let pos = 0;
  const parse = (): CelType => {
    let id = '';
    while (pos < name.length && /[A-Za-z0-9_.]/.test(name[pos])) id += name[pos++];
    const params: CelType[] = [];
    if (name[pos] === '(') {
      pos++;
      for (;;) {
        while (name[pos] === ' ') pos++;
        params.push(parse());
        while (name[pos] === ' ') pos++;
        if (name[pos] === ',') { pos++; continue; }
        pos++; // ')'
        break;
      }
    }
    switch (id) {
      case 'int': case 'uint': case 'double': case 'string': case 'bytes': case 'bool': case 'timestamp': case 'duration': case 'dyn': case 'null':
        return T[id as 'int'];
      case 'list': return T.list(params[0]);
      case 'map': return T.map(params[0], params[1]);
      case 'optional_type': return T.optional(params[0]);
      default:
        return /^[A-Z]$/.test(id) ? T.param(id) : T.opaque(id, ...params);
    }
  };
  return parse();
}

/** A runtime check that a value has a declared type (for dispatch among overloads). */
function runtimeGuard(t: CelType): (v: unknown) => boolean {
  switch (t.kind) {
    case 'int': return (v) => typeof v === 'bigint';
    case 'uint': return (v) => v instanceof CelUint;
    case 'double': return (v) => typeof v === 'number';
    case 'string': return (v) => typeof v === 'string';
    case 'bool': return (v) => typeof v === 'boolean';
    case 'bytes': return (v) => v instanceof Uint8Array;
    case 'timestamp': return (v) => v instanceof CelTimestamp;
    case 'duration': return (v) => v instanceof CelDuration;
    case 'list': {
      const elem = runtimeGuard(t.elem);
      return (v) => Array.isArray(v) && (v.length === 0 || elem(v[0]));
    }
    case 'map': return (v) => v instanceof CelMap;
    case 'opaque': return t.name === 'optional_type' ? (v) => v instanceof CelOptional : (v) => runtimeTypeName(v) === t.name;
    default: return () => true;
  }
}

function wrap(f: (...args: any[]) => unknown): (...args: any[]) => unknown {
  return (...args) => {
    try {
      return f(...args);
    } catch (e) {
      if (e instanceof lib.CelLibraryError) throw new CelError(e.message);
      throw e;
    }
  };
}

function bind(name: string, decls: readonly lib.OverloadDecl[], impls: Record<string, (...args: any[]) => unknown>, callCost?: CelLibrary['callCost']): CelLibrary {
  const functions = new Map<string, FunctionDecl>();
  const runtime: RuntimeLibrary = new Map();
  for (const d of decls) {
    const impl = impls[d.overloadId];
    if (!impl) throw new Error(`no implementation bound for ${d.overloadId}`);
    const args = d.params.map(parseTypeName);
    const overload: EngineOverload = { id: d.overloadId, member: d.member, args, result: parseTypeName(d.result) };
    const f = functions.get(d.function) ?? { name: d.function, overloads: [] };
    f.overloads.push(overload);
    functions.set(d.function, f);
    const guards = args.map(runtimeGuard);
    const ro: RuntimeOverload = { id: d.overloadId, impl: wrap(impl), guard: (vals) => vals.length === guards.length && guards.every((g, i) => g(vals[i])) };
    runtime.set(d.function, [...(runtime.get(d.function) ?? []), ro]);
  }
  return { name, declarations: [...functions.values()], runtime, callCost };
}

const str = (v: unknown) => v as string;
const int = (v: unknown) => v as bigint;
const ZERO: Record<string, unknown> = { int: 0n, uint: new CelUint(0n), double: 0, duration: new CelDuration(0n) };

function listsLibrary(): CelLibrary {
  const impls: Record<string, (...args: any[]) => unknown> = {};
  for (const d of lib.LIBRARY_OVERLOADS['kubernetes.lists']) {
    const elem = /^list\((\w+)\)$/.exec(d.params[0])?.[1] ?? 'A';
    switch (d.function) {
      case 'isSorted': impls[d.overloadId] = (l: unknown[]) => lib.lists.isSorted(l, celCompare as (a: unknown, b: unknown) => number); break;
      case 'sum': impls[d.overloadId] = (l: unknown[]) => lib.lists.sum(l, ZERO[elem], celAdd); break;
      case 'min': impls[d.overloadId] = (l: unknown[]) => lib.lists.min(l, celCompare as (a: unknown, b: unknown) => number); break;
      case 'max': impls[d.overloadId] = (l: unknown[]) => lib.lists.max(l, celCompare as (a: unknown, b: unknown) => number); break;
      case 'indexOf': impls[d.overloadId] = (l: unknown[], x: unknown) => lib.lists.indexOf(l, x, celEquals); break;
      case 'lastIndexOf': impls[d.overloadId] = (l: unknown[], x: unknown) => lib.lists.lastIndexOf(l, x, celEquals); break;
      default: break;
    }
  }
  return bind('kubernetes.lists', lib.LIBRARY_OVERLOADS['kubernetes.lists'], impls);
}

function regexLibrary(): CelLibrary {
  return bind('kubernetes.regex', lib.LIBRARY_OVERLOADS['kubernetes.regex'], {
    string_find_string: (s, p) => lib.find(str(s), str(p)),
    string_find_all_string: (s, p) => lib.findAll(str(s), str(p)),
    string_find_all_string_int: (s, p, n) => lib.findAll(str(s), str(p), int(n)),
  });
}

function urlsLibrary(): CelLibrary {
  const u = (v: unknown) => v as lib.URLValue;
  return bind('kubernetes.urls', lib.LIBRARY_OVERLOADS['kubernetes.urls'], {
    string_to_url: (s) => lib.url(str(s)),
    url_get_scheme: (v) => u(v).getScheme(),
    url_get_host: (v) => u(v).getHost(),
    url_get_hostname: (v) => u(v).getHostname(),
    url_get_port: (v) => u(v).getPort(),
    url_get_escaped_path: (v) => u(v).getEscapedPath(),
    url_get_query: (v) => CelMap.from(u(v).getQuery()),
    is_url_string: (s) => lib.isURL(str(s)),
  });
}

function quantityLibrary(): CelLibrary {
  const q = (v: unknown) => v as lib.Quantity;
  return bind('kubernetes.quantity', lib.LIBRARY_OVERLOADS['kubernetes.quantity'], {
    string_to_quantity: (s) => lib.quantity(str(s)),
    is_quantity_string: (s) => lib.isQuantity(str(s)),
    quantity_sign: (v) => q(v).sign(),
    quantity_is_greater_than: (a, b) => q(a).isGreaterThan(q(b)),
    quantity_is_less_than: (a, b) => q(a).isLessThan(q(b)),
    quantity_compare_to: (a, b) => q(a).compareTo(q(b)),
    quantity_get_float: (v) => q(v).asApproximateFloat(),
    quantity_get_int: (v) => q(v).asInteger(),
    quantity_is_integer: (v) => q(v).isInteger(),
    quantity_add: (a, b) => q(a).add(q(b)),
    quantity_add_int: (a, n) => q(a).addInt(int(n)),
    quantity_sub: (a, b) => q(a).sub(q(b)),
    quantity_sub_int: (a, n) => q(a).subInt(int(n)),
  });
}

function ipLibrary(): CelLibrary {
  const ip = (v: unknown) => v as lib.IP;
  return bind('kubernetes.net.ip', lib.LIBRARY_OVERLOADS['kubernetes.net.ip'], {
    string_to_ip: (s) => lib.ip(str(s)),
    ip_family: (v) => ip(v).family(),
    ip_is_canonical: (s) => lib.ipIsCanonical(str(s)),
    ip_is_unspecified: (v) => ip(v).isUnspecified(),
    ip_is_loopback: (v) => ip(v).isLoopback(),
    ip_is_link_local_multicast: (v) => ip(v).isLinkLocalMulticast(),
    ip_is_link_local_unicast: (v) => ip(v).isLinkLocalUnicast(),
    ip_is_global_unicast: (v) => ip(v).isGlobalUnicast(),
    is_ip: (s) => lib.isIP(str(s)),
    ip_to_string: (v) => ip(v).toString(),
  });
}

function cidrLibrary(): CelLibrary {
  const c = (v: unknown) => v as lib.CIDR;
  return bind('kubernetes.net.cidr', lib.LIBRARY_OVERLOADS['kubernetes.net.cidr'], {
    string_to_cidr: (s) => lib.cidr(str(s)),
    cidr_contains_ip_string: (a, s) => lib.containsIP(c(a), str(s)),
    cidr_contains_ip_ip: (a, b) => lib.containsIP(c(a), b as lib.IP),
    cidr_contains_cidr_string: (a, s) => lib.containsCIDR(c(a), str(s)),
    cidr_contains_cidr: (a, b) => lib.containsCIDR(c(a), c(b)),
    cidr_ip: (a) => c(a).ip,
    cidr_prefix_length: (a) => c(a).prefixLength(),
    cidr_masked: (a) => c(a).masked(),
    is_cidr: (s) => lib.isCIDR(str(s)),
    cidr_to_string: (a) => c(a).toString(),
  });
}

function formatLibrary(): CelLibrary {
  const impls: Record<string, (...args: any[]) => unknown> = {
    'format-validate': (f, s) => { const errs = (f as lib.NamedFormat).validate(str(s)); return errs ? CelOptional.of(errs) : CelOptional.NONE; },
    'format-named': (s) => { const f = lib.formatNamed(str(s)); return f ? CelOptional.of(f) : CelOptional.NONE; },
  };
  for (const d of lib.LIBRARY_OVERLOADS['kubernetes.format']) {
    if (d.params.length === 0) { const f = lib.formatConstant(d.function.slice('format.'.length)); impls[d.overloadId] = () => f; }
  }
  return bind('kubernetes.format', lib.LIBRARY_OVERLOADS['kubernetes.format'], impls);
}

function semverLibrary(): CelLibrary {
  const v = (x: unknown) => x as lib.Semver;
  return bind('kubernetes.Semver', lib.LIBRARY_OVERLOADS['kubernetes.Semver'], {
    string_to_semver: (s) => lib.semver(str(s)),
    string_bool_to_semver: (s, n) => lib.semver(str(s), n as boolean),
    is_semver_string: (s) => lib.isSemver(str(s)),
    is_semver_string_bool: (s, n) => lib.isSemver(str(s), n as boolean),
    semver_is_greater_than: (a, b) => v(a).isGreaterThan(v(b)),
    semver_is_less_than: (a, b) => v(a).isLessThan(v(b)),
    semver_compare_to: (a, b) => v(a).compareTo(v(b)),
    semver_major: (a) => v(a).major(),
    semver_minor: (a) => v(a).minor(),
    semver_patch: (a) => v(a).patch(),
  });
}

/** A CEL value as the strings formatter sees it. */
function formatArg(v: unknown): FormatArg {
  if (typeof v === 'bigint') return { type: 'int', value: v };
  if (v instanceof CelUint) return { type: 'uint', value: v.v };
  if (typeof v === 'number') return { type: 'double', value: v };
  if (typeof v === 'string') return { type: 'string', value: v };
  if (typeof v === 'boolean') return { type: 'bool', value: v };
  if (v === null) return { type: 'null' };
  if (v instanceof Uint8Array) return { type: 'bytes', value: v };
  if (v instanceof CelTimestamp) return { type: 'timestamp', text: formatTimestamp(v) };
  if (v instanceof CelDuration) return { type: 'duration', text: formatDuration(v) };
  if (v instanceof CelTypeValue) return { type: 'type', name: v.name };
  if (Array.isArray(v)) return { type: 'list', items: v.map(formatArg) };
  if (v instanceof CelMap) return { type: 'map', entries: v.entries().map(([k, x]) => [formatArg(k), formatArg(x)] as const) };
  return { type: 'other', typeName: runtimeTypeName(v) };
}

/** How the format validator sees an argument expression's checked type. */
function formatArgType(e: Expr, ast: CheckedAst): FormatArgType {
  const t = ast.types.get(e.id) ?? T.dyn;
  const kinds: Partial<Record<CelType['kind'], FormatArgType['kind']>> = {
    dyn: 'dyn', typeparam: 'dyn', int: 'int', uint: 'uint', double: 'double', bool: 'bool', string: 'string', bytes: 'bytes',
    null: 'null', timestamp: 'timestamp', duration: 'duration', type: 'type', list: 'list', map: 'map',
  };
  return {
    id: e.id,
    kind: kinds[t.kind] ?? 'other',
    typeName: typeName(t),
    elements: e.kind === 'list' ? e.elements.map((x) => formatArgType(x, ast)) : undefined,
    entries: e.kind === 'map' ? e.entries.map((en) => [formatArgType(en.key, ast), formatArgType(en.value, ast)] as const) : undefined,
  };
}

/** cel-go's string.format validator: literal format strings with list literals are checked when compiling. */
function validateFormatCalls(ast: CheckedAst, issues: Issues): void {
  forEachExpr(ast.expr, (e) => {
    if (e.kind !== 'call' || e.fn !== 'format' || !e.target || e.args.length !== 1) return;
    const ids = ast.refs.get(e.id)?.overloads ?? [];
    if (ids.length > 0 && !ids.includes('string_format')) return;
    if (e.target.kind !== 'const' || e.target.value.kind !== 'string' || e.args[0].kind !== 'list') return;
    const issue = checkFormatCall(e.target.value.value, e.args[0].elements.map((x) => formatArgType(x, ast)), e.id);
    if (issue) issues.report(ast.source.positions.get(issue.exprId) ?? -1, issue.message, issue.exprId);
  });
}

function stringsLibrary(maxVersion: number): CelLibrary {
  const decls = (lib.LIBRARY_OVERLOADS['cel.lib.ext.strings'] as readonly (lib.OverloadDecl & { version?: number })[]).filter((d) => (d.version ?? 0) <= maxVersion);
  const hasFormat = decls.some((d) => d.overloadId === 'string_format');
  return { ...stringsBinding(decls), validators: hasFormat ? [validateFormatCalls] : [], homogeneousExempt: hasFormat ? ['format'] : [] };
}

function stringsBinding(decls: readonly lib.OverloadDecl[]): CelLibrary {
  const s = lib.strings;
  return bind('cel.lib.ext.strings', decls, {
    string_char_at_int: (x, i) => s.charAt(str(x), int(i)),
    string_index_of_string: (x, sub) => s.indexOf(str(x), str(sub)),
    string_index_of_string_int: (x, sub, o) => s.indexOf(str(x), str(sub), int(o)),
    string_last_index_of_string: (x, sub) => s.lastIndexOf(str(x), str(sub)),
    string_last_index_of_string_int: (x, sub, o) => s.lastIndexOf(str(x), str(sub), int(o)),
    string_lower_ascii: (x) => s.lowerAscii(str(x)),
    string_replace_string_string: (x, a, b) => s.replace(str(x), str(a), str(b)),
    string_replace_string_string_int: (x, a, b, n) => s.replace(str(x), str(a), str(b), int(n)),
    string_split_string: (x, sep) => s.split(str(x), str(sep)),
    string_split_string_int: (x, sep, n) => s.split(str(x), str(sep), int(n)),
    string_substring_int: (x, a) => s.substring(str(x), int(a)),
    string_substring_int_int: (x, a, b) => s.substring(str(x), int(a), int(b)),
    string_trim: (x) => s.trim(str(x)),
    string_upper_ascii: (x) => s.upperAscii(str(x)),
    string_format: (x, args) => s.format(str(x), (args as unknown[]).map(formatArg)),
    strings_quote: (x) => s.quote(str(x)),
    list_join: (l) => s.join(l as string[]),
    list_join_string: (l, sep) => s.join(l as string[], str(sep)),
    string_reverse: (x) => s.reverse(str(x)),
  });
}

function setsLibrary(): CelLibrary {
  const l = (v: unknown) => v as unknown[];
  const names: Record<string, 'sets.contains' | 'sets.equivalent' | 'sets.intersects'> = {
    list_sets_contains_list: 'sets.contains', list_sets_equivalent_list: 'sets.equivalent', list_sets_intersects_list: 'sets.intersects',
  };
  const bound = bind('cel.lib.ext.sets', lib.LIBRARY_OVERLOADS['cel.lib.ext.sets'], {
    list_sets_contains_list: (a, b) => lib.setsContains(l(a), l(b), celEquals),
    list_sets_equivalent_list: (a, b) => lib.setsEquivalent(l(a), l(b), celEquals),
    list_sets_intersects_list: (a, b) => lib.setsIntersects(l(a), l(b), celEquals),
  }, (_fn, overloadId) => {
    const name = names[overloadId];
    return name ? (args: unknown[]) => setsCost(name, l(args[0]).length, l(args[1]).length) : undefined;
  });
  // cel-go's estimate: 1 + size(a) × size(b) × factor (2 for equivalent).
  const sizeOf = (n: AstNode) => n.computedSize ?? UNKNOWN_SIZE;
  return {
    ...bound,
    estimateCallCost: (_fn, overloadId, _target, args) => {
      const name = names[overloadId];
      if (!name || args.length !== 2) return undefined;
      return { cost: est.add(est.factor(est.mul(sizeOf(args[0]), sizeOf(args[1])), name === 'sets.equivalent' ? 2 : 1), fixed(1)) };
    },
  };
}

const once = <T>(f: () => T): (() => T) => { let v: T | undefined; return () => (v ??= f()); };

export const KUBE_LIBRARIES: Record<KubeLibraryName, (() => CelLibrary) | undefined> = {
  lists: once(listsLibrary),
  regex: once(regexLibrary),
  urls: once(urlsLibrary),
  authz: once(authzLibrary),
  authzSelectors: once(authzSelectorsLibrary),
  quantity: once(quantityLibrary),
  ip: once(ipLibrary),
  cidr: once(cidrLibrary),
  format: once(formatLibrary),
  semver: once(semverLibrary),
  strings: once(() => stringsLibrary(2)),
  stringsV0: once(() => stringsLibrary(0)),
  sets: once(setsLibrary),
};

/** The strings extension at the version cel-spec's conformance suite exercises. */
export const stringsExtension = (version: number): CelLibrary => stringsLibrary(version);
