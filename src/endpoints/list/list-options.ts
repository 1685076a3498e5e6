// ListOptions of list and watch requests as kube-apiserver decodes, defaults and validates them
// (metainternalversion.ListOptions, apiserver.md §4.5, §6.5). Decoding errors are 400s with Go's text; validation
// errors are one Status carrying every error of the request.
import { fieldErr, type FieldError } from '../../errors/field-error.js';
import { invalid, StatusError } from '../../errors/status.js';
import type { FieldSelector } from '../../selection/field-selector.js';
import type { LabelSelector } from '../../selection/label-selector.js';
import { parseListSelectors } from '../../selection/list-selectors.js';
import { boolParam, firstParam, int64Param, optionalBoolParam, parseGoInt64, stringParam } from '../../http/query-params.js';

export type ResourceVersionMatch = '' | 'Exact' | 'NotOlderThan';

export interface ListOptions {
  /** The `watch` query flag (the /watch/ path form watches without it). */
  watch: boolean;
  label: LabelSelector;
  /** As parsed; field labels are converted per resource later (selection-filter.ts). */
  field: FieldSelector;
  resourceVersion: string;
  /** Any string the client sent; validation rejects unknown values. */
  resourceVersionMatch: string;
  timeoutSeconds?: number;
  limit: number;
  continue: string;
  allowWatchBookmarks: boolean;
  /** undefined when the parameter is absent (kube keeps a nil pointer). */
  sendInitialEvents?: boolean;
}

export { parseGoInt64 };

/**
 * Decodes the query as kube's parameter codec does: numbers first (url.Values → v1.ListOptions), then the
 * selectors (v1 → internal). The first failure is a 400 with the converter's text.
 */
export function decodeListOptions(q: URLSearchParams): ListOptions {
  const timeoutSeconds = int64Param(q, 'timeoutSeconds');
  const limit = int64Param(q, 'limit') ?? 0;
  const { label, field } = parseListSelectors({ labelSelector: firstParam(q, 'labelSelector'), fieldSelector: firstParam(q, 'fieldSelector') });
  return {
    watch: boolParam(q, 'watch'),
    label,
    field,
    resourceVersion: stringParam(q, 'resourceVersion'),
    resourceVersionMatch: stringParam(q, 'resourceVersionMatch'),
    timeoutSeconds,
    limit,
    continue: stringParam(q, 'continue'),
    allowWatchBookmarks: boolParam(q, 'allowWatchBookmarks'),
    sendInitialEvents: optionalBoolParam(q, 'sendInitialEvents'),
  };
}

/** SetListOptionsDefaults: with the WatchList gate on, a legacy watch (RV "" or "0") becomes a streaming list. */
export function defaultListOptions(o: ListOptions, watchListEnabled: boolean): void {
  if (!watchListEnabled) return;
  if (o.sendInitialEvents !== undefined || o.resourceVersionMatch !== '') return;
  if (o.watch && (o.resourceVersion === '' || o.resourceVersion === '0')) {
    o.sendInitialEvents = true;
    o.resourceVersionMatch = 'NotOlderThan';
  }
}

/**
 * The status code of list requests whose parameters form one of the "invalid" combinations of the seed's
 * resource-version table (resourceVersionMatch without resourceVersion, Exact with "0", with continue). kube-apiserver
 * answers those with 422 Invalid; the seed states 400 for them, and the seed wins (DESIGN.md). The message keeps
 * kube's text either way.
 */
export const INVALID_COMBINATION_CODE: number = 400;

const RVM = 'resourceVersionMatch';

function validateList(o: ListOptions): { errs: FieldError[]; combination: boolean } {
  const errs: FieldError[] = [];
  let combination = false;
  const match = o.resourceVersionMatch;
  if (match !== '') {
    if (o.resourceVersion === '') {
      errs.push(fieldErr.forbidden(RVM, 'resourceVersionMatch is forbidden unless resourceVersion is provided'));
      combination = true;
    }
    if (o.continue !== '') {
      errs.push(fieldErr.forbidden(RVM, 'resourceVersionMatch is forbidden when continue is provided'));
      combination = true;
    }
    if (match !== 'Exact' && match !== 'NotOlderThan') errs.push(fieldErr.notSupported(RVM, match, ['Exact', 'NotOlderThan', '']));
    if (match === 'Exact' && o.resourceVersion === '0') {
      errs.push(fieldErr.forbidden(RVM, 'resourceVersionMatch "exact" is forbidden for resourceVersion "0"'));
      combination = true;
    }
  }
  if (o.sendInitialEvents !== undefined) errs.push(fieldErr.forbidden('sendInitialEvents', 'sendInitialEvents is forbidden for list'));
  return { errs, combination };
}

function validateWatch(o: ListOptions, watchListEnabled: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const match = o.resourceVersionMatch;
  if (o.sendInitialEvents !== undefined) {
    if (match !== 'NotOlderThan') errs.push(fieldErr.forbidden(RVM, 'sendInitialEvents requires setting resourceVersionMatch to NotOlderThan'));
    if (!watchListEnabled) errs.push(fieldErr.forbidden('sendInitialEvents', 'sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled'));
  }
  if (match !== '') {
    if (o.sendInitialEvents === undefined) errs.push(fieldErr.forbidden(RVM, 'resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided'));
    if (match !== 'NotOlderThan') errs.push(fieldErr.notSupported(RVM, match, ['NotOlderThan']));
    if (o.continue !== '') errs.push(fieldErr.forbidden(RVM, 'resourceVersionMatch is forbidden when continue is provided'));
  }
  return errs;
}

/** ValidateListOptions: throws one Status with every error (422, or 400 for the seed's invalid combinations). */
export function validateListOptions(o: ListOptions, watchListEnabled: boolean): void {
  if (o.watch) {
    const errs = validateWatch(o, watchListEnabled);
    if (errs.length) throw invalid({ group: 'meta.k8s.io', kind: 'ListOptions' }, '', errs);
    return;
  }
  const { errs, combination } = validateList(o);
  if (!errs.length) return;
  const err = invalid({ group: 'meta.k8s.io', kind: 'ListOptions' }, '', errs);
  if (!combination || INVALID_COMBINATION_CODE === 422) throw err;
  throw new StatusError({ ...err.status, code: INVALID_COMBINATION_CODE, reason: 'BadRequest' });
}

const UINT64_MAX = 2n ** 64n - 1n;

/**
 * The storage versioner's ParseResourceVersion: "" and "0" are 0. Throws an Error whose message is kube's
 * `resourceVersion: Invalid value: "x": strconv.ParseUint: ...` (callers pick the status, which differs by verb).
 */
export function parseResourceVersion(rv: string): number {
  if (rv === '' || rv === '0') return 0;
  const q = JSON.stringify(rv);
  if (!/^\d+$/.test(rv)) throw new Error(`resourceVersion: Invalid value: ${q}: strconv.ParseUint: parsing ${q}: invalid syntax`);
  if (BigInt(rv) > UINT64_MAX) throw new Error(`resourceVersion: Invalid value: ${q}: strconv.ParseUint: parsing ${q}: value out of range`);
  return Number(rv);
}
