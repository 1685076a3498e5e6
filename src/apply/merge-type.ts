// The merge schema (ssa.md §2.1): every schema position seen as the atoms structured merge works with —
// a scalar, a map (struct or granular/atomic map) or a list (atomic, set, or list-map with keys). Built from
// the shared schema model (src/schema) for built-in kinds and CRD structural schemas alike. "Deduced" is
// the type of values without structural information (granular maps, atomic lists, untyped scalars).
import { SchemaNode } from '../schema/schema-node.js';

export type ScalarKind = 'string' | 'numeric' | 'boolean' | 'untyped';

export interface ScalarAtom {
  readonly kind: 'scalar';
  readonly scalar: ScalarKind;
}

export interface MapAtom {
  readonly kind: 'map';
  readonly atomic: boolean;
  /** The type of a declared field. */
  field(name: string): MergeType | undefined;
  /** The type of undeclared keys; undefined when undeclared keys are not allowed. */
  readonly elem: MergeType | undefined;
}

export interface ListAtom {
  readonly kind: 'list';
  /** 'associative' lists are sets (no keys) or list-maps (keys). */
  readonly relationship: 'atomic' | 'associative';
  readonly keys: readonly string[];
  readonly elem: MergeType;
  /** The default of a key field, from the item schema (e.g. `protocol: TCP` of ContainerPort). */
  keyDefault(name: string): unknown;
}

export type Atom = ScalarAtom | MapAtom | ListAtom;

/** A schema position: which atoms a value there may be. */
export interface MergeType {
  readonly scalar?: ScalarAtom;
  readonly map?: MapAtom;
  readonly list?: ListAtom;
}

/** The atom that handles a value, as upstream picks it: the one matching the value's kind, else the first of map, scalar, list. */
export function atomFor(t: MergeType, v: unknown): Atom | undefined {
  if (v !== null && v !== undefined) {
    if (Array.isArray(v)) {
      if (t.list) return t.list;
    } else if (typeof v === 'object') {
      if (t.map) return t.map;
    } else if (t.scalar) return t.scalar;
  }
  return t.map ?? t.scalar ?? t.list;
}

const UNTYPED: ScalarAtom = { kind: 'scalar', scalar: 'untyped' };

/** Anything, owned as a whole (RawExtension and the items of deduced lists). */
export const untypedAtomic: MergeType = (() => {
  const t: { scalar: ScalarAtom; map?: MapAtom; list?: ListAtom } = { scalar: UNTYPED };
  t.map = { kind: 'map', atomic: true, field: () => undefined, elem: t };
  t.list = { kind: 'list', relationship: 'atomic', keys: [], elem: t, keyDefault: () => undefined };
  return t;
})();

/** Values without structural information: granular maps of deduced values, atomic lists, untyped scalars. */
export const deduced: MergeType = (() => {
  const t: { scalar: ScalarAtom; map?: MapAtom; list?: ListAtom } = { scalar: UNTYPED };
  t.map = { kind: 'map', atomic: false, field: () => undefined, elem: t };
  t.list = { kind: 'list', relationship: 'atomic', keys: [], elem: untypedAtomic, keyDefault: () => undefined };
  return t;
})();

const STRING: MergeType = { scalar: { kind: 'scalar', scalar: 'string' } };

const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';
const RAW_EXTENSION = 'io.k8s.apimachinery.pkg.runtime.RawExtension';

const cache = new WeakMap<SchemaNode, { plain?: MergeType; preserving?: MergeType }>();

/**
 * The merge type of a schema node. `preserving` marks a subtree under x-kubernetes-preserve-unknown-fields,
 * where undeclared keys are deduced.
 */
export function typeOfSchema(node: SchemaNode, preserving = false): MergeType {
  let entry = cache.get(node);
  if (!entry) cache.set(node, (entry = {}));
  const key = preserving ? 'preserving' : 'plain';
  const hit = entry[key];
  if (hit) return hit;
  const t = build(node, preserving || node.preserveUnknownFields);
  entry[key] = t;
  return t;
}

function build(node: SchemaNode, preserving: boolean): MergeType {
  if (node.component === RAW_EXTENSION) return untypedAtomic;
  if (node.component === QUANTITY || node.intOrString) return { scalar: UNTYPED };
  const type = node.type;
  switch (type) {
    case 'string': {
      const f = node.format;
      return { scalar: { kind: 'scalar', scalar: !f || f === 'byte' ? 'string' : 'untyped' } };
    }
    case 'integer':
    case 'number':
      return { scalar: { kind: 'scalar', scalar: 'numeric' } };
    case 'boolean':
      return { scalar: { kind: 'scalar', scalar: 'boolean' } };
    case 'array':
      return { list: listAtom(node, preserving) };
    case 'object':
      if (!node.hasProperties && node.additionalProperties === undefined) return deduced;
      return { map: mapAtom(node, preserving) };
    default: {
      // No type: whatever the schema describes, plus untyped scalars.
      if (node.isOpaque) return deduced;
      const t: { scalar: ScalarAtom; map?: MapAtom; list?: ListAtom } = { scalar: UNTYPED };
      if (node.items) t.list = listAtom(node, preserving);
      if (node.hasProperties || node.additionalProperties !== undefined) t.map = mapAtom(node, preserving);
      return t;
    }
  }
}

function mapAtom(node: SchemaNode, preserving: boolean): MapAtom {
  const addl = node.additionalProperties;
  let elem: MergeType | undefined;
  if (addl instanceof SchemaNode) elem = typeOfSchema(addl, preserving);
  else if (addl === true || preserving || !node.hasProperties) elem = deduced;
  const fields = new Map<string, MergeType>();
  return {
    kind: 'map',
    atomic: node.mapType === 'atomic',
    elem,
    field(name) {
      let f = fields.get(name);
      if (f) return f;
      const p = node.property(name);
      if (!p) return undefined;
      f = typeOfSchema(p, preserving);
      fields.set(name, f);
      return f;
    },
  };
}

function listAtom(node: SchemaNode, preserving: boolean): ListAtom {
  const items = node.items;
  const elem = items ? typeOfSchema(items, preserving) : untypedAtomic;
  let relationship: ListAtom['relationship'] = 'atomic';
  let keys: readonly string[] = [];
  const lt = node.listType;
  if (lt === 'set') relationship = 'associative';
  else if (lt === 'map') {
    relationship = 'associative';
    keys = node.listMapKeys;
  } else if (lt === undefined) {
    // Legacy fallback from the patch strategy.
    const strategies = (node.patchStrategy ?? '').split(',');
    if (strategies.includes('merge')) {
      relationship = 'associative';
      const mk = node.patchMergeKey;
      if (mk) keys = [mk];
    }
  }
  return {
    kind: 'list',
    relationship,
    keys,
    elem,
    keyDefault: (name) => items?.property(name)?.default,
  };
}

/**
 * The root type of an object: apiVersion and kind are strings, and metadata is ObjectMeta whatever the
 * kind's own schema says (custom resources describe metadata loosely or not at all).
 */
export function objectRootType(root: MergeType | undefined, objectMeta: MergeType | undefined): MergeType {
  const base = root?.map ?? deduced.map!;
  return {
    map: {
      kind: 'map',
      atomic: false,
      elem: root ? base.elem : deduced,
      field(name) {
        if (name === 'apiVersion' || name === 'kind') return STRING;
        if (name === 'metadata' && objectMeta) return objectMeta;
        return base.field(name);
      },
    },
  };
}

/** Whether a map atom declares the field (struct fields are "named fields", ssa.md §3.4). */
export const declares = (m: MapAtom, name: string): boolean => m.field(name) !== undefined;
