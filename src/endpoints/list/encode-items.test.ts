import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CacheEntry } from '../../storage/cacher/cache-entry.js';
import type { ResourceInfo } from '../../api/resource-info.js';
import { jsonItemEncoder } from './encode-items.js';
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
