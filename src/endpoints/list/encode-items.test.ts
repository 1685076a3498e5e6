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
  assert.deepEqual(jsonItemEncoder({ def: def('v2') }).of(entry), first, 'another watcher of the same group-version gets the same bytes');
  assert.deepEqual([...entry.spliced!.keys()], ['json:autoscaling/v2'], 'served as stored plus the resourceVersion: no second copy');
  assert.deepEqual(JSON.parse(first.toString()), { ...stored, metadata: { ...stored.metadata, resourceVersion: '9' } });
  const v1 = jsonItemEncoder({ def: def('v1') }).of(entry);
  assert.notEqual(v1, first);
  assert.equal(JSON.parse(v1.toString()).apiVersion, 'autoscaling/v1');
  assert.deepEqual([...entry.cache.keys()], ['json:autoscaling/v1'], 'another group-version is a serialization of its own');
  assert.equal(jsonItemEncoder({ def: def('v1') }).of(entry), v1);
});

test('Protobuf message bytes: one encoding per object version and group-version, kept beside the JSON one', async () => {
  const wire = await import('../negotiation/protobuf-wire.js');
  const entry = new CacheEntry('/registry/autoscaling/horizontalpodautoscalers/n/h', Buffer.from(JSON.stringify(stored)), 4, 9);
  const first = protobufItemEncoder({ def: def('v2') }, wire).of(entry);
  assert.equal(protobufItemEncoder({ def: def('v2') }, wire).of(entry), first, 'lists, gets and watchers share the bytes');
  jsonItemEncoder({ def: def('v2') }).of(entry);
  assert.deepEqual([...entry.cache.keys()], ['protobuf:autoscaling/v2']);
  assert.deepEqual([...entry.spliced!.keys()], ['json:autoscaling/v2']);
  assert.deepEqual(first, wire.encodeMessage({ ...stored, metadata: { ...stored.metadata, resourceVersion: '9' } }));
});

test('JSON spliced from the stored bytes equals the encoding of the object, with resourceVersion inside or last in metadata', () => {
  const cases = [
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'n', uid: 'u', creationTimestamp: '2026-01-01T00:00:00Z', labels: { x: 'y' } }, data: { k: '"resourceVersion":"7",' } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } },
    { metadata: { creationTimestamp: '2026-01-01T00:00:00Z', name: 'a' }, kind: 'ConfigMap', apiVersion: 'v1' },
  ];
  const cm = { group: '', version: 'v1', kind: 'ConfigMap' } as ResourceInfo;
  for (const obj of cases) {
    const entry = new CacheEntry('/registry/configmaps/n/a', Buffer.from(JSON.stringify(obj)), 3, 7);
    const enc = jsonItemEncoder({ def: cm });
    const parts = enc.parts(entry);
    assert.equal(parts.length, 3, JSON.stringify(obj));
    assert.equal(Buffer.concat(parts).toString(), JSON.stringify(objectOf(entry)));
    assert.deepEqual([...entry.cache.keys()], []);
  }
});

test('objects not served exactly as stored keep a serialization of their own', () => {
  // An empty metadata: the member alone, with no comma next to it, is not a splice of the stored bytes.
  const obj = { apiVersion: 'v1', kind: 'ConfigMap', metadata: {} };
  const entry = new CacheEntry('/registry/configmaps/n/a', Buffer.from(JSON.stringify(obj)), 3, 7);
  const enc = jsonItemEncoder({ def: { group: '', version: 'v1', kind: 'ConfigMap' } as ResourceInfo });
  const bytes = enc.of(entry);
  assert.equal(bytes.toString(), '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"resourceVersion":"7"}}');
  assert.equal(entry.spliced, undefined);
  assert.equal(enc.of(entry), bytes);
});

test('a joined list body is the items encoded one by one, spliced and cached ones alike', () => {
  const cm = { group: '', version: 'v1', kind: 'ConfigMap' } as ResourceInfo;
  const entries = [
    new CacheEntry('/k/a', Buffer.from(JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', uid: 'u' }, data: { x: 'é' } })), 2, 2),
    new CacheEntry('/k/b', Buffer.from(JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: {} })), 3, 30),
    new CacheEntry('/k/c', Buffer.from(JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } })), 4, 400),
  ];
  const enc = jsonItemEncoder({ def: cm });
  const body = enc.join('{"items":[', entries, ']}\n').toString();
  assert.equal(body, `{"items":[${entries.map((e) => JSON.stringify(objectOf(e))).join(',')}]}\n`);
  assert.deepEqual(entries.map((e) => [...e.cache.keys()]), [['json:v1'], ['json:v1'], ['json:v1']], 'a listed item keeps its whole serialization');
  assert.equal(enc.join('[', [], ']').toString(), '[]');
});
