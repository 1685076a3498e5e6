// The registry strategy of customresourcedefinitions: v1 defaults, status reset on create, storedVersions kept
// in step with the storage version, status sub-resource split and generation on spec changes.
import type { KObject } from '../api/object.js';
import type { Strategy } from '../registry/strategy.js';
import type { CRD, CRDSpec } from './crd-types.js';
import { validateCRD, validateCRDUpdate, type CompilationObserver } from './crd-validation.js';

/** SetDefaults for apiextensions.k8s.io/v1 CustomResourceDefinitions (runs on every decoded body). */
export function defaultCRD(obj: KObject): void {
  const spec = obj.spec as CRDSpec | undefined;
  if (!spec || typeof spec !== 'object') return;
  const names = spec.names;
  if (names && typeof names === 'object') {
    if (!names.singular && names.kind) names.singular = names.kind.toLowerCase();
    if (!names.listKind && names.kind) names.listKind = `${names.kind}List`;
  }
  if (!spec.conversion) spec.conversion = { strategy: 'None' };
  else if (!spec.conversion.strategy) spec.conversion.strategy = 'None';
  if (Array.isArray(spec.versions)) {
    for (const v of spec.versions) {
      v.served ??= false;
      v.storage ??= false;
    }
  }
}

function addStorageVersion(crd: CRD): void {
  const storage = crd.spec?.versions?.find((v) => v.storage)?.name;
  if (!storage) return;
  crd.status ??= {};
  const stored = (crd.status.storedVersions ??= []);
  if (!stored.includes(storage)) stored.push(storage);
}

export function crdStrategy(base: Strategy, observeCompilation?: CompilationObserver): Strategy {
  return {
    ...base,
    allowCreateOnUpdate: false,
    allowUnconditionalUpdate: false,
    tracksGeneration: true,
    hasStatusSubresource: true,
    returnDeletedObject: true,
    prepareForCreate(obj) {
      defaultCRD(obj);
      obj.status = { acceptedNames: { plural: '', kind: '' }, storedVersions: [] };
      addStorageVersion(obj as CRD);
    },
    prepareForUpdate(obj) {
      defaultCRD(obj);
      addStorageVersion(obj as CRD);
    },
    validate: (obj) => validateCRD(obj as CRD, undefined, observeCompilation),
    validateUpdate: (obj, old) => validateCRDUpdate(obj as CRD, old as CRD, observeCompilation),
  };
}
