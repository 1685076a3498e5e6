import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { typedSkeleton } from './write-integration.js';
import { resourceSchema } from '../schema/builtin-schemas.js';
import { FieldManager } from './field-manager.js';
import { builtinObjectType } from './schema-types.js';

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
