// The one behaviour suite every storage engine runs (memory, SQLite, etcd). Call it from a *.test.ts file
// with a factory that opens a fresh, empty store; capabilities an engine lacks (reopening, commit counting, call
// order of concurrent writes) skip the tests that need them, with the reason printed. Revisions are counted from
// the store's revision when the test starts (r0): 0 for the embedded engines, whatever etcd is at for etcd.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StorageError, type KV, type Rev, type Storage, type StorageEvent } from '../interface.js';

export interface EngineOptions {
  historyEvents?: number;
  historySeconds?: number;
}

export interface EngineHandle {
  storage: Storage;
  /** Closes the store and opens the same data again (persistent engines only). */
  reopen?: () => Promise<Storage>;
  /** Write transactions committed so far (engines with group commit only). */
  commits?: () => number;
  cleanup?: () => Promise<void>;
  /** Set when writes issued together may commit in another order than issued; the text says why. */
  unorderedConcurrentWrites?: string;
  /** The engine keeps older versions (etcd's MVCC): a list at an older, uncompacted revision shows that state. */
  multiVersion?: boolean;
}

export type EngineFactory = (opts?: EngineOptions) => Promise<EngineHandle>;

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (v: Uint8Array | undefined): string | undefined => (v ? Buffer.from(v).toString() : undefined);

async function withEngine(factory: EngineFactory, opts: EngineOptions | undefined, fn: (h: EngineHandle) => Promise<void>): Promise<void> {
  const h = await factory(opts);
  try {
    await fn(h);
  } finally {
    await h.storage.close();
    await h.cleanup?.();
  }
}

async function create(s: Storage, key: string, value: string): Promise<KV> {
  const r = await s.put(key, enc(value), 0);
  assert.ok(r.ok, `create ${key}`);
  return r.kv;
}

/** Collects events under `prefix` after `afterRev` until one at `untilRev` arrives. */
function collect(s: Storage, prefix: string, afterRev: Rev, untilRev: Rev): Promise<StorageEvent[]> {
  return new Promise((resolve, reject) => {
    const got: StorageEvent[] = [];
    if (untilRev <= afterRev) {
      resolve(got);
      return;
    }
    const timer = setTimeout(() => reject(new Error(`watch from ${afterRev} got ${got.length} events, no rev ${untilRev}`)), 2000);
    const w = s.watch(prefix, { afterRev }, {
      events(batch) {
        got.push(...batch);
        if (got[got.length - 1]!.rev >= untilRev) {
          clearTimeout(timer);
          w.stop();
          resolve(got);
        }
      },
      error(err) {
        clearTimeout(timer);
        reject(err);
      },
    });
  });
}

/** One line per event, revisions counted from r0. */
function summary(events: StorageEvent[], r0: Rev): string[] {
  return events.map((e) => `${e.rev - r0} ${e.type} ${e.kv.key}=${dec(e.kv.value)} prev=${e.prev ? `${dec(e.prev.value)}@${e.prev.modRev - r0}` : '-'}`);
}

async function rejectsWith(p: Promise<unknown> | (() => unknown), code: string): Promise<StorageError> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (err) {
    assert.ok(err instanceof StorageError, `expected StorageError, got ${String(err)}`);
    assert.equal(err.code, code);
    return err;
  }
  assert.fail(`expected StorageError ${code}`);
}

/** `skip`: why this engine cannot run here at all (e.g. no etcd binary on a developer's machine). */
export function storageConformance(engine: string, factory: EngineFactory, opts: { skip?: string } = {}): void {
  describe(`storage conformance: ${engine}`, { skip: opts.skip }, () => {
    it('create, CAS update and delete follow etcd Txn semantics', async () => {
      await withEngine(factory, undefined, async ({ storage: s }) => {
        const r0 = await s.currentRevision();
        assert.deepEqual(await s.get('/r/cm/a'), { kv: undefined, rev: r0 });
        const a1 = await create(s, '/r/cm/a', 'v1');
        assert.deepEqual({ ...a1, value: dec(a1.value) }, { key: '/r/cm/a', value: 'v1', createRev: r0 + 1, modRev: r0 + 1 });
        const dup = await s.put('/r/cm/a', enc('other'), 0);
        assert.equal(dup.ok, false);
        assert.equal(!dup.ok && dec(dup.current?.value), 'v1');
        assert.equal(!dup.ok && dup.current?.modRev, r0 + 1);
        await create(s, '/r/cm/b', 'b1');
        const a2 = await s.put('/r/cm/a', enc('v2'), r0 + 1);
        assert.ok(a2.ok);
        assert.deepEqual([a2.kv.createRev, a2.kv.modRev], [r0 + 1, r0 + 3]);
        const stale = await s.put('/r/cm/a', enc('v3'), r0 + 1);
        assert.ok(!stale.ok && stale.current?.modRev === r0 + 3 && dec(stale.current.value) === 'v2');
        const missing = await s.put('/r/cm/none', enc('x'), r0 + 5);
        assert.deepEqual(missing, { ok: false, current: undefined });
        const badDel = await s.delete('/r/cm/a', r0 + 1);
        assert.ok(!badDel.ok && badDel.current?.modRev === r0 + 3);
        const del = await s.delete('/r/cm/a', r0 + 3);
        assert.ok(del.ok);
        assert.equal(del.rev, r0 + 4);
        assert.equal(dec(del.prev.value), 'v2');
        assert.equal(del.prev.modRev, r0 + 3);
        assert.deepEqual(await s.delete('/r/cm/a', 0), { ok: false, current: undefined });
        const got = await s.get('/r/cm/a');
        assert.deepEqual(got, { kv: undefined, rev: r0 + 4 });
        const uncond = await s.delete('/r/cm/b', 0);
        assert.ok(uncond.ok && uncond.rev === r0 + 5);
        // Re-creating a deleted key starts a new life: createRev is the new revision.
        const again = await create(s, '/r/cm/a', 'v4');
        assert.deepEqual([again.createRev, again.modRev], [r0 + 6, r0 + 6]);
        assert.equal(await s.currentRevision(), r0 + 6);
      });
    });

    it('assigns gap-free revisions to writes issued together, and one create of a key wins', async () => {
      await withEngine(factory, undefined, async ({ storage: s }) => {
        const r0 = await s.currentRevision();
        const ps = Array.from({ length: 50 }, (_, i) => s.put(`/r/k/${String(i).padStart(2, '0')}`, enc(`${i}`), 0));
        const rs = await Promise.all(ps);
        const revs = rs.map((r) => (r.ok ? r.kv.modRev : -1));
        assert.deepEqual([...revs].sort((a, b) => a - b), Array.from({ length: 50 }, (_, i) => r0 + i + 1));
        const [x, y] = await Promise.all([s.put('/r/k/dup', enc('first'), 0), s.put('/r/k/dup', enc('second'), 0)]);
        const [won, lost] = x.ok ? [x, y] : [y, x];
        assert.ok(won.ok && won.kv.modRev === r0 + 51);
        assert.ok(!lost.ok && lost.current?.modRev === r0 + 51 && dec(lost.current.value) === dec(won.kv.value));
        assert.equal(await s.currentRevision(), r0 + 51);
      });
    });

    it('assigns revisions in call order to writes issued together', async (t) => {
      await withEngine(factory, undefined, async ({ storage: s, unorderedConcurrentWrites }) => {
        if (unorderedConcurrentWrites) {
          t.skip(unorderedConcurrentWrites);
          return;
        }
        const r0 = await s.currentRevision();
        const ps = Array.from({ length: 50 }, (_, i) => s.put(`/r/k/${String(i).padStart(2, '0')}`, enc(`${i}`), 0));
        const rs = await Promise.all(ps);
        assert.deepEqual(rs.map((r) => (r.ok ? r.kv.modRev : -1)), Array.from({ length: 50 }, (_, i) => r0 + i + 1));
        // Two creates of one key in the same turn: the first wins, the second sees it.
        const [x, y] = await Promise.all([s.put('/r/k/dup', enc('first'), 0), s.put('/r/k/dup', enc('second'), 0)]);
        assert.ok(x.ok && x.kv.modRev === r0 + 51);
        assert.ok(!y.ok && y.current?.modRev === r0 + 51 && dec(y.current.value) === 'first');
      });
    });

    it('loses no update when concurrent writers retry on conflict', async () => {
      await withEngine(factory, undefined, async ({ storage: s }) => {
        const r0 = await s.currentRevision();
        await create(s, '/r/counter', '0');
        let conflicts = 0;
        const writer = async (): Promise<void> => {
          for (let n = 0; n < 15; n++) {
            let cur = (await s.get('/r/counter')).kv!;
            for (;;) {
              const r = await s.put('/r/counter', enc(String(Number(dec(cur.value)) + 1)), cur.modRev);
              if (r.ok) break;
              conflicts++;
              cur = r.current!; // the Else-Get branch: retry without another read
            }
          }
        };
        await Promise.all(Array.from({ length: 8 }, writer));
        const final = (await s.get('/r/counter')).kv!;
        assert.equal(dec(final.value), '120');
        assert.equal(final.modRev, r0 + 121);
        assert.ok(conflicts > 0, 'the writers really raced');
      });
    });

    it('lists a prefix in key order, in pages, with count and more', async () => {
      await withEngine(factory, undefined, async ({ storage: s }) => {
        const r0 = await s.currentRevision();
        for (const k of ['/r/pods/a/x', '/r/pods/ab/y', '/r/pods/a/z', '/r/pods/a/y', '/r/pods/b/w', '/r/podsx/q']) await create(s, k, k);
        const all = await s.list('/r/pods/');
        assert.deepEqual(all.kvs.map((kv) => kv.key), ['/r/pods/a/x', '/r/pods/a/y', '/r/pods/a/z', '/r/pods/ab/y', '/r/pods/b/w']);
        assert.deepEqual([all.rev, all.more, all.count], [r0 + 6, false, 5]);
        const ns = await s.list('/r/pods/a/');
        assert.deepEqual(ns.kvs.map((kv) => kv.key), ['/r/pods/a/x', '/r/pods/a/y', '/r/pods/a/z']);
        const p1 = await s.list('/r/pods/', { limit: 2 });
        assert.deepEqual(p1.kvs.map((kv) => kv.key), ['/r/pods/a/x', '/r/pods/a/y']);
        assert.deepEqual([p1.more, p1.count], [true, 5]);
        const p2 = await s.list('/r/pods/', { limit: 2, startKey: '/r/pods/a/y\x00' });
        assert.deepEqual(p2.kvs.map((kv) => kv.key), ['/r/pods/a/z', '/r/pods/ab/y']);
        assert.deepEqual([p2.more, p2.count], [true, 3]);
        const p3 = await s.list('/r/pods/', { limit: 2, startKey: '/r/pods/ab/y\x00' });
        assert.deepEqual([p3.kvs.map((kv) => kv.key), p3.more, p3.count], [['/r/pods/b/w'], false, 1]);
        assert.deepEqual((await s.list('/r/none/')).kvs, []);
        assert.deepEqual((await s.list('/r/pods/', { rev: r0 + 6 })).kvs.length, 5);
        await rejectsWith(s.list('/r/pods/', { rev: r0 + 7 }), 'FutureRevision');
      });
    });

    it('pages across concurrent writes without skipping or repeating a key', async () => {
      await withEngine(factory, undefined, async ({ storage: s, multiVersion }) => {
        const r0 = await s.currentRevision();
        const stable = Array.from({ length: 60 }, (_, i) => `/r/cm/s${String(i).padStart(3, '0')}`);
        await Promise.all(stable.map((k) => s.put(k, enc('x'), 0)));
        const seen: string[] = [];
        let startKey: string | undefined;
        let i = 0;
        for (;;) {
          const p = await s.list('/r/cm/', { limit: 7, startKey });
          seen.push(...p.kvs.map((kv) => kv.key));
          // Writers act between pages: new keys before and after the cursor, deletes and updates of others.
          await Promise.all([
            s.put(`/r/cm/n${String(i).padStart(3, '0')}`, enc('new'), 0),
            s.put(`/r/cm/a${i}`, enc('new'), 0),
            s.put(stable[(i * 7 + 3) % 60]!, enc('upd'), (await s.get(stable[(i * 7 + 3) % 60]!)).kv!.modRev),
          ]);
          i++;
          if (!p.more) break;
          startKey = p.kvs[p.kvs.length - 1]!.key + '\x00';
        }
        assert.deepEqual([...seen].sort(), seen, 'pages are in key order');
        assert.equal(new Set(seen).size, seen.length, 'no key twice');
        for (const k of stable) assert.ok(seen.includes(k), `${k} listed`);
        if (multiVersion) {
          // A multi-version store lists an older revision as it was: after the first create, one key.
          const old = await s.list('/r/cm/', { rev: r0 + 1 });
          assert.deepEqual([old.rev, old.kvs.length, old.kvs[0]!.modRev], [r0 + 1, 1, r0 + 1]);
          await s.compact(r0 + 2);
          await rejectsWith(s.list('/r/cm/', { rev: r0 + 1 }), 'TooOld');
        } else {
          // An older revision cannot be listed by an engine that keeps only the current state.
          await rejectsWith(s.list('/r/cm/', { rev: r0 + 1 }), 'TooOld');
        }
      });
    });

    it('delivers every event after any revision in the window, in order, with previous values', async () => {
      await withEngine(factory, undefined, async ({ storage: s }) => {
        const r0 = await s.currentRevision();
        const a = await create(s, '/r/cm/a', 'a1'); // 1
        await create(s, '/r/cm/b', 'b1'); // 2
        await s.put('/r/cm/a', enc('a2'), a.modRev); // 3
        await create(s, '/r/other/x', 'x1'); // 4
        await s.delete('/r/cm/b', 0); // 5
        await create(s, '/r/cm/c', 'c1'); // 6
        const expected = [
          '1 put /r/cm/a=a1 prev=-',
          '2 put /r/cm/b=b1 prev=-',
          '3 put /r/cm/a=a2 prev=a1@1',
          '5 delete /r/cm/b=b1 prev=b1@2',
          '6 put /r/cm/c=c1 prev=-',
        ];
        for (let from = s.compactedRevision(); from <= r0 + 6; from++) {
          const evs = await collect(s, '/r/cm/', from, r0 + 6);
          assert.deepEqual(summary(evs, r0), expected.filter((l) => Number(l.split(' ')[0]) > from - r0), `watch after ${from}`);
        }
        const del = (await collect(s, '/r/cm/', r0 + 4, r0 + 5))[0]!;
        assert.deepEqual([del.type, del.rev, del.kv.modRev, del.kv.createRev, del.prev?.modRev], ['delete', r0 + 5, r0 + 5, r0 + 2, r0 + 2]);
      });
    });

    it('streams live events synchronously after the replay and reports progress for other prefixes', async () => {
      await withEngine(factory, undefined, async ({ storage: s }) => {
        const r0 = await s.currentRevision();
        await create(s, '/r/cm/a', 'a1');
        const got: string[] = [];
        const progress: Rev[] = [];
        const w = s.watch('/r/cm/', { afterRev: r0 }, {
          events: (b) => got.push(...b.map((e) => `${e.rev - r0}:${e.kv.key}`)),
          error: (e) => assert.fail(e),
          progress: (r) => progress.push(r),
        });
        const b = await create(s, '/r/cm/b', 'b1'); // queued behind the replay
        assert.deepEqual(got, ['1:/r/cm/a', '2:/r/cm/b']);
        await create(s, '/r/other/o', 'o');
        assert.deepEqual(got, ['1:/r/cm/a', '2:/r/cm/b'], 'other prefixes are filtered out');
        assert.equal(progress[progress.length - 1], r0 + 3, 'progress carries the global revision');
        await s.put('/r/cm/b', enc('b2'), b.modRev);
        assert.deepEqual(got.slice(2), ['4:/r/cm/b'], 'delivered before the write resolved');
        w.stop();
        await create(s, '/r/cm/c', 'c1');
        assert.equal(got.length, 3, 'no events after stop');
      });
    });

    it('answers TooOld for watches before the compacted revision', async () => {
      await withEngine(factory, undefined, async ({ storage: s }) => {
        const r0 = await s.currentRevision();
        for (let i = 0; i < 10; i++) await create(s, `/r/cm/${i}`, `${i}`);
        assert.equal(s.compactedRevision(), r0);
        await s.compact(r0 + 6);
        assert.equal(s.compactedRevision(), r0 + 6);
        const err = await rejectsWith(() => s.watch('/r/cm/', { afterRev: r0 + 5 }, { events() {}, error() {} }), 'TooOld');
        assert.equal(err.rev, r0 + 6);
        const evs = await collect(s, '/r/cm/', r0 + 6, r0 + 10);
        assert.deepEqual(evs.map((e) => e.rev - r0), [7, 8, 9, 10]);
        await rejectsWith(s.compact(r0 + 11), 'FutureRevision');
      });
    });

    it('bounds the history by event count', async () => {
      await withEngine(factory, { historyEvents: 5 }, async ({ storage: s }) => {
        const r0 = await s.currentRevision();
        for (let i = 0; i < 12; i++) await create(s, `/r/cm/${i}`, `${i}`);
        assert.equal(s.compactedRevision(), r0 + 7);
        await rejectsWith(() => s.watch('/r/cm/', { afterRev: r0 + 6 }, { events() {}, error() {} }), 'TooOld');
        assert.deepEqual((await collect(s, '/r/', r0 + 7, r0 + 12)).map((e) => e.rev - r0), [8, 9, 10, 11, 12]);
      });
    });

    it('ends watchers and refuses work after close', async () => {
      const h = await factory();
      const s = h.storage;
      const a = await create(s, '/r/cm/a', 'a');
      const errors: string[] = [];
      s.watch('/r/', { afterRev: a.modRev }, { events() {}, error: (e) => errors.push(e.code) });
      await new Promise((r) => setImmediate(r));
      const pending = s.put('/r/cm/b', enc('b'), 0); // queued before close: still committed
      await s.close();
      assert.ok((await pending).ok);
      assert.deepEqual(errors, ['Unavailable']);
      await rejectsWith(s.get('/r/cm/a'), 'Unavailable');
      await rejectsWith(s.put('/r/cm/c', enc('c'), 0), 'Unavailable');
      await rejectsWith(s.health(), 'Unavailable');
      await h.cleanup?.();
    });

    it('keeps every acknowledged write across a restart and never moves the revision backwards', async (t) => {
      const h = await factory();
      if (!h.reopen) {
        t.skip(`${engine} keeps nothing across restarts`);
        await h.storage.close();
        return;
      }
      let s = h.storage;
      try {
        const r0 = await s.currentRevision();
        const a = await create(s, '/r/cm/a', 'a1');
        await s.put('/r/cm/a', enc('a2'), a.modRev);
        await create(s, '/r/cm/b', 'b1');
        await create(s, '/r/cm/z', 'newest');
        await s.delete('/r/cm/z', 0); // the newest key is gone: max(mod_rev) would say 4, the counter says 5
        s = await h.reopen();
        assert.equal(await s.currentRevision(), r0 + 5);
        const list = await s.list('/r/cm/');
        assert.deepEqual(list.kvs.map((kv) => `${kv.key}=${dec(kv.value)}@${kv.createRev - r0}/${kv.modRev - r0}`), ['/r/cm/a=a2@1/2', '/r/cm/b=b1@3/3']);
        // History does not survive a restart: older watches get TooOld, as kube after its own restart.
        assert.equal(s.compactedRevision(), r0 + 5);
        await rejectsWith(() => s.watch('/r/', { afterRev: r0 + 4 }, { events() {}, error() {} }), 'TooOld');
        const c = await create(s, '/r/cm/c', 'c1');
        assert.equal(c.modRev, r0 + 6);
      } finally {
        await s.close();
        await h.cleanup?.();
      }
    });

    it('commits all writes of one event-loop turn in one transaction', async (t) => {
      const h = await factory();
      try {
        if (!h.commits) {
          t.skip(`${engine} has no transactions to count`);
          return;
        }
        const s = h.storage;
        const before = h.commits();
        const rs = await Promise.all(Array.from({ length: 200 }, (_, i) => s.put(`/r/gc/${i}`, enc('x'), 0)));
        assert.ok(rs.every((r) => r.ok));
        assert.equal(h.commits() - before, 1);
        await Promise.all([s.put('/r/gc/1', enc('y'), 2), s.delete('/r/gc/2', 0), s.put('/r/gc/3', enc('stale'), 1)]);
        assert.equal(h.commits() - before, 2);
        assert.equal(await s.currentRevision(), 202);
      } finally {
        await h.storage.close();
        await h.cleanup?.();
      }
    });
  });
}
