// ListOptions of list and watch requests as kube-apiserver decodes, defaults and validates them
// (metainternalversion.ListOptions, apiserver.md §4.5, §6.5). Decoding errors are 400s with Go's text; validation
// errors are one Status carrying every error of the request.
import { fieldErr, type FieldError } from '../../errors/field-error.js';
import { invalid, StatusError } from '../../errors/status.js';
import type { FieldSelector } from '../../selection/field-selector.js';
import type { LabelSelector } from '../../selection/label-selector.js';
import { parseListSelectors } from '../../selection/list-selectors.js';
import { badRequest } from '../../errors/status.js';

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

/** Go's strconv.ParseBool-free rule of the query converter: "0" and "false" (any case) are false, anything else true. */
function goBool(v: string): boolean {
  return !(v === '0' || v.toLowerCase() === 'false');
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/** strconv.ParseInt(s, 10, 64) with Go's error texts. */
export function parseGoInt64(s: string): number {
  if (!/^[+-]?\d+$/.test(s)) throw new Error(`strconv.ParseInt: parsing ${JSON.stringify(s)}: invalid syntax`);
  const n = BigInt(s);
  if (n > INT64_MAX || n < INT64_MIN) throw new Error(`strconv.ParseInt: parsing ${JSON.stringify(s)}: value out of range`);
  return Number(n);
}

const first = (q: URLSearchParams, k: string): string | undefined => {
  const v = q.getAll(k);
  return v.length ? v[0] : undefined;
};

/**
 * Decodes the query as kube's parameter codec does: numbers first (url.Values → v1.ListOptions), then the
 * selectors (v1 → internal). The first failure is a 400 with the converter's text.
 */
export function decodeListOptions(q: URLSearchParams): ListOptions {
  const num = (k: string): number | undefined => {
    const v = first(q, k);
    if (v === undefined) return undefined;
    try {
      return parseGoInt64(v);
    } catch (e) {
      throw badRequest((e as Error).message);
    }
  };
  const flag = (k: string): boolean | undefined => {
    const v = first(q, k);
    return v === undefined ? undefined : goBool(v);
  };
  const timeoutSeconds = num('timeoutSeconds');
  const limit = num('limit') ?? 0;
  const { label, field } = parseListSelectors({ labelSelector: first(q, 'labelSelector'), fieldSelector: first(q, 'fieldSelector') });
  return {
    watch: flag('watch') ?? false,
    label,
    field,
    resourceVersion: first(q, 'resourceVersion') ?? '',
    resourceVersionMatch: first(q, 'resourceVersionMatch') ?? '',
    timeoutSeconds,
    limit,
    continue: first(q, 'continue') ?? '',
    allowWatchBookmarks: flag('allowWatchBookmarks') ?? false,
    sendInitialEvents: flag('sendInitialEvents'),
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
