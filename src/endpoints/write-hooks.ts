// Steps every write runs between decoding and the store: field validation against the schema, defaulting,
// and managedFields bookkeeping. Supplied by the API server so that handlers stay small.
import type { KObject } from '../api/object.js';
import type { WriteQuery } from './query-options.js';
import type { ResourceScope } from './resource-scope.js';

export interface WriteHooks {
  /** Runs on the decoded (or patched) object before the store; may throw a Status error. */
  beforeWrite(scope: ResourceScope, obj: KObject, old: KObject | undefined, q: WriteQuery, op: 'create' | 'update' | 'patch'): Promise<void>;
}

export const noWriteHooks: WriteHooks = { beforeWrite: async () => undefined };
