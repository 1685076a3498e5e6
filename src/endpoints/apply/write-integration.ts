// What the write handlers call (ssa.md §3, §5, §6): `applyPatchRequest` answers an apply patch, and
// `trackManagedFields` records the Update entry of a create, update or non-apply patch.
import { badRequest, conflict, unsupportedMediaType } from '../../errors/status.js';
import type { ResourceScope } from '../resource-scope.js';
import type { WriteQuery } from '../query-options.js';
import { apiVersionOf } from '../../registry/resource-def.js';
import type { KObject } from '../../api/object.js';
import type { DecodedApplyBody } from '../../apply/apply-body.js';
import { FieldManager } from '../../apply/field-manager.js';
import { managerOrUserAgent } from '../../registry/validation/field-manager-name.js';
import { resourceSchema } from '../../schema/builtin-schemas.js';
import type { SchemaNode } from '../../schema/schema-node.js';
import { resetFieldsFilter } from '../../apply/reset-fields.js';
import { builtinObjectType, customResourceType } from '../../apply/schema-types.js';

const managers = new WeakMap<object, Map<string, FieldManager | null>>();

/** The field manager of an endpoint; undefined where managedFields are not tracked (e.g. /scale). */
export function fieldManagerFor(scope: Pick<ResourceScope, 'def' | 'store' | 'subresource'>): FieldManager | undefined {
  const { def, store } = scope;
  const sub = scope.subresource ?? '';
  if (sub !== '' && sub !== 'status' && sub !== 'scale') return undefined;
  let byEndpoint = managers.get(store);
  if (!byEndpoint) managers.set(store, (byEndpoint = new Map()));
  const key = `${def.group}/${def.version}/${def.kind}/${sub}`;
  let fm = byEndpoint.get(key);
  if (fm === undefined) {
    const custom = store.customSchema();
    const builtin = custom === undefined;
    const type = custom === undefined ? builtinObjectType(def) : customResourceType(custom.schema);
    const node = builtin ? resourceSchema(def) : undefined;
    const skeleton = node ? typedSkeleton(node) : undefined;
    fm = type
      ? new FieldManager({
          apiVersion: apiVersionOf(def),
          kind: def.kind,
          type,
          subresource: sub,
          ignore: resetFieldsFilter(sub, store.strategy.hasStatusSubresource),
          emptyObject: skeleton ? () => cloneSkeleton(skeleton) : undefined,
        })
      : null;
    byEndpoint.set(key, fm);
  }
  return fm ?? undefined;
}

/**
 * The empty object of a built-in kind as kube's typed decoding shows it (ssa.md §3.2 "typed zero skeletons"):
 * non-pointer struct fields — the properties the OpenAPI data gives `default: {}` — are present as empty
 * structs, and required lists (Go slices without omitempty) as null. Creates and before-first-apply compare
 * from it, so `f:spec`, `f:template`, `f:containers` get no "." when they are always there.
 */
export function typedSkeleton(node: SchemaNode, depth = 0): KObject {
  const out: KObject = {};
  if (depth > 16) return out;
  for (const [name, prop] of node.properties) {
    const d = prop.default;
    if (prop.hasProperties && d !== null && typeof d === 'object' && !Array.isArray(d) && Object.keys(d).length === 0) out[name] = typedSkeleton(prop, depth + 1);
    else if (prop.type === 'array' && !prop.hasDefault && node.required.includes(name)) out[name] = null;
  }
  return out;
}

/** A copy of a typed skeleton (objects and nulls only): structuredClone costs more than the walk for these. */
function cloneSkeleton(s: KObject): KObject {
  const out: KObject = {};
  for (const k of Object.keys(s)) {
    const v = s[k];
    out[k] = v === null ? null : cloneSkeleton(v as KObject);
  }
  return out;
}

const SYSTEM_FIELDS = ['uid', 'resourceVersion', 'creationTimestamp', 'generation', 'deletionTimestamp', 'deletionGracePeriodSeconds'] as const;

/**
 * An apply patch to `current` (undefined: the apply creates the object). `decode` gives the apply configuration as
 * its serializer read it (apply-patch+yaml, apply-patch+cbor); it is called once the endpoint is known to take
 * apply patches. Returns the object to store, with its managedFields; throws kube's Status errors (400 body and
 * identity checks, 409 uid mismatch and conflicts, 500 for a body that does not fit the schema).
 */
export function applyPatchRequest(scope: ResourceScope, decode: () => DecodedApplyBody, current: KObject | undefined, q: WriteQuery): KObject {
  const fm = scope.subresource === 'scale' ? undefined : fieldManagerFor(scope);
  if (!fm) {
    throw unsupportedMediaType(
      'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json',
    );
  }
  const { config, strictError } = decode();
  const md = (typeof config.metadata === 'object' && config.metadata !== null ? config.metadata : {}) as KObject;
  const bodyName = typeof md.name === 'string' ? md.name : '';
  if (!current && !bodyName) throw badRequest(`the name of the object (${scope.name} based on URL) was undeterminable: name must be provided`);
  if (bodyName && bodyName !== scope.name) throw badRequest(`the name of the object (${bodyName}) does not match the name on the URL (${scope.name})`);
  if (scope.def.namespaced && typeof md.namespace === 'string' && md.namespace && md.namespace !== scope.namespace) {
    throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
  }
  if (!current && typeof md.uid === 'string' && md.uid) {
    throw conflict(scope.store.gr, scope.name, `uid mismatch: the provided object specified uid ${md.uid}, and no existing object was found`);
  }
  const out = fm.apply(current, config, { manager: q.fieldManager, force: q.force });
  if (q.fieldValidation !== 'Ignore') {
    const strict = strictError;
    if (strict && q.fieldValidation === 'Strict') throw badRequest(`error strict decoding YAML: ${strict}`);
    if (strict) scope.ctx.warnings.push(strict);
  }
  // Identity and system metadata come from the URL and the stored object, whatever the merge left.
  const omd = (out.metadata ??= {}) as KObject;
  omd.name = scope.name;
  if (scope.def.namespaced) omd.namespace = scope.namespace;
  else delete omd.namespace;
  if (current) {
    const cmd = current.metadata ?? {};
    // Fields the body sets stay (a resourceVersion or uid there is a precondition the store checks).
    for (const f of SYSTEM_FIELDS) if (omd[f] === undefined && cmd[f] !== undefined) omd[f] = cmd[f];
  }
  return out;
}

/**
 * Records the Update entry of a create (old undefined), update or non-apply patch in `obj`'s managedFields
 * (in place). Call it on the decoded, defaulted object right before the store. Never fails. For a write
 * through /scale, pass the parent objects with `subresource: 'scale'`: the entry owns spec.replicas.
 */
export function trackManagedFields(scope: ResourceScope, obj: KObject, old: KObject | undefined, q: WriteQuery): void {
  const fm = fieldManagerFor(scope);
  if (!fm) return;
  const ua = scope.ctx.req.headers['user-agent'];
  fm.update(old, obj, managerOrUserAgent(q.fieldManager, Array.isArray(ua) ? ua[0] : ua));
}
