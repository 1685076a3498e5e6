import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { typedSkeleton } from './write-integration.js';
import { resourceSchema } from '../../schema/builtin-schemas.js';
import { FieldManager } from '../../apply/field-manager.js';
import { builtinObjectType } from '../../apply/schema-types.js';
import { resetFieldsFilter } from '../../apply/reset-fields.js';

const def = { group: 'apps', version: 'v1', kind: 'Deployment', schema: 'io.k8s.api.apps.v1.Deployment' };

describe('typed zero skeletons (ssa.md §3.2)', () => {
  it('non-pointer structs are present, required lists null', () => {
    assert.deepEqual(typedSkeleton(resourceSchema(def)!), { metadata: {}, spec: { strategy: {}, template: { metadata: {}, spec: { containers: null } } }, status: {} });
  });

  it('a create records no "." on always-present structs and lists, as kube does', () => {
    const skeleton = typedSkeleton(resourceSchema(def)!);
    const fm = new FieldManager({ apiVersion: 'apps/v1', kind: 'Deployment', type: builtinObjectType(def)!, emptyObject: () => structuredClone(skeleton), clock: () => new Date(Date.UTC(2026, 0, 1)) });
    const obj = fm.update(
      undefined,
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'd', labels: { app: 'd' } },
        spec: { selector: { matchLabels: { app: 'd' } }, template: { metadata: { labels: { app: 'd' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } },
      },
      'kubectl-create',
    );
    assert.deepEqual(obj.metadata.managedFields[0].fieldsV1, {
      'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
      'f:spec': {
        'f:selector': {},
        'f:template': { 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } }, 'f:spec': { 'f:containers': { 'k:{"name":"c"}': { '.': {}, 'f:image': {}, 'f:name': {} } } } },
      },
    });
  });
});

describe('writes through /scale', () => {
  it('record an Update entry with subresource scale owning spec.replicas, taken from the applier', () => {
    const type = builtinObjectType(def)!;
    const clock = () => new Date(Date.UTC(2026, 0, 1));
    const main = new FieldManager({ apiVersion: 'apps/v1', kind: 'Deployment', type, clock, ignore: resetFieldsFilter('', true) });
    const scale = new FieldManager({ apiVersion: 'apps/v1', kind: 'Deployment', type, clock, subresource: 'scale', ignore: resetFieldsFilter('scale', true) });
    const live = main.apply(undefined, { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { replicas: 1, paused: true } }, { manager: 'alice', force: false });
    const next = structuredClone(live);
    next.spec.replicas = 4;
    const out = scale.update(live, next, 'kubectl');
    assert.deepEqual(out.metadata.managedFields, [
      { manager: 'alice', operation: 'Apply', apiVersion: 'apps/v1', time: '2026-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { 'f:paused': {} } } },
      { manager: 'kubectl', operation: 'Update', apiVersion: 'apps/v1', time: '2026-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { 'f:replicas': {} } }, subresource: 'scale' },
    ]);
  });
});
