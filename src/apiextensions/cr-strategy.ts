// The registry strategy of one served version of a custom resource: pruning, defaulting and schema validation,
// the storage version's apiVersion on disk, generation rules and the scale replicas checks (kube's
// customresource strategy and validator).
import { fieldErr, type FieldError } from '../errors/field-error.js';
import { jsonEqual, meta, type KObject } from '../api/object.js';
import type { Strategy, StrategyContext } from '../registry/strategy.js';
import { compileSchemaRules, type RuleNode } from './cel/compile-rules.js';
import { evaluateRulesSliced } from './cel/evaluate-rules.js';
import { evaluateRulesInWorker } from './cel/rules-offload.js';
import type { CRD, CRDVersion } from './crd-types.js';
import { subresourcesOf } from './cr-resource-info.js';
import { customResourceFinalizerWarnings } from './cr-finalizer-warnings.js';
import { applyDefaults } from './structural/defaults.js';
import { validateEmbeddedResources } from './structural/embedded.js';
import { validateListTypes } from './structural/list-type.js';
import { pruneCustomResource } from './structural/prune.js';
import type { JSONSchemaProps } from '../api/json-schema-props.js';
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

/** Go's %T and %v of a decoded JSON value, as unstructured's accessor errors print them. */
function goTypeAndValue(v: unknown): [string, string] {
  if (v === null || v === undefined) return ['<nil>', '<nil>'];
  if (typeof v === 'string') return ['string', v];
  if (typeof v === 'boolean') return ['bool', String(v)];
  if (typeof v === 'number') return [Number.isInteger(v) ? 'int64' : 'float64', String(v)];
  if (Array.isArray(v)) return ['[]interface {}', `[${v.map((x) => goTypeAndValue(x)[1]).join(' ')}]`];
  const o = v as KObject;
  return ['map[string]interface {}', `map[${Object.keys(o).sort().map((k) => `${k}:${goTypeAndValue(o[k])[1]}`).join(' ')}]`];
}

/**
 * kube's scale checks on the replicas paths (unstructured.NestedInt64/NestedString): the field path keeps its
 * leading dot, a value of another type is an accessor error.
 */
function checkScalePath(obj: KObject, path: string | undefined, want: 'int64' | 'string', errs: FieldError[]): void {
  if (!path) return;
  const segs = path.replace(/^\./, '').split('.');
  let cur: unknown = obj;
  for (const s of segs) {
    if (!cur || typeof cur !== 'object' || Array.isArray(cur)) return;
    if (!(s in (cur as KObject))) return;
    cur = (cur as KObject)[s];
  }
  const [type, text] = goTypeAndValue(cur);
  if (type !== want) {
    errs.push(fieldErr.invalid(path, want === 'int64' ? 0 : '', `.${segs.join('.')} accessor error: ${text} is of the type ${type}, expected ${want}`));
    return;
  }
  if (want !== 'int64') return;
  const n = cur as number;
  if (n < 0) errs.push(fieldErr.invalid(path, n, 'should be a non-negative integer'));
  else if (n > 2147483647) errs.push(fieldErr.invalid(path, n, 'should be less than or equal to 2147483647'));
}

function validateScale(crv: CustomResourceVersion, obj: KObject): FieldError[] {
  const scale = subresourcesOf(crv.crd, crv.version)?.scale;
  if (!scale) return [];
  const errs: FieldError[] = [];
  checkScalePath(obj, scale.specReplicasPath, 'int64', errs);
  checkScalePath(obj, scale.statusReplicasPath, 'int64', errs);
  checkScalePath(obj, scale.labelSelectorPath, 'string', errs);
  return errs;
}

// Schema errors that stop CEL rules from running (kube's hasBlockingErr).
const BLOCKING = new Set(['FieldValueNotSupported', 'FieldValueRequired', 'FieldValueTooLong', 'FieldValueTooMany', 'FieldValueTypeInvalid']);

/** Compiled rules per schema object: a CRD version's rules are compiled once, on first use. */
const compiledRules = new WeakMap<JSONSchemaProps, RuleNode | null>();

function validationRulesOf(crv: CustomResourceVersion): RuleNode | undefined {
  const schema = crv.schema!;
  let r = compiledRules.get(schema);
  if (r === undefined) {
    r = compileSchemaRules(schema) ?? null;
    compiledRules.set(schema, r);
  }
  return r ?? undefined;
}

export function customResourceStrategy(crv: CustomResourceVersion): Strategy {
  const hasStatus = !!subresourcesOf(crv.crd, crv.version)?.status;
  const validate = async (obj: KObject, old?: KObject, ctx?: StrategyContext): Promise<FieldError[]> => {
    const errs = await validateSchema(obj, old, ctx);
    // kube adds the strategy's warnings once validation passed; the status strategy has none.
    if (ctx && errs.length === 0 && !ctx.subresource) ctx.warnings.push(...customResourceFinalizerWarnings(obj, old));
    return errs;
  };
  const validateSchema = async (obj: KObject, old?: KObject, ctx?: StrategyContext): Promise<FieldError[]> => {
    if (!crv.schema) return [];
    // kube's order: schema, scale paths, embedded resources, list types, then CEL rules unless an error blocks them.
    const errs = [...validateCustomResourceValue(crv.schema, obj), ...validateScale(crv, obj)];
    validateEmbeddedResources(crv.schema, obj, '', errs);
    validateListTypes(crv.schema, obj, '', errs);
    const rules = validationRulesOf(crv);
    if (!rules) return errs;
    if (errs.some((e) => BLOCKING.has(e.type))) {
      errs.push(fieldErr.invalid('<nil>', null, 'some validation rules were not checked because the object was invalid; correct the existing errors to complete validation'));
      return errs;
    }
    const schema = crv.schema;
    const result = await evaluateRulesSliced(rules, obj, old, () => evaluateRulesInWorker(schema, obj, old));
    errs.push(...result.errors);
    if (ctx) ctx.warnings.push(...result.warnings);
    return errs;
  };
  return {
    allowCreateOnUpdate: false,
    allowUnconditionalUpdate: false,
    tracksGeneration: true,
    hasStatusSubresource: hasStatus,
    returnDeletedObject: false,
    // Unknown-field warnings come from the write hook (fieldValidation); here they are dropped silently.
    prepareForCreate(obj) {
      normalizeCustomResource(crv, obj);
      obj.apiVersion = crv.storageApiVersion;
    },
    prepareForUpdate(obj, old) {
      normalizeCustomResource(crv, obj);
      obj.apiVersion = crv.storageApiVersion;
      // Without a status sub-resource a status change is a spec change too (the store compares the rest).
      if (!hasStatus && !jsonEqual(obj.status, old.status)) meta(obj).generation = (meta(old).generation ?? 0) + 1;
    },
    validate: (obj, ctx) => validate(obj, undefined, ctx),
    validateUpdate: (obj, old, ctx) => validate(obj, old, ctx),
  };
}
