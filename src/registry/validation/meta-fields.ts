// Checks of single ObjectMeta fields, as apimachinery 1.33 words them (api/validation/objectmeta.go and
// apis/meta/v1/validation). Maps are walked in the object's key order (Go's is random).
import { fieldErr, type FieldError } from '../../errors/field-error.js';
import { goOwnerReferencesValue, goOwnerReferenceValue } from '../../golang/fmt.js';
import { isQualifiedName, isValidLabelValue } from '../../validation/names.js';
import { validateFieldManager as validateManagerName } from './field-manager-name.js';

export const FIELD_IMMUTABLE = 'field is immutable';
export const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;
export const MAX_SUBRESOURCE_NAME_LENGTH = 256;
export const FINALIZER_ORPHAN = 'orphan';
export const FINALIZER_FOREGROUND = 'foregroundDeletion';
const STANDARD_FINALIZERS = new Set(['kubernetes', FINALIZER_ORPHAN, FINALIZER_FOREGROUND]);

const byteLength = (s: string): number => Buffer.byteLength(s, 'utf8');
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const stringEntries = (m: unknown): [string, string][] =>
  isRecord(m) ? Object.entries(m).map(([k, v]) => [k, typeof v === 'string' ? v : String(v ?? '')]) : [];
const stringList = (l: unknown): string[] => (Array.isArray(l) ? l.map((v) => (typeof v === 'string' ? v : String(v ?? ''))) : []);

export function validateLabelName(key: string, path: string): FieldError[] {
  return isQualifiedName(key).map((m) => fieldErr.invalid(path, key, m));
}

/** Label keys are qualified names and values label values; every error sits at the map's own path. */
export function validateLabels(labels: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const [k, v] of stringEntries(labels)) {
    errs.push(...validateLabelName(k, path));
    errs.push(...isValidLabelValue(v).map((m) => fieldErr.invalid(path, v, m)));
  }
  return errs;
}

/** Annotation keys are qualified names ignoring case; keys plus values may total 256 KiB. */
export function validateAnnotations(annotations: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let total = 0;
  for (const [k, v] of stringEntries(annotations)) {
    errs.push(...isQualifiedName(k.toLowerCase()).map((m) => fieldErr.invalid(path, k, m)));
    total += byteLength(k) + byteLength(v);
  }
  if (total > TOTAL_ANNOTATION_SIZE_LIMIT) errs.push(fieldErr.tooLong(path, TOTAL_ANNOTATION_SIZE_LIMIT));
  return errs;
}

/** Group/version/kind of an owner reference the way schema.FromAPIVersionAndKind splits it. */
function ownerGVK(apiVersion: string, kind: string): { group: string; version: string; kind: string } {
  if (apiVersion === '' || apiVersion === '/') return { group: '', version: '', kind };
  const parts = apiVersion.split('/');
  if (parts.length === 1) return { group: '', version: apiVersion, kind };
  if (parts.length === 2) return { group: parts[0]!, version: parts[1]!, kind };
  return { group: '', version: '', kind };
}

function validateOwnerReference(ref: unknown, path: string): FieldError[] {
  const r = isRecord(ref) ? ref : {};
  const str = (v: unknown): string => (typeof v === 'string' ? v : '');
  const gvk = ownerGVK(str(r.apiVersion), str(r.kind));
  const errs: FieldError[] = [];
  // In 1.33 these errors carry the list's path, not the entry's index.
  if (!gvk.version) errs.push(fieldErr.invalid(`${path}.apiVersion`, str(r.apiVersion), 'version must not be empty'));
  if (!gvk.kind) errs.push(fieldErr.invalid(`${path}.kind`, str(r.kind), 'kind must not be empty'));
  if (!str(r.name)) errs.push(fieldErr.invalid(`${path}.name`, str(r.name), 'name must not be empty'));
  if (!str(r.uid)) errs.push(fieldErr.invalid(`${path}.uid`, str(r.uid), 'uid must not be empty'));
  if (gvk.group === '' && gvk.version === 'v1' && gvk.kind === 'Event') {
    errs.push(fieldErr.invalid(path, goOwnerReferenceValue(ref), '/v1, Kind=Event is disallowed from being an owner'));
  }
  return errs;
}

export function validateOwnerReferences(refs: unknown, path: string): FieldError[] {
  if (!Array.isArray(refs)) return [];
  const errs: FieldError[] = [];
  let firstController = '';
  for (const ref of refs) {
    errs.push(...validateOwnerReference(ref, path));
    const r = isRecord(ref) ? ref : {};
    if (r.controller === true) {
      const current = `${String(r.kind ?? '')}/${String(r.name ?? '')}`;
      if (firstController) {
        errs.push(
          fieldErr.invalid(
            path,
            goOwnerReferencesValue(refs),
            `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${current}`,
          ),
        );
      } else {
        firstController = current;
      }
    }
  }
  return errs;
}

/** apimachinery's finalizer rules: qualified names, and not both orphan and foregroundDeletion. */
export function validateFinalizers(finalizers: unknown, path: string): FieldError[] {
  const list = stringList(finalizers);
  const errs: FieldError[] = [];
  for (const f of list) errs.push(...isQualifiedName(f).map((m) => fieldErr.invalid(path, f, m)));
  if (list.includes(FINALIZER_ORPHAN) && list.includes(FINALIZER_FOREGROUND)) {
    errs.push(fieldErr.invalid(path, list, `finalizer ${FINALIZER_ORPHAN} and ${FINALIZER_FOREGROUND} cannot be both set`));
  }
  return errs;
}

/** Core's extra rule: a name without a '/' must be one of the standard finalizers. */
export function validateKubeFinalizerName(name: string, path: string): FieldError[] {
  if (!name.includes('/') && !STANDARD_FINALIZERS.has(name)) {
    return [fieldErr.invalid(path, name, 'name is neither a standard finalizer name nor is it fully qualified')];
  }
  return [];
}

/** Core's ValidateObjectMeta tail: the extra rule per finalizer, at its index. */
export function validateKubeFinalizers(finalizers: unknown, path: string): FieldError[] {
  return stringList(finalizers).flatMap((f, i) => validateKubeFinalizerName(f, `${path}[${i}]`));
}

/** Finalizers added while the object is being deleted. */
export function validateNoNewFinalizers(newFinalizers: unknown, oldFinalizers: unknown, path: string): FieldError[] {
  const old = new Set(stringList(oldFinalizers));
  const extra = [...new Set(stringList(newFinalizers).filter((f) => !old.has(f)))].sort();
  if (!extra.length) return [];
  // Go's %#v of the sorted []string.
  const list = `[]string{${extra.map((f) => JSON.stringify(f)).join(', ')}}`;
  return [fieldErr.forbidden(path, `no new finalizers can be added if the object is being deleted, found new finalizers ${list}`)];
}

/** fieldManager values: at most 128 bytes, printable characters only (the one implementation, in apply/). */
export function validateFieldManager(manager: string, path: string): FieldError[] {
  return validateManagerName(manager, path);
}

export function validateManagedFields(entries: unknown, path: string): FieldError[] {
  if (!Array.isArray(entries)) return [];
  const errs: FieldError[] = [];
  entries.forEach((entry, i) => {
    const e = isRecord(entry) ? entry : {};
    const p = `${path}[${i}]`;
    const operation = typeof e.operation === 'string' ? e.operation : '';
    if (operation !== 'Apply' && operation !== 'Update') errs.push(fieldErr.invalid(`${p}.operation`, operation, 'must be `Apply` or `Update`'));
    const fieldsType = typeof e.fieldsType === 'string' ? e.fieldsType : '';
    if (fieldsType && fieldsType !== 'FieldsV1') errs.push(fieldErr.invalid(`${p}.fieldsType`, fieldsType, 'must be `FieldsV1`'));
    errs.push(...validateFieldManager(typeof e.manager === 'string' ? e.manager : '', `${p}.manager`));
    const sub = typeof e.subresource === 'string' ? e.subresource : '';
    if (byteLength(sub) > MAX_SUBRESOURCE_NAME_LENGTH) errs.push(fieldErr.tooLong(`${p}.subresource`, MAX_SUBRESOURCE_NAME_LENGTH));
  });
  return errs;
}

/** Negative int64 fields. */
export function validateNonnegativeField(value: number, path: string): FieldError[] {
  return value < 0 ? [fieldErr.invalid(path, value, 'must be greater than or equal to 0')] : [];
}
