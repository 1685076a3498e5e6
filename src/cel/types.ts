// CEL's static types, with cel-go's assignability, substitution and formatting rules (checker/types.go).

export type CelType =
  | { kind: 'dyn' } | { kind: 'any' } | { kind: 'error' } | { kind: 'null' }
  | { kind: 'bool' } | { kind: 'int' } | { kind: 'uint' } | { kind: 'double' } | { kind: 'string' } | { kind: 'bytes' }
  | { kind: 'timestamp' } | { kind: 'duration' }
  | { kind: 'list'; elem: CelType }
  | { kind: 'map'; key: CelType; value: CelType }
  | { kind: 'type'; param?: CelType }
  /** Named types with parameters: optional_type(T), function(R, A...), and library types such as kubernetes.Quantity. */
  | { kind: 'opaque'; name: string; params: CelType[] }
  /** Object (message-like) types from a type provider, such as schema-derived objects. */
  | { kind: 'object'; name: string }
  | { kind: 'typeparam'; name: string };

export const T = {
  dyn: { kind: 'dyn' } as CelType,
  any: { kind: 'any' } as CelType,
  error: { kind: 'error' } as CelType,
  null: { kind: 'null' } as CelType,
  bool: { kind: 'bool' } as CelType,
  int: { kind: 'int' } as CelType,
  uint: { kind: 'uint' } as CelType,
  double: { kind: 'double' } as CelType,
  string: { kind: 'string' } as CelType,
  bytes: { kind: 'bytes' } as CelType,
  timestamp: { kind: 'timestamp' } as CelType,
  duration: { kind: 'duration' } as CelType,
  type: { kind: 'type' } as CelType,
  list: (elem: CelType): CelType => ({ kind: 'list', elem }),
  map: (key: CelType, value: CelType): CelType => ({ kind: 'map', key, value }),
  typeOf: (param: CelType): CelType => ({ kind: 'type', param }),
  opaque: (name: string, ...params: CelType[]): CelType => ({ kind: 'opaque', name, params }),
  optional: (param: CelType): CelType => ({ kind: 'opaque', name: 'optional_type', params: [param] }),
  object: (name: string): CelType => ({ kind: 'object', name }),
  param: (name: string): CelType => ({ kind: 'typeparam', name }),
};

export function params(t: CelType): CelType[] {
  switch (t.kind) {
    case 'list': return [t.elem];
    case 'map': return [t.key, t.value];
    case 'type': return t.param ? [t.param] : [];
    case 'opaque': return t.params;
    default: return [];
  }
}

/** The name cel-go gives a type (DeclaredTypeName / TypeName). */
export function typeName(t: CelType): string {
  switch (t.kind) {
    case 'dyn': return 'dyn';
    case 'any': return 'google.protobuf.Any';
    case 'error': return '*error*';
    case 'null': return 'null_type';
    case 'timestamp': return 'google.protobuf.Timestamp';
    case 'duration': return 'google.protobuf.Duration';
    case 'opaque': case 'object': case 'typeparam': return t.name;
    default: return t.kind;
  }
}

/** cel-go's FormatCELType, used in checker messages and checked-AST dumps. */
export function formatType(t: CelType): string {
  switch (t.kind) {
    case 'any': return 'any';
    case 'duration': return 'duration';
    case 'timestamp': return 'timestamp';
    case 'error': return '!error!';
    case 'null': return 'null';
    case 'typeparam': return t.name;
    case 'opaque':
      if (t.name === 'function') return formatSignature(t.params.slice(1), false, t.params[0]);
      break;
    default: break;
  }
  const ps = params(t);
  if (ps.length === 0) return typeName(t);
  return `${typeName(t)}(${ps.map(formatType).join(', ')})`;
}

export function formatSignature(args: CelType[], isInstance: boolean, result?: CelType): string {
  const names = args.map(formatType);
  let out = '';
  if (isInstance) { out += `${names[0]}.`; names.shift(); }
  out += `(${names.join(', ')})`;
  if (result) out += ` -> ${formatType(result)}`;
  return out;
}

export function isExactType(a: CelType, b: CelType): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind || typeName(a) !== typeName(b)) return false;
  const pa = params(a);
  const pb = params(b);
  if (pa.length !== pb.length) return false;
  for (let i = 0; i < pa.length; i++) if (!isExactType(pa[i], pb[i])) return false;
  return true;
}

export function isDyn(t: CelType): boolean { return t.kind === 'dyn' || t.kind === 'any'; }
export function isDynOrError(t: CelType): boolean { return isDyn(t) || t.kind === 'error'; }
export function isOptional(t: CelType): boolean { return t.kind === 'opaque' && t.name === 'optional_type'; }

/** Type-parameter substitutions found while checking (cel-go's mapping). */
export class Mapping {
  constructor(readonly subs = new Map<string, CelType>()) {}
  copy(): Mapping { return new Mapping(new Map(this.subs)); }
  find(t: CelType): CelType | undefined { return t.kind === 'typeparam' ? this.subs.get(t.name) : undefined; }
  add(t: CelType, sub: CelType): void { if (t.kind === 'typeparam') this.subs.set(t.name, sub); }
}

/** types.Type.IsAssignableType for non-parameterised checks: `to` accepts a value of type `from`. */
function runtimeAssignable(to: CelType, from: CelType): boolean {
  if (to === from || to.kind === 'dyn' || to.kind === 'any' || to.kind === 'typeparam') return true;
  if (to.kind !== from.kind || typeName(to) !== typeName(from)) return false;
  const pt = params(to);
  const pf = params(from);
  if (pt.length !== pf.length) return false;
  for (let i = 0; i < pt.length; i++) if (!runtimeAssignable(pt[i], pf[i])) return false;
  return true;
}

function isEqualOrLessSpecific(t1: CelType, t2: CelType): boolean {
  if (isDyn(t1) || t1.kind === 'typeparam') return true;
  if (isDyn(t2) || t2.kind === 'typeparam') return false;
  if (t1.kind !== t2.kind) return false;
  switch (t1.kind) {
    case 'opaque': {
      const t2o = t2 as Extract<CelType, { kind: 'opaque' }>;
      if (t1.name !== t2o.name || t1.params.length !== t2o.params.length) return false;
      return t1.params.every((p, i) => isEqualOrLessSpecific(p, t2o.params[i]));
    }
    case 'list': return isEqualOrLessSpecific(t1.elem, (t2 as typeof t1).elem);
    case 'map': return isEqualOrLessSpecific(t1.key, (t2 as typeof t1).key) && isEqualOrLessSpecific(t1.value, (t2 as typeof t1).value);
    case 'type': return true;
    default: return isExactType(t1, t2);
  }
}

export function mostGeneral(t1: CelType, t2: CelType): CelType {
  return isEqualOrLessSpecific(t1, t2) ? t1 : t2;
}

function notReferencedIn(m: Mapping, t: CelType, within: CelType): boolean {
  if (isExactType(t, within)) return false;
  switch (within.kind) {
    case 'typeparam': {
      const sub = m.find(within);
      return sub === undefined ? true : notReferencedIn(m, t, sub);
    }
    case 'opaque': case 'list': case 'map': case 'type':
      return params(within).every((p) => notReferencedIn(m, t, p));
    default: return true;
  }
}

function isValidTypeSubstitution(m: Mapping, t1: CelType, t2: CelType): [boolean, boolean] {
  if (t1.kind === t2.kind && isExactType(t1, t2)) return [true, true];
  const t2Sub = m.find(t2);
  if (t2Sub) {
    if (t1.kind === t2Sub.kind && isExactType(t1, t2Sub)) return [true, true];
    if (internalIsAssignable(m, t1, t2Sub)) {
      const t2New = mostGeneral(t1, t2Sub);
      if (notReferencedIn(m, t2, t2New)) m.add(t2, t2New);
      return [true, true];
    }
    return [false, true];
  }
  if (notReferencedIn(m, t2, t1)) {
    m.add(t2, t1);
    return [true, false];
  }
  return [false, false];
}

function isLegacyNullable(t: CelType): boolean {
  return t.kind === 'opaque' || t.kind === 'object' || t.kind === 'any' || t.kind === 'duration' || t.kind === 'timestamp';
}

function internalIsAssignable(m: Mapping, t1: CelType, t2: CelType): boolean {
  if (t2.kind === 'typeparam') {
    const [valid, hasSub] = isValidTypeSubstitution(m, t1, t2);
    if (valid) return true;
    if (hasSub) return false;
  }
  if (t1.kind === 'typeparam') return isValidTypeSubstitution(m, t2, t1)[0];
  if (isDynOrError(t1) || isDynOrError(t2)) return true;
  if (t1.kind === 'null') return isLegacyNullable(t2) || runtimeAssignable(t2, T.null);
  if (t2.kind === 'null') return isLegacyNullable(t1) || runtimeAssignable(t1, T.null);
  switch (t1.kind) {
    case 'bool': case 'bytes': case 'double': case 'int': case 'string': case 'uint': case 'duration': case 'timestamp': case 'object':
      return runtimeAssignable(t1, t2);
    case 'type':
      return t2.kind === 'type';
    case 'opaque': case 'list': case 'map': {
      if (t1.kind !== t2.kind || typeName(t1) !== typeName(t2)) return false;
      return internalIsAssignableList(m, params(t1), params(t2));
    }
    default: return false;
  }
}

function internalIsAssignableList(m: Mapping, l1: CelType[], l2: CelType[]): boolean {
  if (l1.length !== l2.length) return false;
  for (let i = 0; i < l1.length; i++) if (!internalIsAssignable(m, l1[i], l2[i])) return false;
  return true;
}

/** A mapping extended so that a value of type t2 can be used where t1 is expected, or undefined. */
export function isAssignable(m: Mapping, t1: CelType, t2: CelType): Mapping | undefined {
  const c = m.copy();
  return internalIsAssignable(c, t1, t2) ? c : undefined;
}

export function isAssignableList(m: Mapping, l1: CelType[], l2: CelType[]): Mapping | undefined {
  const c = m.copy();
  return internalIsAssignableList(c, l1, l2) ? c : undefined;
}

export function substitute(m: Mapping, t: CelType, typeParamToDyn: boolean): CelType {
  const sub = m.find(t);
  if (sub) return substitute(m, sub, typeParamToDyn);
  if (typeParamToDyn && t.kind === 'typeparam') return T.dyn;
  switch (t.kind) {
    case 'opaque': return { kind: 'opaque', name: t.name, params: t.params.map((p) => substitute(m, p, typeParamToDyn)) };
    case 'list': return T.list(substitute(m, t.elem, typeParamToDyn));
    case 'map': return T.map(substitute(m, t.key, typeParamToDyn), substitute(m, t.value, typeParamToDyn));
    case 'type': return t.param ? T.typeOf(substitute(m, t.param, typeParamToDyn)) : t;
    default: return t;
  }
}

/** Renames type parameters (fresh type variables per overload use). */
export function renameParams(t: CelType, rename: (name: string) => CelType | undefined): CelType {
  switch (t.kind) {
    case 'typeparam': return rename(t.name) ?? t;
    case 'opaque': return { kind: 'opaque', name: t.name, params: t.params.map((p) => renameParams(p, rename)) };
    case 'list': return T.list(renameParams(t.elem, rename));
    case 'map': return T.map(renameParams(t.key, rename), renameParams(t.value, rename));
    case 'type': return t.param ? T.typeOf(renameParams(t.param, rename)) : t;
    default: return t;
  }
}

export function collectTypeParams(t: CelType, out: Set<string>): void {
  if (t.kind === 'typeparam') out.add(t.name);
  for (const p of params(t)) collectTypeParams(p, out);
}
