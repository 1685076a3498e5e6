import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CacheEntry } from '../../storage/cacher/cache-entry.js';
import type { ResourceInfo } from '../../api/resource-info.js';
import { jsonItemEncoder, protobufItemEncoder } from './encode-items.js';
import { objectOf } from './entry-object.js';

const def = (version: string) => ({ group: 'autoscaling', version, kind: 'HorizontalPodAutoscaler' }) as ResourceInfo;
const stored = { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'h', namespace: 'n' }, spec: { maxReplicas: 3 } };

test('one decode and one serialization per object version and group-version, shared by every reader', () => {
  const entry = new CacheEntry('/registry/autoscaling/horizontalpodautoscalers/n/h', Buffer.from(JSON.stringify(stored)), 4, 9);
  assert.equal(objectOf(entry), objectOf(entry));
  assert.equal(objectOf(entry).metadata.resourceVersion, '9');
  const v2 = jsonItemEncoder({ def: def('v2') });
  const first = v2.of(entry);
  assert.equal(jsonItemEncoder({ def: def('v2') }).of(entry), first, 'another watcher of the same group-version reuses the bytes');
  assert.deepEqual(JSON.parse(first.toString()), { ...stored, metadata: { ...stored.metadata, resourceVersion: '9' } });
  const v1 = jsonItemEncoder({ def: def('v1') }).of(entry);
  assert.notEqual(v1, first);
  assert.equal(JSON.parse(v1.toString()).apiVersion, 'autoscaling/v1');
  assert.deepEqual([...entry.cache.keys()], ['json:autoscaling/v2', 'json:autoscaling/v1']);
});

test('Protobuf message bytes: one encoding per object version and group-version, kept beside the JSON one', async () => {
  const wire = await import('../negotiation/protobuf-wire.js');
  const entry = new CacheEntry('/registry/autoscaling/horizontalpodautoscalers/n/h', Buffer.from(JSON.stringify(stored)), 4, 9);
  const first = protobufItemEncoder({ def: def('v2') }, wire).of(entry);
  assert.equal(protobufItemEncoder({ def: def('v2') }, wire).of(entry), first, 'lists, gets and watchers share the bytes');
  jsonItemEncoder({ def: def('v2') }).of(entry);
  assert.deepEqual([...entry.cache.keys()], ['protobuf:autoscaling/v2', 'json:autoscaling/v2']);
  assert.deepEqual(first, wire.encodeMessage({ ...stored, metadata: { ...stored.metadata, resourceVersion: '9' } }));
});
