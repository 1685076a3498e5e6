// The quota and limit-range accessor: the cache first, a live read when it has nothing, kept 30 s and shared.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../api/object.js';
import { NamespaceLookup } from './namespace-lookup.js';

const quota = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name, namespace: 'ns' } });

function fixture(cached: KubeObject[], live: KubeObject[]) {
  let clock = 1_000;
  const calls = { cached: 0, live: 0 };
  const lookup = new NamespaceLookup({
    cached: async () => (calls.cached++, cached),
    live: async () => (calls.live++, live),
    maxEntries: 2,
    now: () => clock,
  });
  return { lookup, calls, advance: (ms: number) => (clock += ms) };
}

test('what the cache holds is answered without a live read', async () => {
  const f = fixture([quota('q')], []);
  assert.deepEqual((await f.lookup.list('ns')).map((q) => q.metadata?.name), ['q']);
  assert.equal(f.calls.live, 0);
});

test('an empty cache reads live once per 30 s per namespace, and shares the read among concurrent callers', async () => {
  const f = fixture([], [quota('live')]);
  const answers = await Promise.all([f.lookup.list('ns'), f.lookup.list('ns'), f.lookup.list('ns')]);
  assert.equal(f.calls.live, 1);
  for (const a of answers) assert.deepEqual(a.map((q) => q.metadata?.name), ['live']);
  f.advance(29_999);
  await f.lookup.list('ns');
  assert.equal(f.calls.live, 1);
  f.advance(1);
  await f.lookup.list('ns');
  assert.equal(f.calls.live, 2);
  await f.lookup.list('other');
  assert.equal(f.calls.live, 3);
});

test('the live answers kept are bounded, the oldest dropped first', async () => {
  const f = fixture([], []);
  await f.lookup.list('a');
  await f.lookup.list('b');
  await f.lookup.list('c');
  assert.equal(f.calls.live, 3);
  await f.lookup.list('c');
  await f.lookup.list('b');
  assert.equal(f.calls.live, 3);
  await f.lookup.list('a');
  assert.equal(f.calls.live, 4);
});

test('a failed live read is not kept', async () => {
  let fail = true;
  const lookup = new NamespaceLookup({
    cached: async () => [],
    live: async () => {
      if (fail) throw new Error('etcd down');
      return [quota('q')];
    },
  });
  await assert.rejects(lookup.list('ns'), /etcd down/);
  fail = false;
  assert.equal((await lookup.list('ns')).length, 1);
});
