// Declarations the checker resolves against: functions with their overloads, variables, and a type provider.
import { T, type CelType } from './types.js';

export interface OverloadDecl {
  /** cel-go's overload id (e.g. add_int64), which the checker records and the cost model keys on. */
  id: string;
  member: boolean;
  args: CelType[];
  result: CelType;
}

export interface FunctionDecl {
  name: string;
  overloads: OverloadDecl[];
}

/** Finds object types and their fields (cel-go's TypeProvider, checker side). */
export interface TypeProvider {
  findObjectType(name: string): boolean;
  findFieldType(typeName: string, field: string): CelType | undefined;
  /** Builds a value of an object type from its set fields (struct literals); throws CelError. */
  newValue?(typeName: string, fields: Map<string, unknown>): unknown;
}

export const NO_TYPES: TypeProvider = { findObjectType: () => false, findFieldType: () => undefined };

export function fn(name: string, ...overloads: OverloadDecl[]): FunctionDecl {
  return { name, overloads };
}
export function global(id: string, args: CelType[], result: CelType): OverloadDecl {
  return { id, member: false, args, result };
}
export function member(id: string, args: CelType[], result: CelType): OverloadDecl {
  return { id, member: true, args, result };
}

/** Type identifiers every environment knows (`int`, `list`, `google.protobuf.Timestamp`...). */
export const TYPE_IDENTIFIERS: Record<string, CelType> = {
  bool: T.typeOf(T.bool),
  bytes: T.typeOf(T.bytes),
  double: T.typeOf(T.double),
  'google.protobuf.Duration': T.typeOf(T.duration),
  'google.protobuf.Timestamp': T.typeOf(T.timestamp),
  int: T.typeOf(T.int),
  list: T.typeOf(T.list(T.dyn)),
  map: T.typeOf(T.map(T.dyn, T.dyn)),
  null_type: T.typeOf(T.null),
  string: T.typeOf(T.string),
  type: T.typeOf(T.type),
  uint: T.typeOf(T.uint),
  dyn: T.typeOf(T.dyn),
  optional_type: T.typeOf(T.opaque('optional_type')),
};

/** Candidate names for a name in a container, most qualified first (cel-go's ResolveCandidateNames). */
export function candidateNames(container: string, name: string): string[] {
  if (name.startsWith('.')) return [name.slice(1)];
  if (!container) return [name];
  const out: string[] = [];
  let prefix = container;
  for (;;) {
    out.push(`${prefix}.${name}`);
    const i = prefix.lastIndexOf('.');
    if (i < 0) break;
    prefix = prefix.slice(0, i);
  }
  out.push(name);
  return out;
}
