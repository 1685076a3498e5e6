// Strategic merge patch (application/strategic-merge-patch+json) as kube-apiserver 1.33 applies it
// to built-in kinds: maps merge recursively, null deletes, lists with strategy `merge` merge by
// their merge key (or as sets of scalars), other lists are replaced; directives `$patch`,
// `$retainKeys`, `$setElementOrder/<list>` and `$deleteFromPrimitiveList/<list>` (ssa.md §7).
import { goJsonToValue } from '../golang/encoding-json.js';
import type { DecodedPatch } from './decoded-patch.js';
import { GO_UNTYPED_MAP, strictDecode } from '../golang/encoding-json.js';
import { goSprintS, goSprintV, goTypeName } from '../golang/fmt.js';
import { badRequest } from '../errors/status.js';
import { cloneJson } from './clone-json.js';
import { ApiserverPanic } from './patch-errors.js';
import type { FieldValidation } from './json-patch.js';
import type { PatchMeta } from './patch-meta.js';
import { ERR_PRIMITIVE_LIST, ERR_RETAIN_KEYS, ERR_SET_ELEMENT_ORDER, SmpError, badFormat, mergeFailure, smpErrorToStatus } from './smp-error.js';
import { mergeSlice, normalizeElementOrder, partitionByPresence, sliceElementKind, validateSetElementOrder } from './smp-list.js';
import { SLICE_TYPE, errBadArgType, hasOwn, isMap, setKey, type JsonMap } from './smp-values.js';

const DIRECTIVE = '$patch';
const RETAIN_KEYS = '$retainKeys';
const SET_ELEMENT_ORDER = '$setElementOrder';
const DELETE_FROM_PRIMITIVE_LIST = '$deleteFromPrimitiveList';

export interface StrategicMergePatchOptions {
  /** The request's fieldValidation; absent means Warn, as in kube. */
  fieldValidation?: FieldValidation;
}

export interface StrategicMergePatchResult {
  /** The patched object (a new value; the input document is not modified). */
  result: unknown;
  /** Duplicate keys in the patch (Warn/Strict), e.g. `duplicate field "metadata.labels.a"`. */
  strictErrors: string[];
  /**
   * Go's `%+v` print of the patch map after merging (kube's merge edits the patch in place), which is
   * the value kube shows in the 422 ` "" is invalid: patch: Invalid value: "<this>": ...` (patchResultInvalid).
   */
  patchText(): string;
}

/** `$deleteFromPrimitiveList/<field>` → `<field>`; a malformed directive key is a 400. */
function directiveTarget(key: string, prefix: string): string {
  const slash = key.indexOf('/');
  if (slash < 0 || key.slice(0, slash) !== prefix) {
    if (prefix === DELETE_FROM_PRIMITIVE_LIST) throw badFormat(ERR_PRIMITIVE_LIST);
    if (prefix === SET_ELEMENT_ORDER) throw badFormat(ERR_SET_ELEMENT_ORDER);
    throw mergeFailure(`fail to find unknown prefix "${prefix}" in ${key}\n`);
  }
  return key.slice(slash + 1);
}

/** The strategy other than retainKeys ('merge', 'replace' or ''). */
function mainStrategy(strategies: string[]): string {
  switch (strategies.length) {
    case 0:
      return '';
    case 1:
      return strategies[0] === 'retainKeys' ? '' : strategies[0]!;
    case 2:
      if (strategies[0] === 'retainKeys') return strategies[1]!;
      if (strategies[1] === 'retainKeys') return strategies[0]!;
  }
  throw mergeFailure(`unexpected patch strategy: ${goSprintV(strategies)}`);
}

/** Drops null members of maps, recursively (null list elements stay). Edits in place. */
function discardNulls(v: unknown): void {
  if (Array.isArray(v)) v.forEach(discardNulls);
  else if (isMap(v)) {
    for (const k of Object.keys(v)) {
      if (v[k] === null) delete v[k];
      else discardNulls(v[k]);
    }
  }
}

/** Removes maps carrying `$patch` (and says whether `v` itself survives). Edits maps in place. */
function removeDirectives(v: unknown): { value: unknown; keep: boolean } {
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (const e of v) {
      const r = removeDirectives(e);
      if (r.keep) out.push(r.value);
    }
    return { value: out, keep: true };
  }
  if (!isMap(v)) return { value: v, keep: true };
  if (hasOwn(v, DIRECTIVE)) return { value: undefined, keep: false };
  for (const k of Object.keys(v)) {
    const r = removeDirectives(v[k]);
    if (r.keep) setKey(v, k, r.value);
    else delete v[k];
  }
  return { value: v, keep: true };
}

/** Sets original[key] to a patch value taken as a whole (nulls and `$patch` maps removed). */
function takePatchValue(original: JsonMap, key: string, value: unknown): void {
  discardNulls(value);
  const r = removeDirectives(value);
  if (r.keep) setKey(original, key, r.value);
  else delete original[key];
}

function applyRetainKeys(original: JsonMap, patch: JsonMap): void {
  if (!hasOwn(patch, RETAIN_KEYS)) return;
  const list = patch[RETAIN_KEYS];
  delete patch[RETAIN_KEYS];
  if (!Array.isArray(list)) throw badFormat(ERR_RETAIN_KEYS);
  list.forEach((v) => {
    if (typeof v === 'object' && v !== null) throw new ApiserverPanic(`runtime error: hash of unhashable type ${goTypeName(v)}`);
  });
  const retained = new Set(list.filter((v): v is string => typeof v === 'string'));
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || k.startsWith(DELETE_FROM_PRIMITIVE_LIST) || k.startsWith(SET_ELEMENT_ORDER)) continue;
    if (!retained.has(k)) throw badFormat(ERR_RETAIN_KEYS);
  }
  for (const k of Object.keys(original)) if (!retained.has(k)) delete original[k];
}

// Merges each list named by a `$setElementOrder/<list>` directive and orders it as the directive
// says; both the directive and the list leave the patch.
function applySetElementOrder(original: JsonMap, patch: JsonMap, meta: PatchMeta): void {
  for (const key of Object.keys(patch)) {
    if (!key.startsWith(SET_ELEMENT_ORDER)) continue;
    const order = patch[key];
    delete patch[key];
    if (!Array.isArray(order)) throw errBadArgType(SLICE_TYPE, order);
    const field = directiveTarget(key, SET_ELEMENT_ORDER);
    const inOriginal = hasOwn(original, field);
    const inPatch = hasOwn(patch, field);
    const originalList = inOriginal ? original[field] : [];
    const patchList = inPatch ? patch[field] : [];
    if (!Array.isArray(originalList)) throw errBadArgType(SLICE_TYPE, originalList);
    if (!Array.isArray(patchList)) throw errBadArgType(SLICE_TYPE, patchList);
    const f = meta.lookupSlice(field);
    const strategy = mainStrategy(f.strategies);
    validateSetElementOrder(patchList, order, f.mergeKey);
    let merged: unknown[];
    if (inOriginal && !inPatch) merged = originalList;
    else if (!inOriginal && inPatch) merged = removeDirectives(patchList).value as unknown[];
    else if (inOriginal && inPatch) merged = strategy === 'merge' ? mergeSlice(originalList, patchList, f.meta, f.mergeKey, false, mergeMap) : patchList;
    else continue;
    const [patchItems, serverOnly] = partitionByPresence(merged, order, f.mergeKey);
    const kind = sliceElementKind([originalList, patchList]);
    setKey(original, field, normalizeElementOrder(patchItems, serverOnly, order, originalList, f.mergeKey, kind));
    delete patch[field];
  }
}

/** Merges `patch` into `original` (both edited in place, as kube does) and returns the result. */
function mergeMap(original: JsonMap | null, patch: JsonMap, meta: PatchMeta): JsonMap {
  if (hasOwn(patch, DIRECTIVE)) {
    const directive = patch[DIRECTIVE];
    if (directive === 'replace') {
      delete patch[DIRECTIVE];
      return patch;
    }
    if (directive === 'delete') return {};
    throw mergeFailure(`unknown patch type: ${goSprintS(directive)} in map: ${goSprintV(patch)}`);
  }
  original ??= {};
  applyRetainKeys(original, patch);
  applySetElementOrder(original, patch, meta);

  for (const patchKey of Object.keys(patch)) {
    const value = patch[patchKey];
    const isDeleteList = patchKey.startsWith(DELETE_FROM_PRIMITIVE_LIST);
    const key = isDeleteList ? directiveTarget(patchKey, DELETE_FROM_PRIMITIVE_LIST) : patchKey;
    if (value === null) {
      delete original[key];
      continue;
    }
    const current = original[key];
    if (!hasOwn(original, key) || goTypeName(current) !== goTypeName(value)) {
      // Absent from the original, or of another type: the patch value is taken whole.
      if (!isDeleteList) takePatchValue(original, key, value);
      continue;
    }
    if (isMap(value)) {
      const f = meta.lookupStruct(key);
      setKey(original, key, mainStrategy(f.strategies) === 'replace' ? value : mergeMap(current as JsonMap, value as JsonMap, f.meta));
    } else if (Array.isArray(value)) {
      const f = meta.lookupSlice(key);
      const merge = mainStrategy(f.strategies) === 'merge' || isDeleteList;
      setKey(original, key, merge ? mergeSlice(current as unknown[], value as unknown[], f.meta, f.mergeKey, isDeleteList, mergeMap) : value);
    } else {
      setKey(original, key, value);
    }
  }
  return original;
}

/**
 * Applies a decoded strategic merge patch map to a decoded object. Both arguments are edited in
 * place, as kube's merge does. Throws SmpError (see smpErrorToStatus) or ApiserverPanic.
 */
export function strategicMergeMapPatch(original: JsonMap, patch: JsonMap | null, meta: PatchMeta): JsonMap {
  return patch === null ? original : mergeMap(original, patch, meta);
}

/**
 * Applies a strategic-merge-patch body (as the JSON serializer read it) to a decoded JSON object (the current object in the request
 * version) using `meta` for the kind's schema. Throws StatusError as kube-apiserver answers: 400 with
 * the decoder's text for a body that is not a JSON object, 400/422/500 for merge errors
 * (ssa.md §7.6), or ApiserverPanic where kube panics.
 */
export function applyStrategicMergePatch(doc: unknown, body: DecodedPatch, meta: PatchMeta, opts: StrategicMergePatchOptions = {}): StrategicMergePatchResult {
  const strictMode = (opts.fieldValidation ?? 'Warn') !== 'Ignore';
  if (body.syntaxError !== undefined) throw badRequest(body.syntaxError);
  const parsed = body.tree;
  const decoded = strictDecode(parsed, GO_UNTYPED_MAP);
  if (decoded.typeError) throw badRequest(decoded.typeError);
  const patch = goJsonToValue(parsed) as JsonMap | null;
  if (!isMap(doc)) throw new TypeError('applyStrategicMergePatch: document must be an object');
  const original = cloneJson(doc);
  let result: JsonMap;
  try {
    result = strategicMergeMapPatch(original, patch, meta);
  } catch (e) {
    if (e instanceof SmpError) throw smpErrorToStatus(e);
    throw e;
  }
  return {
    result,
    strictErrors: strictMode ? decoded.strictErrors : [],
    patchText: () => (patch === null ? 'map[]' : goSprintV(patch)),
  };
}
