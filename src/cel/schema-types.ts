// CEL types from OpenAPI structural schemas, as Kubernetes derives them (apiserver pkg/cel/common/schemas.go):
// object types with escaped property names, maps from additionalProperties, lists, formats byte/duration/date/
// date-time, int-or-string as dyn, embedded resources with apiVersion/kind/metadata.name/generateName, and the
// size bounds (MaxElements, MinSerializedSize) the cost estimator uses.
import type { JSONSchemaProps } from '../api/json-schema-props.js';
import type { TypeProvider } from './decls.js';
import { T, type CelType } from './types.js';

/** kube's MaxRequestSizeBytes (3 MiB). */
export const MAX_REQUEST_SIZE_BYTES = 3 * 1024 * 1024;
const MIN_STRING_SIZE = 2;
const MIN_BOOL_SIZE = 4;
const MIN_NUMBER_SIZE = 1;
const MIN_DURATION_SIZE_JSON = 3;
const MAX_DURATION_SIZE_JSON = 32;
const JSON_DATE_SIZE = 12;
const MIN_DATETIME_SIZE_JSON = 21;
const MAX_DATETIME_SIZE_JSON = 32;

export interface DeclField {
  /** Property name in the data (unescaped). */
  name: string;
  type: DeclType;
  required: boolean;
}

export interface DeclType {
  celType: CelType;
  schema: JSONSchemaProps;
  /** Object types: fields by escaped name. */
  fields?: Map<string, DeclField>;
  elem?: DeclType;
  /** Bound on elements (lists, maps) or bytes (strings), for cost estimation. */
  maxElements: number;
  minSerializedSize: number;
  /** x-kubernetes-list-type of arrays ('set', 'map', 'atomic'). */
  listType?: string;
  listMapKeys?: string[];
}

const RESERVED = new Set([
  'true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let',
  'loop', 'package', 'namespace', 'return', 'var', 'void', 'while',
]);

/** kube's Escape: the CEL name of a property, or undefined when it cannot be accessed from CEL. */
export function escapeName(ident: string): string | undefined {
  if (ident.length === 0 || (ident[0] >= '0' && ident[0] <= '9')) return undefined;
  if (RESERVED.has(ident)) return `__${ident}__`;
  if (/^[a-zA-Z0-9_]*$/.test(ident) && !ident.includes('__')) return ident;
  if (/[^a-zA-Z0-9_./-]/.test(ident)) return undefined;
  return ident.replace(/__|[-./]/g, (m) => (m === '__' ? '__underscores__' : m === '.' ? '__dot__' : m === '-' ? '__dash__' : '__slash__'));
}

/** kube's Unescape. */
export function unescapeName(escaped: string): string | undefined {
  let ok = true;
  const out = escaped.replace(/_{2}[^_]+_{2}/g, (s) => {
    const inner = s.slice(2, -2);
    switch (inner) {
      case 'underscores': return '__';
      case 'dot': return '.';
      case 'dash': return '-';
      case 'slash': return '/';
      default:
        if (RESERVED.has(inner)) { if (s.length !== escaped.length) ok = false; return inner; }
        ok = false;
        return '';
    }
  });
  return ok ? out : undefined;
}

const hasType = (s: JSONSchemaProps | undefined, t: string) => s?.type === t;

/** Adds apiVersion, kind and metadata.name/generateName to a resource root (kube's WithTypeAndObjectMeta). */
function withTypeAndObjectMeta(s: JSONSchemaProps): JSONSchemaProps {
  const p = s.properties;
  if (p && hasType(p.kind, 'string') && hasType(p.apiVersion, 'string') && hasType(p.metadata, 'object') && p.metadata.properties
    && hasType(p.metadata.properties.name, 'string') && hasType(p.metadata.properties.generateName, 'string')) return s;
  return {
    ...s,
    properties: {
      ...s.properties,
      kind: { type: 'string' },
      apiVersion: { type: 'string' },
      metadata: { type: 'object', properties: { name: { type: 'string' }, generateName: { type: 'string' } } },
    },
  };
}

function maxStringLength(s: JSONSchemaProps): number {
  if (s['x-kubernetes-int-or-string']) return MAX_REQUEST_SIZE_BYTES - 2;
  switch (s.format) {
    case 'duration': return MAX_DURATION_SIZE_JSON;
    case 'date': return JSON_DATE_SIZE;
    case 'date-time': return MAX_DATETIME_SIZE_JSON;
    default: return MAX_REQUEST_SIZE_BYTES - 2;
  }
}

const nonNegative = (v: number) => (v < 0 ? 0 : v);
const simple = (celType: CelType, schema: JSONSchemaProps, minSerializedSize: number, maxElements = 0): DeclType => ({ celType, schema, minSerializedSize, maxElements });

/** The declared type of a schema node, or undefined when CEL cannot see it (kube's SchemaDeclType). */
export function schemaDeclType(s: JSONSchemaProps | undefined, isResourceRoot: boolean): DeclType | undefined {
  if (!s) return undefined;
  if (s['x-kubernetes-int-or-string']) return simple(T.dyn, s, 1, MAX_REQUEST_SIZE_BYTES - 2);
  if (isResourceRoot) s = withTypeAndObjectMeta(s);
  switch (s.type) {
    case 'array': {
      const items = s.items && !Array.isArray(s.items) ? s.items : undefined;
      if (!items) return undefined;
      const elem = schemaDeclType(items, items['x-kubernetes-embedded-resource'] === true);
      if (!elem) return undefined;
      const maxItems = s.maxItems !== undefined ? nonNegative(s.maxItems) : Math.floor((MAX_REQUEST_SIZE_BYTES - 2) / (elem.minSerializedSize + 1));
      return { celType: T.list(elem.celType), schema: s, elem, maxElements: maxItems, minSerializedSize: 2, listType: s['x-kubernetes-list-type'], listMapKeys: s['x-kubernetes-list-map-keys'] };
    }
    case 'object': {
      const extra = s.additionalProperties && typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
      if (extra) {
        const elem = schemaDeclType(extra, extra['x-kubernetes-embedded-resource'] === true);
        if (!elem) return undefined;
        const maxProps = s.maxProperties !== undefined ? nonNegative(s.maxProperties) : Math.floor((MAX_REQUEST_SIZE_BYTES - 2) / (elem.minSerializedSize + 6));
        return { celType: T.map(T.string, elem.celType), schema: s, elem, maxElements: maxProps, minSerializedSize: 2 };
      }
      const required = new Set(s.required ?? []);
      const fields = new Map<string, DeclField>();
      let minSize = 2;
      for (const [name, prop] of Object.entries(s.properties ?? {})) {
        const ft = schemaDeclType(prop, prop['x-kubernetes-embedded-resource'] === true);
        if (!ft) continue;
        const escaped = escapeName(name);
        if (escaped !== undefined) fields.set(escaped, { name, type: ft, required: required.has(name) });
        if (required.has(name) && prop.default === undefined) minSize += name.length + ft.minSerializedSize + 4;
      }
      return { celType: T.object('object'), schema: s, fields, maxElements: 0, minSerializedSize: minSize };
    }
    case 'string': {
      switch (s.format) {
        case 'byte': return simple(T.bytes, s, MIN_STRING_SIZE, s.maxLength !== undefined ? nonNegative(s.maxLength) : maxStringLength(s));
        case 'duration': return simple(T.duration, s, MIN_DURATION_SIZE_JSON, maxStringLength(s));
        case 'date': return simple(T.timestamp, s, JSON_DATE_SIZE, maxStringLength(s));
        case 'date-time': return simple(T.timestamp, s, MIN_DATETIME_SIZE_JSON, maxStringLength(s));
        default: break;
      }
      let max: number;
      if (s.maxLength !== undefined) max = nonNegative(s.maxLength) * 4;
      else if (s.enum && s.enum.length > 0) max = Math.max(0, ...s.enum.map((v) => (typeof v === 'string' ? Buffer.byteLength(v) : 0)));
      else max = maxStringLength(s);
      return simple(T.string, s, MIN_STRING_SIZE, max);
    }
    case 'boolean': return simple(T.bool, s, MIN_BOOL_SIZE);
    case 'number': return simple(T.double, s, MIN_NUMBER_SIZE);
    case 'integer': return simple(T.int, s, MIN_NUMBER_SIZE);
    default: return undefined;
  }
}

/** Names object types after their path from a root name (kube's MaybeAssignTypeName): root, root.field, root.list.@idx, root.map.@elem. */
export function assignTypeNames(t: DeclType, name: string): DeclType {
  if (t.fields) {
    const fields = new Map<string, DeclField>();
    for (const [k, f] of t.fields) fields.set(k, { ...f, type: assignTypeNames(f.type, `${name}.${k}`) });
    return { ...t, celType: T.object(name), fields };
  }
  if (t.elem && t.celType.kind === 'map') {
    const elem = assignTypeNames(t.elem, `${name}.@elem`);
    return { ...t, elem, celType: T.map(T.string, elem.celType) };
  }
  if (t.elem && t.celType.kind === 'list') {
    const elem = assignTypeNames(t.elem, `${name}.@idx`);
    return { ...t, elem, celType: T.list(elem.celType) };
  }
  return t;
}

/** Finds the object types of declared schema types, for the checker. */
export class SchemaTypeProvider implements TypeProvider {
  private readonly objects = new Map<string, DeclType>();

  constructor(...roots: DeclType[]) {
    for (const r of roots) this.register(r);
  }

  register(t: DeclType): void {
    if (t.fields && t.celType.kind === 'object') {
      this.objects.set(t.celType.name, t);
      for (const f of t.fields.values()) this.register(f.type);
    } else if (t.elem) {
      this.register(t.elem);
    }
  }

  findObjectType(name: string): boolean { return this.objects.has(name); }

  findFieldType(typeName: string, field: string): CelType | undefined {
    return this.objects.get(typeName)?.fields?.get(field)?.type.celType;
  }

  declType(name: string): DeclType | undefined { return this.objects.get(name); }
}
