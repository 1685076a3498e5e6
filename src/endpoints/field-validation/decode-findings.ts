// What decoding a body learnt that the plain decoded object cannot show, kept beside the object (keyed by
// its identity) until the write hook applies fieldValidation: repeated JSON keys, the YAML duplicate-key
// error, and strict errors of JSON-patch operations.
import { decoderStrictErrors } from '../serializers/serializer.js';
import type { DuplicateEntries } from '../../schema/typed-decode.js';

export interface DecodeFindings {
  /** Strict errors reported before the object's own (YAML duplicate keys; JSON-patch operation errors). */
  leading: string[];
  /** Objects (inside the decoded value) whose JSON text repeated keys, with all their entries in order. */
  duplicated: Array<[object, ReadonlyArray<readonly [string, unknown]>]>;
  /**
   * For patches: the text kube shows as the invalid value in the 422 (strategic merge patch: the Go `%+v`
   * print of the patch map). Absent: the patched object's Go JSON (JSON patch, merge patch).
   */
  patchValue?: string;
}

const registry = new WeakMap<object, DecodeFindings>();
// Findings are also reachable from the root's object-valued members, so that a shallow copy of the root
// (`{kind, apiVersion, ...rest}`, as decodeBody returns TypeMeta first) still finds them.
const byMember = new WeakMap<object, { root: object; findings: DecodeFindings }>();

export function recordFindings(obj: object, findings: DecodeFindings): void {
  registry.set(obj, findings);
  for (const v of Object.values(obj)) if (v !== null && typeof v === 'object') byMember.set(v, { root: obj, findings });
}

/** Adds strict errors found outside the object (e.g. applyJsonPatch's `json patch unknown field "[0].vaule"`). */
export function recordStrictErrors(obj: object, errors: readonly string[]): void {
  if (!errors.length) return;
  const f = findingsOf(obj);
  if (f) f.leading.push(...errors);
  else recordFindings(obj, { leading: [...errors], duplicated: [] });
}

/**
 * Records the 422 value text of a patch whose result is `obj` (strategic merge patch). Given as a function, the
 * text is made only when something reads it: a 422 is rare, printing the patch on every patch is not.
 */
export function recordPatchValue(obj: object, text: string | (() => string)): void {
  let f = findingsOf(obj);
  if (!f) recordFindings(obj, (f = { leading: [], duplicated: [] }));
  if (typeof text === 'string') {
    Object.defineProperty(f, 'patchValue', { value: text, writable: true, enumerable: true, configurable: true });
    return;
  }
  let made: string | undefined;
  Object.defineProperty(f, 'patchValue', {
    get: () => (made ??= text()),
    set(v: string | undefined) {
      made = v;
    },
    enumerable: true,
    configurable: true,
  });
}

export function findingsOf(obj: object): DecodeFindings | undefined {
  const own = registry.get(obj);
  if (own) return own;
  for (const v of Object.values(obj)) {
    if (v === null || typeof v !== 'object') continue;
    const alias = byMember.get(v);
    // Only a shallow copy counts: every object-valued member of the decoded root is there, under its key.
    if (!alias || !isShallowCopy(alias.root, obj)) continue;
    // A copy of the decoded root: its repeated keys now belong to `obj`.
    const duplicated = alias.findings.duplicated.map(([o, entries]): [object, ReadonlyArray<readonly [string, unknown]>] => [o === alias.root ? obj : o, entries]);
    const f: DecodeFindings = { leading: alias.findings.leading, duplicated, patchValue: alias.findings.patchValue };
    registry.set(obj, f);
    return f;
  }
  return undefined;
}

function isShallowCopy(root: object, copy: object): boolean {
  const r = root as Record<string, unknown>;
  const c = copy as Record<string, unknown>;
  for (const k of Object.keys(r)) {
    const v = r[k];
    if (v !== null && typeof v === 'object' && c[k] !== v) return false;
  }
  return true;
}

/** Moves the findings of a decoded object to a copy of it (for code that rebuilds the decoded root). */
export function transferFindings(from: object, to: object): void {
  const f = findingsOf(from);
  if (f && from !== to) recordFindings(to, { leading: f.leading, duplicated: f.duplicated.map(([o, e]) => [o === from ? to : o, e]) });
}

/** The duplicate entries of a decoded value, as the typed decoder reads them. */
export function duplicateEntries(f: DecodeFindings | undefined): DuplicateEntries | undefined {
  if (!f || !f.duplicated.length) return undefined;
  return new WeakMap(f.duplicated);
}

/** structuredClone that carries the findings over to the copy (handlers that retry clone the decoded body). */
export function cloneDecoded<T extends object>(obj: T): T {
  const f = findingsOf(obj);
  let clone: T;
  if (!f) clone = structuredClone(obj);
  else {
    // One structuredClone keeps the shared references between the object and its duplicate entries.
    const copy = structuredClone({ obj, duplicated: f.duplicated });
    recordFindings(copy.obj, { leading: [...f.leading], duplicated: copy.duplicated });
    clone = copy.obj;
  }
  // A decoder's own strict findings (CBOR's) travel with the copy too.
  const strict = decoderStrictErrors.get(obj);
  if (strict) decoderStrictErrors.set(clone, strict);
  return clone;
}
