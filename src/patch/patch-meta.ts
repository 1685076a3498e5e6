// The schema lookups strategic merge patch needs, and an adapter that answers them from the raw
// OpenAPI v3 documents of the built-in kinds (x-kubernetes-patch-strategy / -patch-merge-key on the
// property, `$ref`s into components.schemas, `allOf` wrappers). The lookups fail the way kube's
// Go-struct lookups fail, because those failures surface as 500 texts.
import { SmpError } from './smp-error.js';
import { goQuote } from '../golang/strconv.js';

/** Patch metadata of one field, and the schema of its value (of its items, for a list). */
export interface FieldPatchMeta {
  meta: PatchMeta;
  /** x-kubernetes-patch-strategy split on ',' (e.g. ['merge','retainKeys']); [] when absent. */
  strategies: string[];
  /** x-kubernetes-patch-merge-key, '' when absent. */
  mergeKey: string;
}

/** Schema of one value, as strategic merge patch walks it. */
export interface PatchMeta {
  /** Go's kind name of the type ('struct', 'map', 'slice', 'string', ...), shown in some errors. */
  readonly name: string;
  /** The field `key` of this struct; throws SmpError when there is none. */
  lookupStruct(key: string): FieldPatchMeta;
  /** The list field `key` of this struct, with `meta` describing its items; throws SmpError. */
  lookupSlice(key: string): FieldPatchMeta;
}

export type OpenAPISchema = { [key: string]: unknown };
export type RefResolver = (ref: string) => OpenAPISchema | undefined;

/** Resolves `#/components/schemas/<name>` refs against the given OpenAPI v3 documents. */
export function openAPIRefResolver(...docs: Array<{ components?: { schemas?: Record<string, unknown> } }>): RefResolver {
  return (ref) => {
    const name = ref.replace(/^#\/components\/schemas\//, '');
    for (const d of docs) {
      const s = d.components?.schemas?.[name];
      if (s && typeof s === 'object') return s as OpenAPISchema;
    }
    return undefined;
  };
}

interface Resolved {
  schema: OpenAPISchema;
  /** The Go type name, taken from the last dotted segment of the ref (e.g. `ObjectMeta`). */
  typeName: string;
}

function resolve(s: OpenAPISchema, resolveRef: RefResolver, typeName = ''): Resolved {
  const allOf = s.allOf;
  if (Array.isArray(allOf) && allOf.length > 0) s = allOf[0] as OpenAPISchema;
  const ref = s.$ref;
  if (typeof ref === 'string' && ref !== '') {
    const target = resolveRef(ref);
    if (!target) throw new SmpError(`unable to resolve ${ref} in OpenAPI V3`, 'internal');
    return { schema: target, typeName: ref.slice(ref.lastIndexOf('.') + 1) };
  }
  return { schema: s, typeName };
}

function goKind(s: OpenAPISchema): string {
  const type = Array.isArray(s.type) ? s.type.join('') : s.type;
  switch (type) {
    case 'array':
      return 'slice';
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'integer':
      return s.format === 'int32' ? 'int32' : 'int64';
    case 'number':
      return 'float64';
    case 'object':
      return s.properties === undefined && s.additionalProperties !== undefined ? 'map' : 'struct';
  }
  // Untyped schemas are Go structs (IntOrString, Quantity, RawExtension, JSON...).
  return 'struct';
}

function strategiesOf(prop: OpenAPISchema): string[] {
  const s = prop['x-kubernetes-patch-strategy'];
  return typeof s === 'string' ? s.split(',') : [];
}

class OpenAPIPatchMeta implements PatchMeta {
  readonly name: string;
  constructor(
    private readonly schema: OpenAPISchema,
    private readonly typeName: string,
    private readonly resolveRef: RefResolver,
  ) {
    this.name = goKind(schema);
  }

  private property(key: string): OpenAPISchema {
    if (this.name !== 'struct') throw new SmpError(`merging an object in json but data type is not struct, instead is: ${this.name}`, 'internal');
    const props = (this.schema.properties ?? {}) as Record<string, OpenAPISchema>;
    let prop = Object.prototype.hasOwnProperty.call(props, key) ? props[key] : undefined;
    // encoding/json falls back to a case-insensitive match of the field name.
    if (!prop) {
      const lower = key.toLowerCase();
      const hit = Object.keys(props).find((k) => k.toLowerCase() === lower);
      if (hit) prop = props[hit];
    }
    if (!prop) throw new SmpError(`unable to find api field in struct ${this.typeName || 'Struct'} for the json field ${goQuote(key)}`, 'internal');
    return prop;
  }

  lookupStruct(key: string): FieldPatchMeta {
    const prop = this.property(key);
    const r = resolve(prop, this.resolveRef);
    return { meta: metaOf(r, this.resolveRef), strategies: strategiesOf(prop), mergeKey: String(prop['x-kubernetes-patch-merge-key'] ?? '') };
  }

  lookupSlice(key: string): FieldPatchMeta {
    const prop = this.property(key);
    // Like kube's OpenAPI lookup (and its Go lookup of pointer fields): a field that is not a
    // list describes its own "items".
    const items = (prop.items ?? prop) as OpenAPISchema;
    const r = resolve(items, this.resolveRef);
    return { meta: metaOf(r, this.resolveRef), strategies: strategiesOf(prop), mergeKey: String(prop['x-kubernetes-patch-merge-key'] ?? '') };
  }
}

const cache = new WeakMap<OpenAPISchema, OpenAPIPatchMeta>();

function metaOf(r: Resolved, resolveRef: RefResolver): PatchMeta {
  let m = cache.get(r.schema);
  if (!m) {
    m = new OpenAPIPatchMeta(r.schema, r.typeName, resolveRef);
    cache.set(r.schema, m);
  }
  return m;
}

/**
 * PatchMeta for a raw OpenAPI v3 schema object, resolving `$ref`s with `resolveRef` (see
 * openAPIRefResolver). Pass either `{ $ref: '#/components/schemas/io.k8s.api.apps.v1.Deployment' }`
 * or the schema itself with its Go type name (`Deployment`, used in lookup errors). Results are
 * cached per schema object.
 */
export function patchMetaFromOpenAPI(schema: OpenAPISchema, resolveRef: RefResolver, typeName = ''): PatchMeta {
  return metaOf(resolve(schema, resolveRef, typeName), resolveRef);
}
