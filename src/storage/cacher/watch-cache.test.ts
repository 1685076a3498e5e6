import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { StorageError, type Rev, type Storage, type WatchSink } from '../interface.js';
import { MemoryStorage } from '../memory/memory-storage.js';
import { openSqliteStorage } from '../sqlite/sqlite-storage.js';
import { openEtcdStorage } from '../etcd/etcd-storage.js';
import { KeyMap } from '../etcd/etcd-keys.js';
import { etcdSkipReason, startEtcd, type EtcdProcess } from '../../testing/etcd.js';
import type { CacheEvent } from './cache-entry.js';
import { WatchCache } from './watch-cache.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (v: Uint8Array): string => Buffer.from(v).toString();

// etcd: one server for the file, a fresh key prefix per test (revisions are counted from the store's start, r0).
const etcdSkip = etcdSkipReason();
let etcd: Promise<EtcdProcess> | undefined;
let etcdTests = 0;
after(async () => (await etcd)?.stop());

type Engine = { name: string; skip?: string; open: () => Promise<{ s: Storage; done: () => Promise<void> }> };
const engines: Engine[] = [
  {
    name: 'memory',
    open: async () => {
      const s = new MemoryStorage();
      return { s, done: () => s.close() };
    },
  },
  {
    name: 'sqlite',
    open: async () => {
      const dir = await mkdtemp(join(tmpdir(), 'kubelite-cacher-'));
      const s = await openSqliteStorage({ path: join(dir, 'db'), synchronous: 'NORMAL' });
      return { s, done: async () => { await s.close(); await rm(dir, { recursive: true, force: true }); } };
    },
  },
  {
    name: 'etcd',
    skip: etcdSkip,
    open: async () => {
      const { url } = await (etcd ??= startEtcd());
      const s = await openEtcdStorage({ endpoints: [url], keys: new KeyMap('/', `/cacher-${++etcdTests}/`), compactionIntervalMs: 0 });
      return { s, done: () => s.close() };
    },
  },
];

async function put(s: Storage, key: string, value: string): Promise<Rev> {
  const cur = (await s.get(key)).kv;
  const r = await s.put(key, enc(value), cur?.modRev ?? 0);
  assert.ok(r.ok);
  return r.kv.modRev;
}

function events(cache: WatchCache, prefix: string, afterRev: Rev, count: number): Promise<CacheEvent[]> {
  return new Promise((resolve, reject) => {
    const got: CacheEvent[] = [];
    if (count === 0) return resolve(got);
    const w = cache.watch(prefix, afterRev, {
      events(b) {
        got.push(...b);
        if (got.length >= count) {
          w.stop();
          resolve(got);
        }
      },
      error: reject,
    });
  });
}

const show = (e: CacheEvent): string => `${e.rev} ${e.type} ${e.entry.key}=${dec(e.entry.value)}@${e.entry.modRev} prev=${e.prev ? e.prev.modRev : '-'}`;

for (const engine of engines) {
  describe(`watch cache over ${engine.name}`, { skip: engine.skip }, () => {
    const withCache = (opts: Parameters<typeof WatchCache.start>[2], fn: (s: Storage, c: WatchCache, r0: Rev) => Promise<void>, seed?: (s: Storage) => Promise<void>) => async () => {
      const { s, done } = await engine.open();
      try {
        const r0 = await s.currentRevision();
        await seed?.(s);
        const c = await WatchCache.start(s, '/r/cm/', opts);
        try {
          await fn(s, c, r0);
        } finally {
          c.stop();
        }
      } finally {
        await done();
      }
    };

    it('starts from the engine contents and is current when a write resolves', withCache({}, async (s, c, r0) => {
      assert.equal(c.size, 2);
      assert.equal(c.currentRev, r0 + 3);
      assert.equal(dec(c.get('/r/cm/a/x')!.value), 'x1');
      assert.equal(c.get('/r/other/o'), undefined);
      const rev = await put(s, '/r/cm/a/x', 'x2');
      assert.equal(c.get('/r/cm/a/x')!.modRev, rev);
      assert.equal(c.currentRev, rev);
      // A write elsewhere still advances the cache (engine progress), so a consistent read needs no wait.
      const other = await put(s, '/r/other/o', 'o2');
      assert.equal(c.currentRev, other);
      const list = await c.list('/r/cm/', { consistent: true });
      assert.equal(list.rev, other);
      assert.deepEqual(list.entries.map((e) => e.key), ['/r/cm/a/x', '/r/cm/b/y']);
      assert.equal(await c.consistentRev(), other);
    }, async (s) => {
      await put(s, '/r/cm/a/x', 'x1');
      await put(s, '/r/other/o', 'o1');
      await put(s, '/r/cm/b/y', 'y1');
    }));

    it('pages and filters lists like the engine', withCache({}, async (s, c, r0) => {
      for (const k of ['e', 'a', 'c', 'b', 'd']) await put(s, `/r/cm/ns1/${k}`, k);
      await put(s, '/r/cm/ns10/z', 'z');
      const p1 = await c.list('/r/cm/ns1/', { limit: 2 });
      assert.deepEqual([p1.entries.map((e) => e.key), p1.more, p1.count, p1.rev], [['/r/cm/ns1/a', '/r/cm/ns1/b'], true, 5, r0 + 6]);
      const p2 = await c.list('/r/cm/ns1/', { limit: 2, startKey: '/r/cm/ns1/b\x00' });
      assert.deepEqual([p2.entries.map((e) => e.key), p2.more, p2.count], [['/r/cm/ns1/c', '/r/cm/ns1/d'], true, 3]);
      const odd = await c.list('/r/cm/', { limit: 2, filter: (e) => 'ace'.includes(dec(e.value)) });
      assert.deepEqual([odd.entries.map((e) => dec(e.value)), odd.more], [['a', 'c'], true]);
      const last = await c.list('/r/cm/', { limit: 2, startKey: '/r/cm/ns1/d', filter: (e) => 'ace'.includes(dec(e.value)) });
      assert.deepEqual([last.entries.map((e) => dec(e.value)), last.more], [['e'], false]);
      assert.throws(() => c.watch('/r/other/', 0, { events() {}, error() {} }), (e: StorageError) => e.code === 'Invalid');
    }));

    it('lists exactly at every older revision in the window and answers TooOld before it', withCache({ historyEvents: 30 }, async (s, c) => {
      const snapshots = new Map<Rev, string[]>();
      const snap = async (): Promise<void> => {
        const l = await c.list('/r/cm/');
        snapshots.set(l.rev, l.entries.map((e) => `${e.key}=${dec(e.value)}@${e.modRev}`));
      };
      await snap();
      for (let i = 0; i < 40; i++) {
        const k = `/r/cm/k${i % 7}`;
        const cur = (await s.get(k)).kv;
        if (cur && i % 3 === 0) await s.delete(k, cur.modRev);
        else await put(s, k, `v${i}`);
        if (i % 4 === 0) await put(s, '/r/other/x', `${i}`);
        await snap();
      }
      let checked = 0;
      for (const [rev, want] of snapshots) {
        if (rev === 0) continue; // RV 0 means "any"; the API layer rejects Exact with it
        if (rev < c.oldestRev) {
          await assert.rejects(c.list('/r/cm/', { rev, exact: true }), (e: StorageError) => e.code === 'TooOld' && e.message === `too old resource version: ${rev} (${c.oldestRev})`);
          continue;
        }
        const got = await c.list('/r/cm/', { rev, exact: true });
        assert.equal(got.rev, rev);
        assert.deepEqual(got.entries.map((e) => `${e.key}=${dec(e.value)}@${e.modRev}`), want, `exact list at ${rev}`);
        assert.equal(got.count, want.length);
        const paged = await c.list('/r/cm/', { rev, exact: true, limit: 2, startKey: '/r/cm/k2' });
        const tail = want.filter((l) => l >= '/r/cm/k2');
        assert.deepEqual(paged.entries.map((e) => `${e.key}=${dec(e.value)}@${e.modRev}`), tail.slice(0, 2));
        assert.deepEqual([paged.more, paged.count], [tail.length > 2, tail.length]);
        checked++;
      }
      assert.ok(checked >= 20, `checked ${checked} revisions`);
    }));

    it('waits for a not-older-than revision, then answers FutureRevision', withCache({ waitTimeoutMs: 150 }, async (s, c) => {
      const target = c.currentRev + 2;
      const pending = c.list('/r/cm/', { rev: target });
      setTimeout(() => void put(s, '/r/cm/a', '1').then(() => put(s, '/r/other/b', '2')), 20);
      const l = await pending;
      assert.equal(l.rev, target);
      assert.equal(l.entries.length, 1);
      const t0 = Date.now();
      await assert.rejects(c.list('/r/cm/', { rev: target + 5 }), (e: StorageError) =>
        e.code === 'FutureRevision' && e.message === `Too large resource version: ${target + 5}, current: ${target}` && e.rev === target);
      assert.ok(Date.now() - t0 >= 140);
    }));

    it('watches from every revision in the window, sharing one entry per version', withCache({}, async (s, c) => {
      const base = c.currentRev;
      await put(s, '/r/cm/a', 'a1');
      await put(s, '/r/cm/a', 'a2');
      await put(s, '/r/other/z', 'z');
      await put(s, '/r/cm/b', 'b1');
      const b = (await s.get('/r/cm/b')).kv!;
      await s.delete('/r/cm/b', b.modRev);
      const all = [
        `${base + 1} put /r/cm/a=a1@${base + 1} prev=-`,
        `${base + 2} put /r/cm/a=a2@${base + 2} prev=${base + 1}`,
        `${base + 4} put /r/cm/b=b1@${base + 4} prev=-`,
        `${base + 5} delete /r/cm/b=b1@${base + 5} prev=${base + 4}`,
      ];
      for (let from = base; from <= base + 5; from++) {
        const want = all.filter((l) => Number(l.split(' ')[0]) > from);
        assert.deepEqual((await events(c, '/r/cm/', from, want.length)).map(show), want, `from ${from}`);
      }
      const one = await events(c, '/r/cm/', base + 1, 1);
      const two = await events(c, '/r/cm/', base + 1, 1);
      assert.equal(one[0]!.entry, two[0]!.entry, 'the same entry object reaches every watcher');
      one[0]!.entry.cache.set('json', Buffer.from('{}'));
      assert.equal(two[0]!.entry.cache.get('json')?.toString(), '{}');
      const [created, updated] = await events(c, '/r/cm/', base, 2);
      assert.equal(updated!.prev, created!.entry, 'an update event carries the previous version itself');
      assert.throws(() => c.watch('/r/cm/', base - 1, { events() {}, error() {} }), (e: StorageError) =>
        e.code === 'TooOld' && e.message === `too old resource version: ${base - 1} (${base})`);
    }, async (s) => {
      await put(s, '/r/cm/seed', 's');
    }));

    it('tracks per-watcher progress for bookmarks', withCache({}, async (s, c) => {
      const got: CacheEvent[] = [];
      const start = c.currentRev;
      const w = c.watch('/r/cm/a/', start, { events: (b) => got.push(...b), error: assert.fail });
      assert.equal(w.progressRev(), start, 'nothing delivered before the replay runs');
      await put(s, '/r/cm/a/1', 'x');
      await put(s, '/r/cm/b/1', 'y');
      const rev = await put(s, '/r/other/1', 'z');
      assert.equal(got.length, 1);
      assert.equal(w.progressRev(), rev);
      w.stop();
    }));

    it('ends watchers when the engine closes', async () => {
      const { s, done } = await engine.open();
      const c = await WatchCache.start(s, '/r/cm/');
      const errors: string[] = [];
      c.watch('/r/cm/', c.currentRev, { events() {}, error: (e) => errors.push(e.code) });
      await new Promise((r) => setImmediate(r));
      await done();
      assert.deepEqual(errors, ['Unavailable']);
      await assert.rejects(c.waitForRev(c.currentRev + 1), (e: StorageError) => e.code === 'Unavailable');
    });
  });
}

describe('watch cache re-initialization', () => {
  it('ends watchers with TooOld and relists when the engine watch fails', async () => {
    const mem = new MemoryStorage();
    let sink: WatchSink | undefined;
    const failing: Storage = Object.assign(Object.create(mem) as Storage, {
      watch: (p: string, o: { afterRev: Rev }, k: WatchSink) => {
        sink = k;
        return mem.watch(p, o, k);
      },
    });
    await put(mem, '/r/cm/a', '1');
    const c = await WatchCache.start(failing, '/r/cm/');
    const errors: StorageError[] = [];
    c.watch('/r/cm/', 1, { events() {}, error: (e) => errors.push(e) });
    const first = sink!;
    await put(mem, '/r/cm/b', '2');
    first.error(new StorageError('TooOld', 'required revision has been compacted'));
    assert.deepEqual(errors.map((e) => [e.code, e.message]), [['TooOld', 'watch cache re-initialized: required revision has been compacted']]);
    await new Promise((r) => setImmediate(r));
    assert.notEqual(sink, first);
    assert.equal(c.oldestRev, 2);
    assert.deepEqual((await c.list('/r/cm/')).entries.map((e) => e.key), ['/r/cm/a', '/r/cm/b']);
    await put(mem, '/r/cm/c', '3');
    assert.equal(c.get('/r/cm/c')?.modRev, 3);
    c.stop();
    await mem.close();
  });
});

describe('watch cache over an engine that reports progress only on request (etcd)', () => {
  it('asks for progress while a consistent read waits', async () => {
    const mem = new MemoryStorage();
    let requests = 0;
    const etcdLike: Storage = Object.assign(Object.create(mem) as Storage, {
      watch: (p: string, o: { afterRev: Rev }, k: WatchSink) => {
        const inner = mem.watch(p, o, { events: (b) => k.events(b), error: (e) => k.error(e) });
        return {
          stop: () => inner.stop(),
          requestProgress: () => {
            requests++;
            setTimeout(() => void mem.currentRevision().then((r) => k.progress?.(r)), 5);
          },
        };
      },
    });
    const c = await WatchCache.start(etcdLike, '/r/cm/', { progressRequestMs: 20 });
    await put(mem, '/r/other/x', '1');
    await put(mem, '/r/other/y', '2');
    assert.equal(c.currentRev, 0, 'a quiet prefix does not move by itself');
    const l = await c.list('/r/cm/', { consistent: true });
    assert.equal(l.rev, 2);
    assert.ok(requests >= 1);
    c.stop();
    await mem.close();
  });
});
