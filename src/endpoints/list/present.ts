// How lists and watches present a stored object: a custom resource as its served version reads (pruned, defaulted,
// keys sorted), anything else relabelled for the endpoint's group-version.
import type { KObject } from '../../api/object.js';
import { apiVersionOf } from '../../registry/resource-def.js';
import { forEndpoint, type ResourceScope } from '../resource-scope.js';

export function presentObject(scope: Pick<ResourceScope, 'def' | 'view'>, obj: KObject): KObject {
  return forEndpoint(scope, obj);
}

/** The key of a presented serialization in a cache entry; custom resources get one per schema registration. */
export function presentationKey(scope: Pick<ResourceScope, 'def' | 'view'>, prefix: string): string {
  return `${prefix}:${apiVersionOf(scope.def)}${scope.view?.serializationKey ?? ''}`;
}

/** Printer columns of a custom resource version for Table watches (undefined for built-ins). */
export const customColumnsOf = (scope: Pick<ResourceScope, 'view'>) => scope.view?.columns;

export const INITIAL_EVENTS_END_ANNOTATION = 'k8s.io/initial-events-end';

/**
 * A BOOKMARK's object: an empty object of the watched kind with only its resourceVersion (and the end-of-initial-
 * events annotation). Built-in kinds encode like Go structs (kind first, `creationTimestamp: null`); custom resources
 * are unstructured maps, written with sorted keys and nothing else.
 */
export function bookmarkObject(scope: Pick<ResourceScope, 'def' | 'view'>, rev: number, initialEventsEnd = false): KObject {
  const annotations = initialEventsEnd ? { [INITIAL_EVENTS_END_ANNOTATION]: 'true' } : undefined;
  const apiVersion = apiVersionOf(scope.def);
  if (scope.view?.unstructured) {
    return { apiVersion, kind: scope.def.kind, metadata: annotations ? { annotations, resourceVersion: String(rev) } : { resourceVersion: String(rev) } };
  }
  const metadata: KObject = { resourceVersion: String(rev), creationTimestamp: null };
  if (annotations) metadata.annotations = annotations;
  return { kind: scope.def.kind, apiVersion, metadata };
}
