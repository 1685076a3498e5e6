// ObjectMeta validation on create and update, in the order kube-apiserver 1.33 reports the errors:
// apimachinery's ValidateObjectMeta / ValidateObjectMetaUpdate, followed (for kinds validated through
// pkg/apis/core/validation) by core's finalizer-name rule.
import { fieldErr, GoValue, type FieldError } from '../../errors/field-error.js';
import { goTimeString, parseTime } from '../../golang/fmt.js';
import {
  FIELD_IMMUTABLE,
  validateAnnotations,
  validateFinalizers,
  validateKubeFinalizers,
  validateLabels,
  validateManagedFields,
  validateNoNewFinalizers,
  validateNonnegativeField,
  validateOwnerReferences,
} from './meta-fields.js';
import { nameIsDNSLabel, type NameValidator } from '../../validation/names.js';
import { str } from './untyped.js';

/** ObjectMeta as it arrives in JSON; anything may be missing or of the wrong type. */
export interface ObjectMetaInput {
  name?: unknown;
  generateName?: unknown;
  namespace?: unknown;
  uid?: unknown;
  resourceVersion?: unknown;
  generation?: unknown;
  creationTimestamp?: unknown;
  deletionTimestamp?: unknown;
  deletionGracePeriodSeconds?: unknown;
  labels?: unknown;
  annotations?: unknown;
  ownerReferences?: unknown;
  finalizers?: unknown;
  managedFields?: unknown;
  [key: string]: unknown;
}

export interface ObjectMetaCreateOptions {
  /** The type's scope: namespaced types require a namespace, cluster-scoped ones forbid it. */
  namespaced: boolean;
  /** The type's name rule (see nameValidatorFor). */
  nameValidator: NameValidator;
  /** Apply core's "standard finalizer name or fully qualified" rule (default true; see usesKubeFinalizerRule). */
  kubeFinalizers?: boolean;
  /** Path of the metadata (default `metadata`). */
  fieldPath?: string;
}

export interface ObjectMetaUpdateOptions {
  kubeFinalizers?: boolean;
  fieldPath?: string;
}

const int = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0);
const meta = (m: unknown): ObjectMetaInput => (m && typeof m === 'object' && !Array.isArray(m) ? (m as ObjectMetaInput) : {});

/** Validates the metadata of an object being created; the name must already be generated. */
export function validateObjectMetaCreate(metadata: unknown, opts: ObjectMetaCreateOptions): FieldError[] {
  const m = meta(metadata);
  const p = opts.fieldPath ?? 'metadata';
  const errs: FieldError[] = [];
  const generateName = str(m.generateName);
  const name = str(m.name);
  const namespace = str(m.namespace);

  if (generateName) {
    errs.push(...opts.nameValidator(generateName, true).map((msg) => fieldErr.invalid(`${p}.generateName`, generateName, msg)));
  }
  if (!name) errs.push(fieldErr.required(`${p}.name`, 'name or generateName is required'));
  else errs.push(...opts.nameValidator(name, false).map((msg) => fieldErr.invalid(`${p}.name`, name, msg)));

  if (opts.namespaced) {
    if (!namespace) errs.push(fieldErr.required(`${p}.namespace`));
    else errs.push(...nameIsDNSLabel(namespace, false).map((msg) => fieldErr.invalid(`${p}.namespace`, namespace, msg)));
  } else if (namespace) {
    errs.push(fieldErr.forbidden(`${p}.namespace`, 'not allowed on this type'));
  }

  errs.push(...validateNonnegativeField(int(m.generation), `${p}.generation`));
  errs.push(...validateLabels(m.labels, `${p}.labels`));
  errs.push(...validateAnnotations(m.annotations, `${p}.annotations`));
  errs.push(...validateOwnerReferences(m.ownerReferences, `${p}.ownerReferences`));
  errs.push(...validateFinalizers(m.finalizers, `${p}.finalizers`));
  errs.push(...validateManagedFields(m.managedFields, `${p}.managedFields`));
  if (opts.kubeFinalizers ?? true) errs.push(...validateKubeFinalizers(m.finalizers, `${p}.finalizers`));
  return errs;
}

// Immutable metadata fields, each compared and printed as Go compares and prints its type.
const sameTime = (a: unknown, b: unknown): boolean => parseTime(a) === parseTime(b);
const nullableInt = (v: unknown): number | undefined => (typeof v === 'number' ? Math.trunc(v) : undefined);

function immutableMetaErrors(n: ObjectMetaInput, o: ObjectMetaInput, p: string): FieldError[] {
  const errs: FieldError[] = [];
  const immutable = (field: string, value: unknown): void => void errs.push(fieldErr.invalid(`${p}.${field}`, value, FIELD_IMMUTABLE));
  if (str(n.name) !== str(o.name)) immutable('name', str(n.name));
  if (str(n.namespace) !== str(o.namespace)) immutable('namespace', str(n.namespace));
  if (str(n.uid) !== str(o.uid)) immutable('uid', str(n.uid));
  if (!sameTime(n.creationTimestamp, o.creationTimestamp)) immutable('creationTimestamp', new GoValue(goTimeString(parseTime(n.creationTimestamp))));
  if (!sameTime(n.deletionTimestamp, o.deletionTimestamp)) {
    const t = parseTime(n.deletionTimestamp);
    immutable('deletionTimestamp', t === undefined ? null : new GoValue(goTimeString(t)));
  }
  const ng = nullableInt(n.deletionGracePeriodSeconds);
  if (ng !== nullableInt(o.deletionGracePeriodSeconds)) immutable('deletionGracePeriodSeconds', ng ?? null);
  return errs;
}

/**
 * Validates the metadata of an update. As in kube, the new object must carry a resourceVersion (the store
 * fills it in for unconditional updates before validating) and uid/timestamps copied from the old object.
 */
export function validateObjectMetaUpdate(newMetadata: unknown, oldMetadata: unknown, opts: ObjectMetaUpdateOptions = {}): FieldError[] {
  const n = meta(newMetadata);
  const o = meta(oldMetadata);
  const p = opts.fieldPath ?? 'metadata';
  const errs: FieldError[] = [];

  if (parseTime(o.deletionTimestamp) !== undefined) {
    errs.push(...validateNoNewFinalizers(n.finalizers, o.finalizers, `${p}.finalizers`));
  }
  if (!str(n.resourceVersion)) errs.push(fieldErr.invalid(`${p}.resourceVersion`, '', 'must be specified for an update'));
  if (int(n.generation) < int(o.generation)) errs.push(fieldErr.invalid(`${p}.generation`, int(n.generation), 'must not be decremented'));
  errs.push(...immutableMetaErrors(n, o, p));
  errs.push(...validateLabels(n.labels, `${p}.labels`));
  errs.push(...validateAnnotations(n.annotations, `${p}.annotations`));
  errs.push(...validateOwnerReferences(n.ownerReferences, `${p}.ownerReferences`));
  errs.push(...validateManagedFields(n.managedFields, `${p}.managedFields`));
  if (opts.kubeFinalizers ?? true) errs.push(...validateKubeFinalizers(n.finalizers, `${p}.finalizers`));
  return errs;
}
