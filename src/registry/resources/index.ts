// Lookups over the built-in resources' homes (all.ts lists them).
import type { GroupResource } from '../../errors/status.js';
import type { Printer } from '../../printers/printer.js';
import { fieldSetFromSpec, type FieldSet } from '../../selection/field-sets.js';
import type { ResourceDef } from '../resource-def.js';
import { defaultStrategy, type Strategy } from '../strategy.js';
import * as all from './all.js';
import type { BuiltinResource, StrategyEnv } from './builtin-resource.js';
import { applyTypeDefaults, type TypeDefaulter, type TypeDefaulters } from '../../schema/type-defaulting.js';
import { resourceSchema } from '../../schema/builtin-schemas.js';
import { goShapeInPlace } from '../../schema/go-shape.js';
import type { SchemaNode } from '../../schema/schema-node.js';
import type { KObject } from '../../api/object.js';
import type { ResourceInfo } from '../../api/resource-info.js';

const byResource = new Map<string, BuiltinResource>();
// By group, then kind: the lookup on every write builds no key string.
const byKind = new Map<string, Map<string, BuiltinResource>>();
const defaulters = new Map<string, TypeDefaulter>();
for (const r of Object.values(all) as BuiltinResource[]) {
  byResource.set(`${r.group}/${r.resource}`, r);
  let kinds = byKind.get(r.group);
  if (!kinds) byKind.set(r.group, (kinds = new Map()));
  kinds.set(r.kind, r);
  for (const [component, fn] of Object.entries(r.defaults ?? {})) {
    if (defaulters.has(component)) throw new Error(`two homes default ${component}`);
    defaulters.set(component, fn);
  }
}

/** Every built-in type's defaulting function, by OpenAPI component name (from the homes' `defaults`). */
export const builtinTypeDefaulters: TypeDefaulters = defaulters;

/** The home of a built-in resource; undefined for resources with only default behaviour. */
export function builtinResource(gr: GroupResource): BuiltinResource | undefined {
  return byResource.get(`${gr.group}/${gr.resource}`);
}

/** The same, found by group and kind (validation is per kind). */
export function builtinResourceByKind(group: string, kind: string): BuiltinResource | undefined {
  return byKind.get(group)?.get(kind);
}

/** The strategy of a served built-in resource: the generic one with the resource's rules and its own strategy. */
export function builtinStrategy(def: ResourceDef & Pick<ResourceInfo, 'schema'>, env: StrategyEnv): Strategy {
  const r = builtinResource(def);
  const base = defaultStrategy(def, r ?? {});
  if (def.builtin !== false) {
    // The schema is looked up (and its group-version's schema file read) on the resource's first write, not at
    // start-up: most of the ~60 built-in resources are never written by a given server.
    let root: SchemaNode | undefined | null = null;
    const schema = () => (root === null ? (root = resourceSchema(def)) : root);
    base.roundTrip = (obj) => {
      const r = schema();
      if (r) storageRoundTrip(obj, r);
    };
    base.shape = (obj) => {
      const r = schema();
      if (r) goShapeInPlace(obj, r);
    };
  }
  return r?.strategy ? r.strategy(base, env) : base;
}

/** What kube's storage codec does to a built-in object it decodes: defaulting again, then Go's JSON shape. */
function storageRoundTrip(obj: KObject, root: SchemaNode): void {
  applyTypeDefaults(obj, root, builtinTypeDefaulters);
  goShapeInPlace(obj, root);
}

/** The table printer of a built-in resource (undefined: the default convertor). */
export function printerFor(group: string, resource: string): Printer | undefined {
  return builtinResource({ group, resource })?.printer;
}

const fieldSets = new Map<string, FieldSet>();

/**
 * The field set of a built-in resource; resources without their own get metadata.name and metadata.namespace.
 * `version` only shapes messages that name it (resource.k8s.io).
 */
export function builtinFieldSet(gr: GroupResource, version = 'v1beta1'): FieldSet {
  const key = `${gr.group}/${gr.resource}@${version}`;
  let set = fieldSets.get(key);
  if (!set) fieldSets.set(key, (set = fieldSetFromSpec(builtinResource(gr)?.fieldSelectors, version)));
  return set;
}

/** The labels a field selector may use on a built-in resource. */
export function supportedFieldLabels(gr: GroupResource): readonly string[] {
  return builtinFieldSet(gr).labels;
}

/** The field values of an object of a built-in resource, for matching a converted selector. */
export function fieldsForObject(gr: GroupResource, obj: unknown): Record<string, string> {
  return builtinFieldSet(gr).fields(obj);
}
