// The compiled schema model: one node per schema position, with `$ref` and single-`$ref` `allOf` wrappers
// resolved, children compiled on first access and shared (recursive schemas such as JSONSchemaProps stay
// finite). Built-in OpenAPI v3 component schemas and apiextensions v1 JSONSchemaProps compile the same way.
// See README.md in this folder for how validation, pruning, defaulting, patch, apply and CEL read it.

/** A raw schema object: an OpenAPI v3 component schema or an apiextensions v1 JSONSchemaProps. */
export type RawSchema = Record<string, unknown>;

export type SchemaType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
export type ListType = 'atomic' | 'set' | 'map';
export type MapType = 'atomic' | 'granular';

/** An `x-kubernetes-validations` rule as written in the schema. */
export interface ValidationRule {
  rule: string;
  message?: string;
  messageExpression?: string;
  reason?: string;
  fieldPath?: string;
  optionalOldSelf?: boolean;
}

export interface GroupVersionKindRef {
  group: string;
  version: string;
  kind: string;
}

const REF_PREFIX = '#/components/schemas/';
const EMPTY: readonly string[] = Object.freeze([]);

/** Resolves `#/components/schemas/<name>` references; one per document (group-version). */
export class SchemaResolver {
  private readonly compiled = new Map<string, SchemaNode>();
  private readonly inline = new WeakMap<RawSchema, SchemaNode>();

  constructor(private readonly components: Record<string, RawSchema> = {}) {}

  /** The compiled node of one component, e.g. `io.k8s.api.core.v1.ConfigMap`; undefined when absent. */
  component(name: string): SchemaNode | undefined {
    let node = this.compiled.get(name);
    if (node) return node;
    const raw = this.components[name];
    if (!raw) return undefined;
    node = new SchemaNode(this, raw, name);
    this.compiled.set(name, node);
    return node;
  }

  /** Compiles an inline schema; a bare `{$ref}` or `{allOf:[{$ref}]}` returns the shared component node. */
  compile(raw: RawSchema): SchemaNode {
    const refName = bareRef(raw);
    if (refName !== undefined) {
      const target = this.component(refName);
      if (target) return target;
    }
    let node = this.inline.get(raw);
    if (!node) {
      node = new SchemaNode(this, raw);
      this.inline.set(raw, node);
    }
    return node;
  }

  /** Flattens `$ref` and pure-`$ref` allOf entries into one keyword set; local keywords win. */
  flatten(raw: RawSchema): { keywords: RawSchema; component?: string } {
    let component: string | undefined;
    const merged: RawSchema = {};
    const refs: string[] = [];
    if (typeof raw.$ref === 'string') refs.push(raw.$ref);
    let allOf: unknown[] | undefined;
    if (Array.isArray(raw.allOf)) {
      allOf = [];
      for (const entry of raw.allOf) {
        const r = entry as RawSchema;
        if (r && typeof r.$ref === 'string' && Object.keys(r).length === 1) refs.push(r.$ref);
        else allOf.push(entry);
      }
    }
    for (const ref of refs) {
      if (!ref.startsWith(REF_PREFIX)) continue;
      const name = ref.slice(REF_PREFIX.length);
      const target = this.components[name];
      if (!target) continue;
      const flat = this.flatten(target);
      component ??= flat.component ?? name;
      Object.assign(merged, flat.keywords);
    }
    for (const [k, v] of Object.entries(raw)) {
      if (k === '$ref' || k === 'allOf' || k === 'description') continue;
      merged[k] = v;
    }
    if (allOf && allOf.length) merged.allOf = allOf;
    return { keywords: merged, component };
  }
}

function bareRef(raw: RawSchema): string | undefined {
  const keys = Object.keys(raw).filter((k) => k !== 'description');
  if (keys.length === 1 && typeof raw.$ref === 'string' && raw.$ref.startsWith(REF_PREFIX)) return raw.$ref.slice(REF_PREFIX.length);
  if (keys.length === 1 && Array.isArray(raw.allOf) && raw.allOf.length === 1) {
    const e = raw.allOf[0] as RawSchema;
    if (e && typeof e.$ref === 'string' && Object.keys(e).length === 1 && e.$ref.startsWith(REF_PREFIX)) return e.$ref.slice(REF_PREFIX.length);
  }
  return undefined;
}

const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const asNumber = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/**
 * One schema position. Keyword getters read the flattened keywords; `properties`, `additionalProperties` and
 * `items` compile their children on first access. Treat every returned value as read-only.
 */
export class SchemaNode {
  /** The flattened keywords (refs merged, `description` dropped); children are raw here. */
  readonly keywords: RawSchema;
  /** The component this node came from (`io.k8s.api.core.v1.Container`), for built-ins; Go type names derive from it. */
  readonly component?: string;
  private props?: ReadonlyMap<string, SchemaNode>;
  private addl?: SchemaNode | boolean | null;
  private itemsNode?: SchemaNode | null;
  private opaqueMemo?: boolean;
  private defaultedMemo?: ReadonlyArray<readonly [string, SchemaNode]>;

  constructor(
    private readonly resolver: SchemaResolver,
    raw: RawSchema,
    componentName?: string,
  ) {
    const flat = resolver.flatten(raw);
    this.keywords = flat.keywords;
    this.component = componentName ?? flat.component;
  }

  get type(): SchemaType | undefined {
    return asString(this.keywords.type) as SchemaType | undefined;
  }
  get format(): string | undefined {
    return asString(this.keywords.format);
  }

  /** Declared properties (an empty map when none). */
  get properties(): ReadonlyMap<string, SchemaNode> {
    if (!this.props) {
      const m = new Map<string, SchemaNode>();
      const raw = this.keywords.properties as Record<string, RawSchema> | undefined;
      if (raw && typeof raw === 'object') for (const [k, v] of Object.entries(raw)) m.set(k, this.resolver.compile(v));
      this.props = m;
    }
    return this.props;
  }

  /** True when `properties` is declared (even empty): the object is a struct, not a map. */
  get hasProperties(): boolean {
    return this.keywords.properties !== undefined && this.keywords.properties !== null;
  }

  property(name: string): SchemaNode | undefined {
    return this.properties.get(name);
  }

  /** The map value schema; `true`/`false` as written; undefined when absent. */
  get additionalProperties(): SchemaNode | boolean | undefined {
    if (this.addl === undefined) {
      const raw = this.keywords.additionalProperties;
      if (typeof raw === 'boolean') this.addl = raw;
      else if (raw && typeof raw === 'object') this.addl = this.resolver.compile(raw as RawSchema);
      else this.addl = null;
    }
    return this.addl === null ? undefined : this.addl;
  }

  get items(): SchemaNode | undefined {
    if (this.itemsNode === undefined) {
      const raw = this.keywords.items;
      this.itemsNode = raw && typeof raw === 'object' && !Array.isArray(raw) ? this.resolver.compile(raw as RawSchema) : null;
    }
    return this.itemsNode ?? undefined;
  }

  get required(): readonly string[] {
    return Array.isArray(this.keywords.required) ? (this.keywords.required as string[]) : EMPTY;
  }
  get enum(): readonly unknown[] | undefined {
    return Array.isArray(this.keywords.enum) ? this.keywords.enum : undefined;
  }
  get nullable(): boolean {
    return this.keywords.nullable === true;
  }
  get hasDefault(): boolean {
    return this.keywords.default !== undefined;
  }
  /** The default value as written (shared: deep-copy before storing it in an object). */
  get default(): unknown {
    return this.keywords.default;
  }

  get minimum(): number | undefined {
    return asNumber(this.keywords.minimum);
  }
  get maximum(): number | undefined {
    return asNumber(this.keywords.maximum);
  }
  get exclusiveMinimum(): boolean {
    return this.keywords.exclusiveMinimum === true;
  }
  get exclusiveMaximum(): boolean {
    return this.keywords.exclusiveMaximum === true;
  }
  get multipleOf(): number | undefined {
    return asNumber(this.keywords.multipleOf);
  }
  get minLength(): number | undefined {
    return asNumber(this.keywords.minLength);
  }
  get maxLength(): number | undefined {
    return asNumber(this.keywords.maxLength);
  }
  get pattern(): string | undefined {
    return asString(this.keywords.pattern);
  }
  get minItems(): number | undefined {
    return asNumber(this.keywords.minItems);
  }
  get maxItems(): number | undefined {
    return asNumber(this.keywords.maxItems);
  }
  get uniqueItems(): boolean {
    return this.keywords.uniqueItems === true;
  }
  get minProperties(): number | undefined {
    return asNumber(this.keywords.minProperties);
  }
  get maxProperties(): number | undefined {
    return asNumber(this.keywords.maxProperties);
  }
  /** Value-validation combinators as written (structural schemas allow them without types). */
  get allOf(): readonly RawSchema[] | undefined {
    return this.keywords.allOf as RawSchema[] | undefined;
  }
  get oneOf(): readonly RawSchema[] | undefined {
    return this.keywords.oneOf as RawSchema[] | undefined;
  }
  get anyOf(): readonly RawSchema[] | undefined {
    return this.keywords.anyOf as RawSchema[] | undefined;
  }
  get not(): RawSchema | undefined {
    return this.keywords.not as RawSchema | undefined;
  }

  get preserveUnknownFields(): boolean {
    return this.keywords['x-kubernetes-preserve-unknown-fields'] === true;
  }
  get embeddedResource(): boolean {
    return this.keywords['x-kubernetes-embedded-resource'] === true;
  }
  /** `x-kubernetes-int-or-string`, or the built-in IntOrString (`format: int-or-string`). */
  get intOrString(): boolean {
    return this.keywords['x-kubernetes-int-or-string'] === true || this.format === 'int-or-string';
  }
  get listType(): ListType | undefined {
    return asString(this.keywords['x-kubernetes-list-type']) as ListType | undefined;
  }
  get listMapKeys(): readonly string[] {
    const k = this.keywords['x-kubernetes-list-map-keys'];
    return Array.isArray(k) ? (k as string[]) : EMPTY;
  }
  get mapType(): MapType | undefined {
    return asString(this.keywords['x-kubernetes-map-type']) as MapType | undefined;
  }
  /** `x-kubernetes-patch-strategy`, e.g. `merge`, `retainKeys`, `merge,retainKeys`, `replace`. */
  get patchStrategy(): string | undefined {
    return asString(this.keywords['x-kubernetes-patch-strategy']);
  }
  get patchMergeKey(): string | undefined {
    return asString(this.keywords['x-kubernetes-patch-merge-key']);
  }
  get validations(): readonly ValidationRule[] {
    const v = this.keywords['x-kubernetes-validations'];
    return Array.isArray(v) ? (v as ValidationRule[]) : [];
  }
  get groupVersionKinds(): readonly GroupVersionKindRef[] {
    const v = this.keywords['x-kubernetes-group-version-kind'];
    return Array.isArray(v) ? (v as GroupVersionKindRef[]) : [];
  }

  /** An object with fixed fields (a Go struct). */
  get isStruct(): boolean {
    return this.hasProperties;
  }
  /** An object whose keys are data (a Go map): additionalProperties with a schema, and no properties. */
  get isMap(): boolean {
    return !this.hasProperties && this.additionalProperties instanceof SchemaNode;
  }
  /**
   * A value whose content the schema does not describe: x-kubernetes-preserve-unknown-fields without
   * properties, or an object/untyped schema with neither properties, additionalProperties nor items
   * (RawExtension, FieldsV1, apiextensions JSON).
   */
  get isOpaque(): boolean {
    return (this.opaqueMemo ??= this.computeOpaque());
  }

  /** The properties that declare a `default`, in schema order (what defaulting walks). */
  get defaultedProperties(): ReadonlyArray<readonly [string, SchemaNode]> {
    return (this.defaultedMemo ??= [...this.properties].filter(([, p]) => p.hasDefault));
  }

  private computeOpaque(): boolean {
    if (this.hasProperties || this.additionalProperties !== undefined || this.items || this.intOrString) return false;
    if (this.preserveUnknownFields) return true;
    const t = this.type;
    return (t === undefined || t === 'object') && this.keywords.oneOf === undefined && this.keywords.anyOf === undefined;
  }

  /** The node at a field path (`['spec', 'containers', 0, 'name']`); numbers step into items, strings into fields or map values. */
  at(path: ReadonlyArray<string | number>): SchemaNode | undefined {
    let node: SchemaNode | undefined = this;
    for (const seg of path) {
      if (!node) return undefined;
      node = typeof seg === 'number' ? node.items : node.child(seg);
    }
    return node;
  }

  /** The schema of one key of an object: a declared property, else the map value schema. */
  child(key: string): SchemaNode | undefined {
    const p = this.properties.get(key);
    if (p) return p;
    const a = this.additionalProperties;
    return a instanceof SchemaNode ? a : undefined;
  }
}

/** Compiles a standalone schema (a CRD's openAPIV3Schema) or one that refers to the given components. */
export function compileSchema(raw: RawSchema, components?: Record<string, RawSchema>): SchemaNode {
  return new SchemaResolver(components).compile(raw);
}
