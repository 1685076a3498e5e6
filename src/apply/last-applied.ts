// `kubectl apply --server-side` after client-side `kubectl apply` (ssa.md §4.3 exception): conflicts on fields
// whose values in the last-applied-configuration annotation still equal the live values are forgiven, and
// the annotation is kept up to date with what kubectl applies.
import type { KObject } from '../api/object.js';
import { compareValues } from './compare.js';
import type { FieldSet } from './field-set.js';
import type { MergeType } from './merge-type.js';
import { goJson, type JsonValue } from './path-element.js';
import { toFieldSet } from './to-field-set.js';
import { nestingExceeds } from '../config/nesting-depth.js';

export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
/** The manager whose applies upgrade client-side apply; others may opt out by using another name. */
export const KUBECTL_MANAGER = 'kubectl';
const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

const annotationsOf = (o: KObject | undefined): Record<string, string> | undefined => {
  const a = o?.metadata?.annotations;
  return a && typeof a === 'object' ? (a as Record<string, string>) : undefined;
};

/** The paths the annotation applied whose values still match the live object; undefined when there is no usable annotation. */
export function allowedConflictsFromLastApplied(live: KObject, apiVersion: string, type: MergeType): FieldSet | undefined {
  const text = annotationsOf(live)?.[LAST_APPLIED];
  if (!text) return undefined;
  let last: unknown;
  try {
    last = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof last !== 'object' || last === null || (last as KObject).apiVersion !== apiVersion) return undefined;
  // An annotation is any string: one nested deeper than bodies may be is not usable (the merge recurses).
  if (nestingExceeds(last)) return undefined;
  const cmp = compareValues(last, live, type);
  return toFieldSet(last, type).difference(cmp.modified).difference(cmp.added).difference(cmp.removed);
}

/** Rewrites the annotation of `out` (when it has one) to the applied configuration, as kubectl would have. */
export function updateLastApplied(out: KObject, config: KObject): void {
  const annotations = annotationsOf(out);
  if (!annotations?.[LAST_APPLIED]) return;
  const applied = structuredClone(config);
  const a = annotationsOf(applied);
  if (a) delete a[LAST_APPLIED];
  annotations[LAST_APPLIED] = `${goJson(applied as JsonValue)}\n`;
  let size = 0;
  for (const [k, v] of Object.entries(annotations)) size += k.length + v.length;
  if (size > TOTAL_ANNOTATION_SIZE_LIMIT) delete annotations[LAST_APPLIED];
}
