import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorText } from '../errors/field-error.js';
import type { CRD } from './crd-types.js';
import { crdOpenAPISchemas } from './cr-openapi.js';
import { crResourceInfo } from './cr-resource-info.js';
import { customResourceStrategy, customResourceVersion } from './cr-strategy.js';

const crd = (status: boolean): CRD => ({
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    scope: 'Namespaced',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList', shortNames: ['wd'] },
    versions: [
      { name: 'v1beta1', served: true, storage: false },
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { replicas: { type: 'integer' } } }, status: { type: 'object', properties: { n: { type: 'integer' } } } } } },
        subresources: status ? { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.n' } } : undefined,
      },
    ],
  },
  status: { acceptedNames: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList', shortNames: ['wd'] } },
});

test('the ResourceInfo of a version: names from acceptedNames, sub-resources, storage hash, priorities', () => {
  const c = crd(true);
  const info = crResourceInfo(c, c.spec.versions[1]!);
  assert.equal(info.resource, 'widgets');
  assert.deepEqual(info.shortNames, ['wd']);
  assert.deepEqual(info.subresources.map((s) => `${s.name}:${s.group}/${s.version}:${s.kind}`), ['scale:autoscaling/v1:Scale', 'status:example.com/v1:Widget']);
  assert.equal(info.storageVersionHash, crResourceInfo(c, c.spec.versions[0]!).storageVersionHash);
  assert.equal(info.storageVersionHash?.length, 12);
  assert.deepEqual([info.groupPriority, info.versionPriority, info.builtin], [1000, 100, false]);
  assert.equal(info.schema, 'com.example.v1.Widget');
});

test('objects are stored in the storage version; generation follows status only without the sub-resource', async () => {
  const plain = customResourceStrategy(customResourceVersion(crd(false), crd(false).spec.versions[0]!));
  const obj = { apiVersion: 'example.com/v1beta1', kind: 'Widget', metadata: { generation: 1 }, spec: { replicas: 1 }, status: { n: 1 } };
  plain.prepareForCreate(obj, { warnings: [] });
  assert.equal(obj.apiVersion, 'example.com/v1');
  const next = structuredClone(obj);
  next.status.n = 2;
  plain.prepareForUpdate(next, obj, { warnings: [] });
  assert.equal(next.metadata.generation, 2);
  const withStatus = customResourceStrategy(customResourceVersion(crd(true), crd(true).spec.versions[1]!));
  assert.equal(withStatus.hasStatusSubresource, true);
  assert.equal(withStatus.allowUnconditionalUpdate, false);
  assert.equal(withStatus.allowCreateOnUpdate, false);
  assert.deepEqual((await withStatus.validate({ spec: { replicas: -2 }, status: { n: 'x' } })).map(fieldErrorText), [
    'status.n: Invalid value: "string": status.n in body must be of type integer: "string"',
    '.spec.replicas: Invalid value: -2: should be a non-negative integer',
    '.status.n: Invalid value: 0: .status.n accessor error: x is of the type string, expected int64',
  ]);
});

test('OpenAPI schemas of a version: kind with metadata reference and GVK, and its list', () => {
  const c = crd(true);
  const out = crdOpenAPISchemas(c, c.spec.versions[1]!, c.spec.versions[1]!.schema!.openAPIV3Schema);
  assert.deepEqual(Object.keys(out), ['com.example.v1.Widget', 'com.example.v1.WidgetList']);
  const kind = out['com.example.v1.Widget'] as { properties: Record<string, unknown>; 'x-kubernetes-group-version-kind': unknown };
  assert.deepEqual(kind['x-kubernetes-group-version-kind'], [{ group: 'example.com', kind: 'Widget', version: 'v1' }]);
  assert.deepEqual(Object.keys(kind.properties).sort(), ['apiVersion', 'kind', 'metadata', 'spec', 'status']);
  assert.deepEqual((kind.properties.metadata as { allOf: unknown }).allOf, [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }]);
  const list = out['com.example.v1.WidgetList'] as { properties: { items: { items: unknown } }; 'x-kubernetes-group-version-kind': unknown };
  assert.deepEqual(list.properties.items.items, { $ref: '#/components/schemas/com.example.v1.Widget' });
  assert.deepEqual(list['x-kubernetes-group-version-kind'], [{ group: 'example.com', kind: 'WidgetList', version: 'v1' }]);
});
