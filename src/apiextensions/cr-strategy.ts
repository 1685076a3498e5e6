// The registry strategy of one served version of a custom resource: pruning, defaulting and schema validation,
// the storage version's apiVersion on disk, generation rules and the scale replicas checks (kube's
// customresource strategy and validator).
import { fieldErr, type FieldError } from '../errors/field-error.js';
import { jsonEqual, meta, type KObject } from '../registry/object.js';
import type { Strategy } from '../registry/strategy.js';
import { jsonPathSegments } from '../selection/custom-resource-fields.js';
import type { CRD, CRDVersion } from './crd-types.js';
import { subresourcesOf } from './cr-resource-info.js';
import { applyDefaults } from './structural/defaults.js';
import { validateEmbeddedResources } from './structural/embedded.js';
import { validateListTypes } from './structural/list-type.js';
import { pruneCustomResource } from './structural/prune.js';
import type { JSONSchemaProps } from './structural/types.js';
import { validateCustomResourceValue } from './structural/validate-value.js';

export interface CustomResourceVersion {
  crd: CRD;
  version: CRDVersion;
  schema: JSONSchemaProps | undefined;
  /** apiVersion objects are stored with. */
  storageApiVersion: string;
}

export function customResourceVersion(crd: CRD, version: CRDVersion): CustomResourceVersion {
  const storage = crd.spec.versions.find((v) => v.storage)?.name ?? version.name;
  const lifted = crd.spec.versions.find((v) => v.schema?.openAPIV3Schema)?.schema?.openAPIV3Schema;
  return { crd, version, schema: version.schema?.openAPIV3Schema ?? lifted, storageApiVersion: `${crd.spec.group}/${storage}` };
}

/** Prunes unknown fields (returning `unknown field "<path>"` warnings) and applies defaults. */
export function normalizeCustomResource(crv: CustomResourceVersion, obj: KObject, warnings?: string[]): void {
  if (!crv.schema) return;
  const pruned = pruneCustomResource(crv.schema, obj);
  if (warnings) for (const p of pruned) warnings.push(`unknown field ${JSON.stringify(p)}`);
  applyDefaults(crv.schema, obj);
}

function readPath(obj: unknown, path: string): unknown {
  let cur = obj;
  for (const s of jsonPathSegments(path)) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as KObject)[s];
  }
  return cur;
}

function validateScaleReplicas(crv: CustomResourceVersion, obj: KObject, hasStatusSub: boolean): FieldError[] {
  const scale = subresourcesOf(crv.crd, crv.version)?.scale;
  if (!scale) return [];
  const errs: FieldError[] = [];
  const check = (path: string | undefined) => {
    if (!path) return;
    const v = readPath(obj, path);
    if (typeof v !== 'number') return;
    const field = path.replace(/^\./, '');
    if (v < 0) errs.push(fieldErr.invalid(field, v, 'should be a non-negative integer'));
    else if (v > 2147483647) errs.push(fieldErr.invalid(field, v, 'should be less than or equal to 2147483647'));
  };
  check(scale.specReplicasPath);
  if (hasStatusSub) check(scale.statusReplicasPath);
  return errs;
}

export function customResourceStrategy(crv: CustomResourceVersion): Strategy {
  const hasStatus = !!subresourcesOf(crv.crd, crv.version)?.status;
  const validate = (obj: KObject): FieldError[] => {
    if (!crv.schema) return [];
    const errs = validateCustomResourceValue(crv.schema, obj);
    validateListTypes(crv.schema, obj, '', errs);
    validateEmbeddedResources(crv.schema, obj, '', errs);
    errs.push(...validateScaleReplicas(crv, obj, hasStatus));
    return errs;
  };
  return {
    allowCreateOnUpdate: false,
    allowUnconditionalUpdate: false,
    tracksGeneration: true,
    hasStatusSubresource: hasStatus,
    returnDeletedObject: false,
    prepareForCreate(obj, ctx) {
      normalizeCustomResource(crv, obj, ctx.warnings);
      obj.apiVersion = crv.storageApiVersion;
    },
    prepareForUpdate(obj, old, ctx) {
      normalizeCustomResource(crv, obj, ctx.warnings);
      obj.apiVersion = crv.storageApiVersion;
      // Without a status sub-resource a status change is a spec change too (the store compares the rest).
      if (!hasStatus && !jsonEqual(obj.status, old.status)) meta(obj).generation = (meta(old).generation ?? 0) + 1;
    },
    validate,
    validateUpdate: (obj) => validate(obj),
  };
}
