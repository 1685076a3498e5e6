import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FieldManager } from './field-manager.js';
import { builtinObjectType } from './schema-types.js';
import { LAST_APPLIED } from './last-applied.js';
import { StatusError } from '../errors/status.js';
import type { KObject } from '../api/object.js';

const type = builtinObjectType({ group: '', version: 'v1', kind: 'ConfigMap', schema: 'io.k8s.api.core.v1.ConfigMap' })!;
const fm = new FieldManager({ apiVersion: 'v1', kind: 'ConfigMap', type, clock: () => new Date(Date.UTC(2026, 0, 1)) });

/** What client-side `kubectl apply` leaves: an Update entry and the annotation. */
function clientSideApplied(data: Record<string, string>): KObject {
  const config = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default' }, data };
  const obj: KObject = structuredClone(config);
  obj.metadata.annotations = { [LAST_APPLIED]: `${JSON.stringify(config)}\n` };
  return fm.update(undefined, obj, 'kubectl-client-side-apply');
}

const ssa = (data: Record<string, string>, annotations?: Record<string, string>): KObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'cm', namespace: 'default', ...(annotations ? { annotations } : {}) },
  data,
});

describe('kubectl apply --server-side after client-side apply (ssa.md §4.3)', () => {
  it('conflicts on fields the annotation still describes are forgiven for the manager "kubectl"; the annotation follows', () => {
    const live = clientSideApplied({ key: 'v1' });
    const out = fm.apply(live, ssa({ key: 'v2' }), { manager: 'kubectl', force: false });
    assert.equal(out.data.key, 'v2');
    assert.equal(out.metadata.annotations[LAST_APPLIED], '{"apiVersion":"v1","data":{"key":"v2"},"kind":"ConfigMap","metadata":{"name":"cm","namespace":"default"}}\n');
    assert.deepEqual(
      out.metadata.managedFields.map((e: KObject) => e.manager),
      ['kubectl', 'kubectl-client-side-apply'],
    );
  });

  it('other managers still conflict', () => {
    const live = clientSideApplied({ key: 'v1' });
    assert.throws(
      () => fm.apply(live, ssa({ key: 'v2' }), { manager: 'mine', force: false }),
      (e: unknown) => e instanceof StatusError && e.message === 'Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using v1: .data.key',
    );
  });

  it('a field changed since the client-side apply still conflicts', () => {
    const live = clientSideApplied({ key: 'v1' });
    live.data.key = 'changed';
    assert.throws(
      () => fm.apply(live, ssa({ key: 'v2' }), { manager: 'kubectl', force: false }),
      (e: unknown) => e instanceof StatusError && e.status.code === 409,
    );
  });
});
