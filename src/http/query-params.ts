// Query parameters as kube-apiserver's parameter codec decodes them (apimachinery's url.Values → options
// conversions): every verb reads its parameters through these functions, so `force=True`, `watch=1`,
// `orphanDependents=FALSE` or a repeated parameter mean the same thing everywhere. A parameter is the first of its
// values (repeated ones are ignored, except dryRun, which keeps them all); unknown parameters are never looked at.
import { badRequest } from '../errors/status.js';

/** The value of a parameter as the converters see it: its first value, undefined when absent or given no value. */
export function firstParam(q: URLSearchParams, name: string): string | undefined {
  const v = q.getAll(name);
  return v.length ? v[0] : undefined;
}

/** A string option (fieldManager, resourceVersion, continue, ...): the first value, "" when absent. */
export function stringParam(q: URLSearchParams, name: string): string {
  return firstParam(q, name) ?? '';
}

/** A []string option (dryRun): every value in order. */
export function stringsParam(q: URLSearchParams, name: string): string[] {
  return q.getAll(name);
}

/**
 * The converters' boolean: false only for "0" and "false" in any case; every other value, the empty one included,
 * is true (so the Python client's `force=True` and a bare `?watch` are true, and so is `f`, unlike strconv.ParseBool).
 */
export function kubeBool(value: string): boolean {
  return !(value === '0' || value.toLowerCase() === 'false');
}

/** A *bool option (force, orphanDependents, sendInitialEvents, ...): undefined when absent. */
export function optionalBoolParam(q: URLSearchParams, name: string): boolean | undefined {
  const v = firstParam(q, name);
  return v === undefined ? undefined : kubeBool(v);
}

/** A bool option (watch, allowWatchBookmarks): false when absent. */
export function boolParam(q: URLSearchParams, name: string): boolean {
  return optionalBoolParam(q, name) ?? false;
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/** strconv.ParseInt(s, 10, 64) with Go's error texts (thrown as plain Errors). */
export function parseGoInt64(s: string): number {
  if (!/^[+-]?\d+$/.test(s)) throw new Error(`strconv.ParseInt: parsing ${JSON.stringify(s)}: invalid syntax`);
  const n = BigInt(s);
  if (n > INT64_MAX || n < INT64_MIN) throw new Error(`strconv.ParseInt: parsing ${JSON.stringify(s)}: value out of range`);
  return Number(n);
}

/**
 * An int64 or *int64 option (limit, timeoutSeconds, gracePeriodSeconds): undefined when absent; a malformed value
 * is the 400 BadRequest every handler answers for a parameter the codec could not decode, with strconv's text.
 */
export function int64Param(q: URLSearchParams, name: string): number | undefined {
  const v = firstParam(q, name);
  if (v === undefined) return undefined;
  try {
    return parseGoInt64(v);
  } catch (e) {
    throw badRequest((e as Error).message);
  }
}

/**
 * `pretty` is not an option of the codec: the response writer reads it with strconv.ParseBool (1, t, T, TRUE,
 * true, True are true; anything else, malformed values included, false). undefined when absent or empty, where
 * the User-Agent decides.
 */
export function prettyParam(q: URLSearchParams): boolean | undefined {
  const v = q.get('pretty');
  if (v === null || v === '') return undefined;
  return ['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v);
}
