// How lists and watches present a stored object: a custom resource as its served version reads (pruned, defaulted,
// keys sorted), anything else relabelled for the endpoint's group-version.
import { customResourceForEndpoint } from '../../apiextensions/cr-read.js';
import { customColumnsFor, serializationKeySuffix } from '../../apiextensions/custom-resource-details.js';
import type { KObject } from '../../registry/object.js';
import { apiVersionOf } from '../../registry/resource-def.js';
import { forEndpoint, type ResourceScope } from '../resource-scope.js';

export function presentObject(scope: Pick<ResourceScope, 'def'>, obj: KObject): KObject {
  return customResourceForEndpoint(scope.def, obj) ?? forEndpoint(scope, obj);
}

/** The key of a presented serialization in a cache entry; custom resources get one per schema registration. */
export function presentationKey(scope: Pick<ResourceScope, 'def'>, prefix: string): string {
  return `${prefix}:${apiVersionOf(scope.def)}${serializationKeySuffix(scope.def)}`;
}

/** Printer columns of a custom resource version for Table watches (undefined for built-ins). */
export const customColumnsOf = (scope: Pick<ResourceScope, 'def'>) => customColumnsFor(scope.def);
