// The object types MutatingAdmissionPolicy expressions construct (kube's mutation type resolver, 1.33): `JSONPatch`
// with fields op, path, from (strings) and value (dyn), and `Object` / `Object.<field>...` types that accept any
// field name, each field dyn — kube 1.33 resolves them without the object's schema. A value built from them
// converts to JSON (`mutationToJson`); `checkObjectTypeNames` is kube's check that nested Object types are named
// after their field path from the root.
import { fn, global, type TypeProvider } from './decls.js';
import type { CelLibrary } from './env.js';
import { formatDuration, formatTimestamp } from './time.js';
import { T, type CelType } from './types.js';
import { CelDuration, CelError, CelMap, CelOptional, CelTimestamp, CelUint, celEquals, isObjectValue, type ObjectValue } from './values.js';

export const OBJECT_TYPE_NAME = 'Object';
export const JSON_PATCH_TYPE_NAME = 'JSONPatch';

const JSON_PATCH_FIELDS = new Set(['op', 'path', 'from', 'value']);

export function isMutationObjectTypeName(name: string): boolean {
  return name === OBJECT_TYPE_NAME || name.startsWith(`${OBJECT_TYPE_NAME}.`);
}

/** A value of an `Object...` type: the fields set at construction. */
export class MutationObject implements ObjectValue {
  constructor(readonly celTypeName: string, readonly fields: Map<string, unknown>) {}
  getField(name: string): unknown { return this.fields.get(name); }
  hasField(name: string): boolean { return this.fields.has(name); }
  fieldNames(): string[] { return [...this.fields.keys()]; }
}

/** A value of `JSONPatch`. */
export class JSONPatchValue implements ObjectValue {
  readonly celTypeName = JSON_PATCH_TYPE_NAME;
  constructor(readonly op: string, readonly path: string, readonly from: string, readonly value: unknown) {}
  getField(name: string): unknown {
    switch (name) {
      case 'op': return this.op;
      case 'path': return this.path;
      case 'from': return this.from;
      case 'value': return this.value;
      default: throw new CelError(`unsupported indexer: ${name}`);
    }
  }
  hasField(name: string): boolean {
    switch (name) {
      case 'op': return this.op.length > 0;
      case 'path': return this.path.length > 0;
      case 'from': return this.from.length > 0;
      case 'value': return this.value !== undefined;
      default: return false;
    }
  }
  fieldNames(): string[] { return ['op', 'path', 'from', 'value'].filter((f) => this.hasField(f)); }
}

/** Go's %T of a CEL value's native form, as kube's JSONPatch field errors print it. */
function goNativeType(v: unknown): string {
  switch (typeof v) {
    case 'bigint': return 'int64';
    case 'number': return 'float64';
    case 'boolean': return 'bool';
    default: break;
  }
  if (v === null) return 'structpb.NullValue';
  if (v instanceof CelUint) return 'uint64';
  if (v instanceof Uint8Array) return '[]uint8';
  if (Array.isArray(v)) return '[]ref.Val';
  if (v instanceof CelMap) return 'map[ref.Val]ref.Val';
  if (v instanceof CelDuration) return 'time.Duration';
  if (v instanceof CelTimestamp) return 'time.Time';
  if (v instanceof MutationObject) return 'map[string]interface {}';
  return '*ref.Val';
}

function newJSONPatch(fields: Map<string, unknown>): JSONPatchValue {
  const str = (name: string): string => {
    const v = fields.get(name);
    if (v === undefined) return '';
    if (typeof v !== 'string') throw new CelError(`unexpected type ${goNativeType(v)} for JSONPatchType '${name}' field`);
    return v;
  };
  for (const name of fields.keys()) if (!JSON_PATCH_FIELDS.has(name)) throw new CelError(`unexpected JSONPatchType field: ${name}`);
  return new JSONPatchValue(str('op'), str('path'), str('from'), fields.get('value'));
}

/** The checker's and the planner's view of the mutation types; other names go to `next`. */
export class MutationTypeProvider implements TypeProvider {
  constructor(private readonly next?: TypeProvider) {}

  findObjectType(name: string): boolean {
    if (name === JSON_PATCH_TYPE_NAME || isMutationObjectTypeName(name)) return true;
    return this.next?.findObjectType(name) ?? false;
  }

  findFieldType(typeName: string, field: string): CelType | undefined {
    if (typeName === JSON_PATCH_TYPE_NAME) {
      if (field === 'value') return T.dyn;
      return JSON_PATCH_FIELDS.has(field) ? T.string : undefined;
    }
    if (isMutationObjectTypeName(typeName)) return T.dyn;
    return this.next?.findFieldType(typeName, field);
  }

  newValue(typeName: string, fields: Map<string, unknown>): unknown {
    if (typeName === JSON_PATCH_TYPE_NAME) return newJSONPatch(fields);
    if (isMutationObjectTypeName(typeName)) return new MutationObject(typeName, fields);
    if (this.next?.newValue) return this.next.newValue(typeName, fields);
    throw new CelError(`unknown type '${typeName}'`);
  }
}

/**
 * kube's CheckTypeNamesMatchFieldPathNames: every Object value nested under field f of a value of type N must be
 * of type N.f (lists and maps in between add nothing to the path). Returns the errors' texts.
 */
export function checkObjectTypeNames(root: MutationObject): string[] {
  const errs: string[] = [];
  const walk = (v: unknown, path: string[]) => {
    if (v instanceof MutationObject) {
      const expected = path.join('.');
      if (v.celTypeName !== expected) {
        errs.push(`unexpected type name ${JSON.stringify(v.celTypeName)}, expected ${JSON.stringify(expected)}, which matches field name path from root Object type`);
      }
      for (const [k, f] of v.fields) walk(f, [...path, k]);
    } else if (Array.isArray(v)) {
      for (const x of v) walk(x, path);
    } else if (v instanceof CelMap) {
      for (const x of v.vals) walk(x, path);
    }
  };
  walk(root, [root.celTypeName]);
  return errs;
}

/** A CEL value as JSON (the form a patch carries); throws CelError for what JSON cannot hold. */
export function mutationToJson(v: unknown): unknown {
  switch (typeof v) {
    case 'string': case 'boolean': return v;
    case 'bigint': return Number(v);
    case 'number':
      if (!Number.isFinite(v)) throw new CelError(`json: unsupported value: ${Number.isNaN(v) ? 'NaN' : v > 0 ? '+Inf' : '-Inf'}`);
      return v;
    default: break;
  }
  if (v === null || v === undefined) return null;
  if (v instanceof CelUint) return Number(v.v);
  if (Array.isArray(v)) return v.map(mutationToJson);
  if (v instanceof CelMap) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of v.entries()) {
      if (typeof k !== 'string') throw new CelError(`map key ${JSON.stringify(String(k))} is of type ${goNativeType(k)}, not string`);
      out[k] = mutationToJson(x);
    }
    return out;
  }
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  if (v instanceof CelTimestamp) return formatTimestamp(v);
  if (v instanceof CelDuration) return formatDuration(v);
  if (v instanceof CelOptional) throw new CelError('unsupported type: optional_type');
  if (v instanceof JSONPatchValue) throw new CelError('unsupported type: JSONPatch');
  if (isObjectValue(v)) {
    const out: Record<string, unknown> = {};
    for (const name of v.fieldNames()) out[name] = mutationToJson(v.getField(name));
    return out;
  }
  throw new CelError('unsupported type');
}

/** Two mutation values are equal when type and fields are (kube compares Object values deeply). */
export function mutationValuesEqual(a: MutationObject, b: MutationObject): boolean {
  if (a.celTypeName !== b.celTypeName || a.fields.size !== b.fields.size) return false;
  for (const [k, v] of a.fields) if (!b.fields.has(k) || !celEquals(v, b.fields.get(k))) return false;
  return true;
}

/** `jsonpatch.escapeKey(string)`: a key as a JSON Pointer token (`~` → `~0`, `/` → `~1`). */
export function escapeJsonPatchKey(k: string): string {
  return k.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** kube's JSONPatch library (MutatingAdmissionPolicy environments only). */
export const JSON_PATCH_LIBRARY: CelLibrary = {
  name: 'kubernetes.jsonpatch',
  declarations: [fn('jsonpatch.escapeKey', global('string_jsonpatch_escapeKey_string', [T.string], T.string))],
  runtime: new Map([['jsonpatch.escapeKey', [{
    id: 'string_jsonpatch_escapeKey_string',
    impl: (s: unknown) => escapeJsonPatchKey(s as string),
    guard: (args: unknown[]) => args.length === 1 && typeof args[0] === 'string',
  }]]]),
};
