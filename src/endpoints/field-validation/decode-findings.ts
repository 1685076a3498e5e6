// What decoding a body learnt that the plain decoded object cannot show, kept beside the object (keyed by
// its identity) until the write hook applies fieldValidation: repeated JSON keys, the YAML duplicate-key
// error, and strict errors of JSON-patch operations.
import type { DuplicateEntries } from '../../schema/typed-decode.js';

export interface DecodeFindings {
  /** Strict errors reported before the object's own (YAML duplicate keys; JSON-patch operation errors). */
  leading: string[];
  /** Objects (inside the decoded value) whose JSON text repeated keys, with all their entries in order. */
  duplicated: Array<[object, ReadonlyArray<readonly [string, unknown]>]>;
}

const registry = new WeakMap<object, DecodeFindings>();

export function recordFindings(obj: object, findings: DecodeFindings): void {
  registry.set(obj, findings);
}

/** Adds strict errors found outside the object (e.g. applyJsonPatch's `json patch unknown field "[0].vaule"`). */
export function recordStrictErrors(obj: object, errors: readonly string[]): void {
  if (!errors.length) return;
  const f = registry.get(obj);
  if (f) f.leading.push(...errors);
  else registry.set(obj, { leading: [...errors], duplicated: [] });
}

export function findingsOf(obj: object): DecodeFindings | undefined {
  return registry.get(obj);
}

/** The duplicate entries of a decoded value, as the typed decoder reads them. */
export function duplicateEntries(f: DecodeFindings | undefined): DuplicateEntries | undefined {
  if (!f || !f.duplicated.length) return undefined;
  return new WeakMap(f.duplicated);
}

/** structuredClone that carries the findings over to the copy (handlers that retry clone the decoded body). */
export function cloneDecoded<T extends object>(obj: T): T {
  const f = registry.get(obj);
  if (!f) return structuredClone(obj);
  // One structuredClone keeps the shared references between the object and its duplicate entries.
  const copy = structuredClone({ obj, duplicated: f.duplicated });
  registry.set(copy.obj, { leading: [...f.leading], duplicated: copy.duplicated });
  return copy.obj;
}
