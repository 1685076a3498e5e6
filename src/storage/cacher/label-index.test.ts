import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemoryStorage } from '../memory/memory-storage.js';
import type { CacheEntry } from './cache-entry.js';
import { WatchCache } from './watch-cache.js';

const enc = (o: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(o));
let reads = 0;
const read = (e: CacheEntry) => {
  reads++;
  const o = JSON.parse(Buffer.from(e.value).toString()) as { labels?: Record<string, string> };
  return o.labels;
};
const labelOf = (e: CacheEntry, k: string) => (JSON.parse(Buffer.from(e.value).toString()) as { labels?: Record<string, string> }).labels?.[k];

async function fill(n: number) {
  const s = new MemoryStorage();
  for (let i = 0; i < n; i++) await s.put(`/p/ns/o${String(i).padStart(3, '0')}`, enc({ labels: { shard: `s${i % 10}`, all: 'x' } }), 0);
  await s.put('/p/other/o000', enc({ labels: { shard: 's1' } }), 0);
  return { s, cache: await WatchCache.start(s, '/p/') };
}

test('a label-indexed list returns what a scan with the same filter returns, in key order, with paging', async () => {
  const { s, cache } = await fill(100);
  const filter = (e: CacheEntry) => ['s1', 's3'].includes(labelOf(e, 'shard') ?? '');
  const hint = { label: 'shard', values: ['s3', 's1'], read };
  const scan = await cache.list('/p/ns/', { filter });
  const indexed = await cache.list('/p/ns/', { filter, labelIndex: hint });
  assert.equal(indexed.entries.length, 20);
  assert.deepEqual(indexed.entries.map((e) => e.key), scan.entries.map((e) => e.key));
  assert.equal(indexed.count, scan.count);
  const first = await cache.list('/p/ns/', { filter, labelIndex: hint, limit: 15 });
  assert.equal(first.more, true);
  const rest = await cache.list('/p/ns/', { filter, labelIndex: hint, limit: 15, startKey: first.entries.at(-1)!.key + '\u0000' });
  assert.equal(rest.more, false);
  assert.deepEqual([...first.entries, ...rest.entries].map((e) => e.key), scan.entries.map((e) => e.key));
  await s.close();
});

test('the index follows puts and deletes, reading only the changed entries again', async () => {
  const { s, cache } = await fill(50);
  const hint = { label: 'shard', values: ['s2'], read };
  const filter = (e: CacheEntry) => labelOf(e, 'shard') === 's2';
  assert.equal((await cache.list('/p/ns/', { filter, labelIndex: hint })).entries.length, 5);
  reads = 0;
  const cur = (await s.get('/p/ns/o002')).kv!;
  await s.put('/p/ns/o002', enc({ labels: { shard: 's7' } }), cur.modRev);
  await s.put('/p/ns/o003', enc({ labels: { shard: 's2' } }), (await s.get('/p/ns/o003')).kv!.modRev);
  await s.delete('/p/ns/o012', 0);
  await s.put('/p/ns/new', enc({ labels: { shard: 's2' } }), 0);
  const after = await cache.list('/p/ns/', { filter, labelIndex: hint });
  assert.deepEqual(after.entries.map((e) => e.key), ['/p/ns/new', '/p/ns/o003', '/p/ns/o022', '/p/ns/o032', '/p/ns/o042']);
  assert.equal(reads, 3, 'only the three entries written since are read');
  assert.equal(after.rev, cache.currentRev);
  await s.close();
});

test('an entry whose labels cannot be read is always a candidate, so the filter decides about it', async () => {
  const s = new MemoryStorage();
  await s.put('/p/a', enc({ labels: { k: 'v' } }), 0);
  await s.put('/p/bad', new TextEncoder().encode('{not json'), 0);
  await s.put('/p/c', enc({ labels: { k: 'w' } }), 0);
  const cache = await WatchCache.start(s, '/p/');
  const seen: string[] = [];
  const r = await cache.list('/p/', { filter: (e) => (seen.push(e.key), e.key !== '/p/bad' && labelOf(e, 'k') === 'v'), labelIndex: { label: 'k', values: ['v'], read } });
  assert.deepEqual(r.entries.map((e) => e.key), ['/p/a']);
  assert.deepEqual(seen, ['/p/a', '/p/bad']);
  await s.close();
});
