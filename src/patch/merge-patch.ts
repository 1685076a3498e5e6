// RFC 7386 JSON merge patch as kube-apiserver 1.33 applies it (gopkg.in/evanphx/json-patch.v4
// MergePatch): null deletes a member, objects merge recursively, anything else replaces. Nulls inside
// values that land in new places are pruned from objects (not from arrays), except where a non-object
// replaces an existing object. Under fieldValidation Warn/Strict the body is first decoded strictly.
import { goJsonToValue } from '../golang/encoding-json.js';
import type { DecodedPatch } from './decoded-patch.js';
import { GO_UNTYPED_MAP, strictDecode } from '../golang/encoding-json.js';
import { badRequest, type StatusError } from '../errors/status.js';
import { patchDecodeFailed } from './patch-errors.js';
import { cloneJson } from './clone-json.js';
import type { FieldValidation } from './json-patch.js';

export interface MergePatchOptions {
  /** The request's fieldValidation; absent means Warn, as in kube. */
  fieldValidation?: FieldValidation;
}

export interface MergePatchResult {
  /** The patched document; an array only when fieldValidation=Ignore and the patch is an array. */
  result: unknown;
  /** Duplicate keys in the patch (Warn/Strict), e.g. `duplicate field "metadata.labels.a"`. */
  strictErrors: string[];
}

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The library's one error for an unusable patch. */
const invalidJsonPatch = (): StatusError => badRequest('Invalid JSON Patch');

function setOwn(o: JsonObject, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

/** Removes null members of objects, recursively; nulls that are array elements stay. */
function pruneNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map((e) => (e === null ? null : pruneNulls(e)));
  if (!isObject(v)) return v;
  const out: JsonObject = {};
  for (const [k, val] of Object.entries(v)) if (val !== null) setOwn(out, k, pruneNulls(val));
  return out;
}

/** Merges `patch` into `out` in place. */
function mergeInto(out: JsonObject, patch: JsonObject): JsonObject {
  for (const [k, pv] of Object.entries(patch)) {
    if (pv === null) {
      delete out[k];
      continue;
    }
    const cur = Object.prototype.hasOwnProperty.call(out, k) ? out[k] : null;
    if (isObject(cur)) setOwn(out, k, isObject(pv) ? mergeInto(cur, pv) : pv);
    else setOwn(out, k, pruneNulls(pv));
  }
  return out;
}

/** Merges a decoded patch into a copy of a document (both plain JSON values); the result shares nothing with `doc`. */
export function mergePatchValues(doc: unknown, patch: unknown): unknown {
  if (patch === null) throw invalidJsonPatch();
  if (isObject(doc) && isObject(patch)) return mergeInto(cloneJson(doc), patch);
  if (isObject(patch)) return pruneNulls(patch);
  if (Array.isArray(patch)) return pruneNulls(patch);
  throw invalidJsonPatch();
}

/**
 * Applies a merge-patch body (as the JSON serializer read it) to a decoded JSON document (the current object in the request version).
 * Throws StatusError: 400 `error decoding patch: <decoder error>` (Warn/Strict) for a body that is not
 * a JSON object, 400 `Invalid JSON Patch` for `null` (and, under Ignore, for malformed bodies and scalars).
 */
export function applyMergePatch(doc: unknown, patch: DecodedPatch, opts: MergePatchOptions = {}): MergePatchResult {
  const strictMode = (opts.fieldValidation ?? 'Warn') !== 'Ignore';
  if (patch.syntaxError !== undefined) throw strictMode ? patchDecodeFailed(patch.syntaxError, true) : invalidJsonPatch();
  const parsed = patch.tree;
  let strictErrors: string[] = [];
  if (strictMode) {
    const strict = strictDecode(parsed, GO_UNTYPED_MAP);
    if (strict.typeError) throw patchDecodeFailed(strict.typeError, true);
    strictErrors = strict.strictErrors;
  }
  return { result: mergePatchValues(doc, goJsonToValue(parsed)), strictErrors };
}
