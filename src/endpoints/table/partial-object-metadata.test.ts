import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toPartialObjectMetadata, toPartialObjectMetadataList } from './partial-object-metadata.js';

const obj = {
  kind: 'ConfigMap',
  apiVersion: 'v1',
  metadata: {
    managedFields: [{ manager: 'kubectl', operation: 'Update', apiVersion: 'v1', time: '2025-06-01T10:00:00Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': {} } }],
    finalizers: ['example.com/keep'],
    labels: { a: 'b' },
    annotations: {},
    creationTimestamp: '2025-06-01T10:00:00Z',
    resourceVersion: '2001',
    uid: 'u-1',
    namespace: 'default',
    name: 'cm1',
    generation: 0,
    deletionTimestamp: '2025-06-01T11:00:00Z',
    deletionGracePeriodSeconds: 0,
    ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'p', uid: 'u-2' }],
  },
  data: { big: 'x'.repeat(100) },
};

test('PartialObjectMetadata: complete ObjectMeta in Go field order, nothing else', () => {
  assert.equal(
    JSON.stringify(toPartialObjectMetadata(obj, 'meta.k8s.io/v1')),
    JSON.stringify({
      kind: 'PartialObjectMetadata',
      apiVersion: 'meta.k8s.io/v1',
      metadata: {
        name: 'cm1',
        namespace: 'default',
        uid: 'u-1',
        resourceVersion: '2001',
        creationTimestamp: '2025-06-01T10:00:00Z',
        deletionTimestamp: '2025-06-01T11:00:00Z',
        deletionGracePeriodSeconds: 0,
        labels: { a: 'b' },
        ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'p', uid: 'u-2' }],
        finalizers: ['example.com/keep'],
        managedFields: obj.metadata.managedFields,
      },
    }),
  );
  // metav1.Time encodes its zero value as null.
  assert.equal(JSON.stringify(toPartialObjectMetadata({ metadata: { name: 'x' } }, 'meta.k8s.io/v1beta1')), '{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1beta1","metadata":{"name":"x","creationTimestamp":null}}');
});

test('PartialObjectMetadataList: list metadata copied, each item typed', () => {
  const list = toPartialObjectMetadataList([obj, { metadata: { name: 'cm2', creationTimestamp: '2025-06-01T10:00:00Z' } }], { resourceVersion: '2011', continue: 'abc', remainingItemCount: 10 }, 'meta.k8s.io/v1');
  assert.deepEqual(Object.keys(list), ['kind', 'apiVersion', 'metadata', 'items']);
  assert.equal(list.kind, 'PartialObjectMetadataList');
  assert.deepEqual(list.metadata, { resourceVersion: '2011', continue: 'abc', remainingItemCount: 10 });
  assert.deepEqual(list.items[1], { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: { name: 'cm2', creationTimestamp: '2025-06-01T10:00:00Z' } });
  assert.equal(list.items[0].kind, 'PartialObjectMetadata');
  const empty = toPartialObjectMetadataList([], { resourceVersion: '5', continue: '' }, 'meta.k8s.io/v1');
  assert.equal(JSON.stringify(empty), '{"kind":"PartialObjectMetadataList","apiVersion":"meta.k8s.io/v1","metadata":{"resourceVersion":"5"},"items":null}');
});
