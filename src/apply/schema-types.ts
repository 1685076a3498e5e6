// Where apply finds the merge type of an endpoint's objects: the shared schema model (src/schema) for built-in
// kinds, the version's structural schema for custom resources; metadata is always ObjectMeta.
import { builtinResolver, resourceSchema } from '../schema/builtin-schemas.js';
import { compileSchema, type RawSchema } from '../schema/schema-node.js';
import { objectRootType, typeOfSchema, type MergeType } from './merge-type.js';

const OBJECT_META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';

let objectMeta: MergeType | undefined | null;

/** The merge type of ObjectMeta (from the core v1 document). */
export function objectMetaType(): MergeType | undefined {
  if (objectMeta === undefined) {
    const node = builtinResolver('', 'v1')?.component(OBJECT_META);
    objectMeta = node ? typeOfSchema(node) : null;
  }
  return objectMeta ?? undefined;
}

const builtins = new Map<string, MergeType | null>();

/** The root type of a built-in kind; undefined when the catalog has no schema for it. */
export function builtinObjectType(def: { group: string; version: string; kind: string; schema?: string }): MergeType | undefined {
  const key = `${def.group}/${def.version}/${def.kind}/${def.schema ?? ''}`;
  let t = builtins.get(key);
  if (t === undefined) {
    const node = resourceSchema(def);
    t = node ? objectRootType(typeOfSchema(node), objectMetaType()) : null;
    builtins.set(key, t);
  }
  return t ?? undefined;
}

const crs = new WeakMap<object, MergeType>();

/**
 * The root type of a custom resource version from its openAPIV3Schema; without a schema the whole object is
 * deduced (apart from metadata).
 */
export function customResourceType(schema: object | undefined): MergeType {
  if (!schema) return objectRootType(undefined, objectMetaType());
  let t = crs.get(schema);
  if (!t) {
    t = objectRootType(typeOfSchema(compileSchema(schema as RawSchema)), objectMetaType());
    crs.set(schema, t);
  }
  return t;
}

